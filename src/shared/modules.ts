import { z } from 'zod';
import { ACCESS_ROLES } from './roles';
import { csvText } from './text';

/** Messages every module shares (docs/modules.md). */
export const MODULE_MESSAGES = {
  noAccess: "You don't have access to this product.",
  memberRequired: 'You need Member or App Admin access to change records here.',
  appAdminRequired: 'Only an App Admin can do this.',
  entityNotFound: 'Entity not found',
  staleVersion: 'Someone else changed this record. Reload it and try again.',
  importTooManyRows: 'An import can hold at most 1000 rows.',
  importEmpty: 'The file has no rows to import.',
  importBadHeader: 'The first row must name the columns:',
  invalidText: 'Text cannot contain control characters.',
} as const;

/** `?entityId=`: one entity, or absent for all the caller's entities ("All entities"). */
export const entityFilter = z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }).optional() });

/** The module context: the caller's entities for the product with their role (the entity switcher). */
export const moduleContext = z.object({
  /** `currency`: of the entity's country (ISO 4217), for a module's amounts. */
  entities: z.array(z.object({ id: z.uuid(), name: z.string(), role: z.enum(ACCESS_ROLES), currency: z.string() })),
});
export type ModuleContext = z.infer<typeof moduleContext>;

/** The answer of a CSV import: how many rows went in, and why each other row did not. */
export const importReport = z.object({
  created: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type ImportReport = z.infer<typeof importReport>;

export const importInput = z
  .object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }), csv: csvText({ max: 2_000_000, invalid: MODULE_MESSAGES.invalidText }) })
  .strict();

/** `version` sent back on an update: the server refuses it (409) when the record changed since. */
export const versionField = z.number({ error: 'version is required' }).int().min(1);

/** A real calendar day as YYYY-MM-DD (2026-02-31 is not one). */
export const isIsoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && d.getUTCFullYear() >= 1900 && d.getUTCFullYear() <= 2200;
};

/** A date field: the YYYY-MM-DD pattern (in the API reference), then a real calendar day. */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isIsoDate, message);

/** Module text rules, each with the module's messages: see src/shared/text.ts. */
export const moduleTextRules = (max: number) => ({ max, maxMessage: `At most ${max} characters.`, invalid: MODULE_MESSAGES.invalidText });
