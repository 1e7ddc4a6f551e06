import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './sql';

describe('arrayLiteral', () => {
  it('quotes every element, so separators, quotes, backslashes and NULL stay inside their value', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f'])).toBe('{"3f2b8c1e-6a0d-4e7b-9c55-0a1b2c3d4e5f"}');
    expect(arrayLiteral(['a,b', '{c}', 'say "hi"', 'back\\slash', 'NULL', ' x '])).toBe(
      String.raw`{"a,b","{c}","say \"hi\"","back\\slash","NULL"," x "}`,
    );
  });
});
