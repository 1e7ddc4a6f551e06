import { z } from 'zod';

/**
 * The shared rules for what a client may write (issue 17, findings 3, 6, 8, 14, 15). Every schema
 * in src/shared builds its strings and ids from these, so every route inherits them:
 *
 * - text fields reject control characters (Unicode Cc: NUL, escape, DEL, C1 controls); a NUL
 *   reaching PostgreSQL is a 500, and none of them belongs in a name or an email;
 * - multi-line fields (the ones a form shows as a text box: descriptions, notes, comments) take
 *   line breaks and tabs as well, and nothing else of those (`multilineText`);
 * - names are normalised to NFKC and also reject format characters (Cf: bidi overrides such as
 *   U+202E, zero-width spaces and joiners, the BOM), so "RaceOrg\u200b" cannot sit beside
 *   "RaceOrg", "\u200b\u200b" cannot pass a length rule, and "\u202egnp.exe" cannot render
 *   reversed; the database's uniqueness constraints see the normalised text;
 * - ids are lowercased where they are parsed, so one id has one spelling in the whole server.
 *
 * The rules are regexes (not refinements) so they appear as `pattern` in /api/openapi.json, where
 * a test checks that every string a route accepts carries one.
 */
export const TEXT_MESSAGES = {
  controlCharacters: 'This text holds a hidden character that cannot be saved (often one pasted from another program). Remove it and try again.',
  invalidCharacters: 'This text holds a hidden or invisible formatting character (often one pasted from another program). Retype it and try again.',
} as const;

/**
 * No Unicode control character (Cc) anywhere, and no lone surrogate (Cs): JSON can carry "\ud800",
 * which is not text at all and which no database encoding can store (it once answered 500).
 */
export const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Cs}]*$/u;
/** As above, and no format character (Cf: bidi controls, zero-width characters, BOM). */
export const NO_CONTROL_OR_FORMAT_CHARACTERS = /^[^\p{Cc}\p{Cf}\p{Cs}]*$/u;

export const hasControlCharacters = (value: string) => !NO_CONTROL_CHARACTERS.test(value);

export interface TextRules {
  /** Message when missing, not a string, or empty after trimming. */
  required: string;
  max: number;
  maxMessage?: string;
  /** Minimum length after trimming (beyond 1), with its message. */
  min?: { length: number; message: string };
  /** Message for a control or format character; defaults to TEXT_MESSAGES. */
  invalid?: string;
}

/**
 * A required name (of a person, company, organization, entity): NFKC-normalised, trimmed, no
 * control or format characters, then the length rules. The character rule comes before the
 * minimum length so "\u200b\u200b" is told what is wrong with it.
 */
export function nameText(rules: TextRules) {
  let schema = z
    .string({ error: rules.required })
    .overwrite((v) => v.normalize('NFKC'))
    .trim()
    .min(1, rules.required)
    .regex(NO_CONTROL_OR_FORMAT_CHARACTERS, rules.invalid ?? TEXT_MESSAGES.invalidCharacters);
  if (rules.min) schema = schema.min(rules.min.length, rules.min.message);
  return schema.max(rules.max, rules.maxMessage);
}

/** Any other required free text (an email before its own checks): trimmed, no control characters. */
export function plainText(rules: Omit<TextRules, 'min'>) {
  return z
    .string({ error: rules.required })
    .trim()
    .min(1, rules.required)
    .regex(NO_CONTROL_CHARACTERS, rules.invalid ?? TEXT_MESSAGES.controlCharacters)
    .max(rules.max, rules.maxMessage);
}

export interface OptionalTextRules {
  max: number;
  maxMessage?: string;
  /** Message for a control (or, for names, format) character; defaults to TEXT_MESSAGES. */
  invalid?: string;
}

/**
 * An optional name-like text (a job title, a department): the rules of `nameText`, but it may be
 * empty after trimming.
 */
