import { z } from 'zod';
import { ACCESS_ROLES } from './roles';
import { csvText, TEXT_MESSAGES } from './text';

/** The largest version: the columns are PostgreSQL `integer` (a larger number in a query was a 500). */
export const MAX_VERSION = 2_147_483_647;

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
  /** The shared sentence (src/shared/text.ts): a module's text fields refuse what every field refuses. */
  invalidText: TEXT_MESSAGES.controlCharacters,
  versionRequired: 'version is required',
  versionInvalid: `version must be a whole number from 1 to ${MAX_VERSION}`,
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

/**
 * `version` sent back on an update: the server refuses it (409) when the record changed since. A
 * version is a whole number from 1 to MAX_VERSION; anything else answers 400 in words, whatever
 * the check it fails (0, -1, 1.5, 1e20, 2147483648, "1").
 */
export const versionField = z
  .number({ error: (issue) => (issue.input === undefined ? MODULE_MESSAGES.versionRequired : MODULE_MESSAGES.versionInvalid) })
  .int(MODULE_MESSAGES.versionInvalid)
  .min(1, MODULE_MESSAGES.versionInvalid)
  .max(MAX_VERSION, MODULE_MESSAGES.versionInvalid);

/** The shared date rules (src/shared/dates.ts), where the module schemas have always found them. */
export { isIsoDate, isoDate } from './dates';

/** Module text rules, each with the module's messages: see src/shared/text.ts. */
export const moduleTextRules = (max: number) => ({ max, maxMessage: `At most ${max} characters.`, invalid: MODULE_MESSAGES.invalidText });
