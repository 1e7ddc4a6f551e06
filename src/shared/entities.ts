import { z } from 'zod';
import { country } from './countries';
import { page } from './pagination';
import { nameText, plainText, uuid } from './text';

export const ENTITY_MESSAGES = {
  createRequired: 'All fields are required, including at least one product.',
  updateRequired: 'All fields are required.',
  duplicateOnCreate: 'An entity with this name already exists in the selected organization.',
  duplicateOnUpdate: 'An entity with this name already exists in this organization.',
  created: 'Entity created successfully with product access.',
  updated: 'Entity updated successfully.',
  createFailed: 'Failed to create entity. Please try again.',
  updateFailed: 'Failed to update entity. Please try again.',
  loadFailed: 'Failed to load entities. Please try again.',
  productsLoadFailed: 'Failed to load products. Please try again.',
  noProducts: 'No products available for this company',
  productNotHeld: 'Each product must be one your company holds.',
  organizationNotFound: 'Organization not found',
  notFound: 'Entity not found',
  deniedPage: "You don't have permission to access entity management.",
} as const;

const requiredName = (message: string) => nameText({ required: message, max: 200, maxMessage: message });
const requiredText = (message: string) => plainText({ required: message, max: 200, maxMessage: message });

export const entityCreateInput = z
  .object({
    name: requiredName(ENTITY_MESSAGES.createRequired),
    organizationId: uuid(ENTITY_MESSAGES.createRequired),
    country: requiredText(ENTITY_MESSAGES.createRequired).pipe(country),
    productIds: z
      .array(uuid(ENTITY_MESSAGES.createRequired), { error: ENTITY_MESSAGES.createRequired })
      .min(1, ENTITY_MESSAGES.createRequired)
      .max(20),
  })
  .strict()
  .meta({
    id: 'EntityCreateInput',
    examples: [{ name: 'Northwind GmbH', organizationId: '3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f', country: 'Germany', productIds: ['c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e'] }],
  });
export type EntityCreateInput = z.infer<typeof entityCreateInput>;

export const entityUpdateInput = z
  .object({
    name: requiredName(ENTITY_MESSAGES.updateRequired),
    country: requiredText(ENTITY_MESSAGES.updateRequired).pipe(country),
    /**
     * The products the entity holds from now on (omitted: unchanged). At least one, as when it
     * was created; a product left out ends every user's access to it at this entity.
     */
    productIds: z
      .array(uuid(ENTITY_MESSAGES.createRequired), { error: ENTITY_MESSAGES.createRequired })
      .min(1, ENTITY_MESSAGES.createRequired)
      .max(20)
      .optional(),
  })
  .strict()
  .meta({
    id: 'EntityUpdateInput',
    examples: [{ name: 'Northwind GmbH', country: 'Germany', productIds: ['c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e'] }],
  });
export type EntityUpdateInput = z.infer<typeof entityUpdateInput>;

export const entity = z.object({
  id: z.uuid(),
  name: z.string(),
  organizationId: z.uuid(),
  /** null shows as "Unknown" (spec §2). */
  organizationName: z.string().nullable(),
  country: z.string(),
  /** The products the entity holds. */
  productIds: z.array(z.uuid()),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
}).meta({
  id: 'Entity',
  examples: [
    {
      id: '9d4e2a7c-1b3f-4c8d-8e6a-5f4b3c2d1e0a',
      name: 'Northwind GmbH',
      organizationId: '3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f',
      organizationName: 'Northwind Europe',
      country: 'Germany',
      productIds: ['c7a1e5b9-2d4f-4a6c-b8e0-1f3d5b7a9c2e'],
      createdAt: '2026-11-23T09:30:00.000Z',
      updatedAt: '2026-11-23T09:30:00.000Z',
    },
  ],
});
export type Entity = z.infer<typeof entity>;

export const entityPage = page(entity);

/** For the user wizard: every entity of the company with the products it holds, by name. */
export const entityOption = z.object({
  id: z.uuid(),
  name: z.string(),
  organizationName: z.string().nullable(),
  productIds: z.array(z.uuid()),
});
export type EntityOption = z.infer<typeof entityOption>;
export const entityOptions = z.object({ items: z.array(entityOption) });