export function optionalNameText(rules: OptionalTextRules) {
  return z
    .string()
    .overwrite((v) => v.normalize('NFKC'))
    .trim()
    .regex(NO_CONTROL_OR_FORMAT_CHARACTERS, rules.invalid ?? TEXT_MESSAGES.invalidCharacters)
    .max(rules.max, rules.maxMessage);
}

/** Optional free text (a search, a reason, a comment): the rules of `plainText`, but it may be empty. */
export function optionalPlainText(rules: OptionalTextRules) {
  return z
    .string()
    .trim()
    .regex(NO_CONTROL_CHARACTERS, rules.invalid ?? TEXT_MESSAGES.controlCharacters)
    .max(rules.max, rules.maxMessage);
}

/** No control character but a line feed or a tab (multi-line text once its line breaks are "\n"). */
export const NO_CONTROL_CHARACTERS_EXCEPT_LF_AND_TAB = /^(?:[^\p{Cc}\p{Cs}]|[\t\n])*$/u;

/**
 * Multi-line free text, what a form shows as a text box (a job description, interview notes, an
 * activity note, a comment): the rules of `optionalPlainText`, but line breaks and tabs are the
 * writer's. "\r\n" (Windows, text pasted from some programs) is kept as "\n", so a text has one
 * spelling whatever sent it; a lone "\r" and every other control character are still refused.
 * With `required`, it must not be empty after trimming.
 */
export function multilineText(rules: OptionalTextRules & { required?: string }) {
  const text = z
    .string(rules.required ? { error: rules.required } : undefined)
    .overwrite((v) => v.replace(/\r\n/g, '\n'))
    .trim();
  return (rules.required ? text.min(1, rules.required) : text)
    .regex(NO_CONTROL_CHARACTERS_EXCEPT_LF_AND_TAB, rules.invalid ?? TEXT_MESSAGES.controlCharacters)
    .max(rules.max, rules.maxMessage);
}

/**
 * The text of an uploaded CSV file: tabs and line breaks (LF, CR) are its structure, every other
 * control character is refused. Each cell is then checked by the rules of its own field.
 */
export const NO_CONTROL_CHARACTERS_EXCEPT_LINES = /^(?:[^\p{Cc}\p{Cs}]|[\t\n\r])*$/u;
export const csvText = (rules: { max: number; maxMessage?: string; invalid?: string }) =>
  z
    .string()
    .max(rules.max, rules.maxMessage)
    .regex(NO_CONTROL_CHARACTERS_EXCEPT_LINES, rules.invalid ?? TEXT_MESSAGES.controlCharacters);

/**
 * A new password: not trimmed (spaces inside a password are the user's), but not blank, and no
 * control characters (nobody can type them; a NUL would end the string in some hashers).
 */
export function newPassword(rules: { required: string; blank: string; max: number; min?: { length: number; message: string } }) {
  const schema = z
    .string({ error: rules.required })
    .min(1, rules.required)
    .refine((v) => v.trim().length > 0, rules.blank)
    .regex(NO_CONTROL_CHARACTERS, TEXT_MESSAGES.controlCharacters);
  return (rules.min ? schema.min(rules.min.length, rules.min.message) : schema).max(rules.max);
}

/**
 * An id in a body: a UUID in either letter case, lowercased here, so comparisons, sets and the
 * database's keys all see one spelling (the same UUID in two cases was a 500; an upper-case own
 * id slipped past the delete-yourself check).
 */
export const uuid = (message?: string) => z.uuid(message === undefined ? undefined : { error: message }).toLowerCase();

/**
 * `:id` in a path, lowercased where it is parsed. Anything that is not a UUID cannot name a row:
 * the handler answers 404 for it (see `isUuid`), like an id of another company.
 */
export const pathId = z.string().max(100).toLowerCase();

/** True for a UUID: what `pathId` produced can name a row (shared/uuid.ts). */
export { isUuid } from './uuid';
