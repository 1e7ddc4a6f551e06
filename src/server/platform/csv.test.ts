import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '@/shared/errors';
import { rowRefusal } from './csv';

const columns = { title: 'Title', count: 'Count' };
const refusal = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  const error = rowRefusal(parsed.error, columns);
  return { status: error.status, message: error.message };
};

describe('an import row refused by its schema', () => {
  it("names the file's column and keeps the schema's own sentence", () => {
    expect(refusal(z.object({ title: z.string().min(1, 'Title is required') }), { title: '' })).toEqual({ status: 400, message: 'Title: Title is required' });
  });

  it("says what is wrong in words where the schema has no sentence, never zod's wording", () => {
    expect(refusal(z.object({ title: z.string().max(3) }), { title: 'Longer' }).message).toBe(`Title: ${VALIDATION_MESSAGES.tooLong(3)}`);
    expect(refusal(z.object({ count: z.number().int() }), { count: 'many' }).message).toBe(`Count: ${VALIDATION_MESSAGES.invalid}`);
  });

  it('says "Row" for a rule about the row', () => {
    const schema = z.object({ title: z.string() }).refine(() => false, 'Choose one or the other.');
    expect(refusal(schema, { title: 'x' }).message).toBe('Row: Choose one or the other.');
  });
});
