import { describe, expect, it } from 'vitest';
import { nested, scalarText } from '../../fuzz/mutate-value.js';

describe("the fuzzer's own mutations", () => {
  it('turn a container nested 100,000 levels deep into a scalar without recursing', () => {
    // String() of a deep list recursed through Array.prototype.join and overflowed the stack of
    // a fuzz worker (seed 24, case 37325): the harness died, not the command under test.
    expect(scalarText(nested(100_000, true))).toBe('[list]');
    expect(scalarText(nested(100_000, false))).toBe('[map]');
    expect(scalarText(12)).toBe('12');
    expect(scalarText(null)).toBe('null');
  });
});
