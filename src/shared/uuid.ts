/**
 * The shape of a UUID (8-4-4-4-12 hex digits), in either letter case: what may name a row. Not
 * z.uuid(), which also checks the version and variant digits; ids arrive lowercased where they are
 * parsed (text.ts, `uuid` and `pathId`), and PostgreSQL reads either case.
 *
 * Its own module, without zod: the web app's router checks path ids with it, and zod in the
 * first-load bundle would cost every page (/login's budget is 120 KB).
 */
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID_SHAPE.test(value);
