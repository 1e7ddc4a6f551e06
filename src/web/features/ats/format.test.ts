import { describe, expect, it } from 'vitest';
import { formatDuration } from './format';

describe('formatDuration', () => {
  it('reads whole hours and the minutes left over', () => {
    expect([15, 45, 60, 90, 120, 180].map(formatDuration)).toEqual(['15 min', '45 min', '1 h', '1 h 30 min', '2 h', '3 h']);
  });
});
