import { z } from 'zod';
import { page } from './pagination';
import { nameText } from './text';

export const ORGANIZATION_MESSAGES = {
  nameRequired: 'Organization name is required',
  nameTooShort: 'Organization name must be at least 2 characters',
  duplicate: 'An organization with this name already exists.',
  created: 'Organization created successfully.',
  updated: 'Organization updated successfully.',
  createFailed: 'Failed to create organization. Please try again.',
  updateFailed: 'Failed to update organization. Please try again.',
  loadFailed: 'Failed to load organizations. Please try again.',
  notFound: 'Organization not found',
  deniedPage: "You don't have permission to access organization management.",
} as const;

export const MIN_ORGANIZATION_NAME_LENGTH = 2;

/** Trimmed; required; at least 2 characters (spec §5). Uniqueness is the server's (exact, per company). */
export const organizationName = nameText({
  required: ORGANIZATION_MESSAGES.nameRequired,
  min: { length: MIN_ORGANIZATION_NAME_LENGTH, message: ORGANIZATION_MESSAGES.nameTooShort },
  max: 200,
  maxMessage: 'Organization name must be at most 200 characters',
});

export const organizationInput = z
  .object({ name: organizationName })
  .strict()
  .meta({ id: 'OrganizationInput', examples: [{ name: 'Northwind Europe' }] });
export type OrganizationInput = z.infer<typeof organizationInput>;

export const organization = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
}).meta({
  id: 'Organization',
  examples: [{ id: '3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f', name: 'Northwind Europe', createdAt: '2026-11-23T09:30:00.000Z', updatedAt: '2026-11-23T09:30:00.000Z' }],
});
export type Organization = z.infer<typeof organization>;

export const organizationPage = page(organization);

/** For selects: every organization of the company, by name. */
export const organizationOption = z.object({ id: z.uuid(), name: z.string() });
export type OrganizationOption = z.infer<typeof organizationOption>;
export const organizationOptions = z.object({ items: z.array(organizationOption) });
