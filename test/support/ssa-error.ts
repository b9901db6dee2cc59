import { expect } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';

/** The SsaError `fn` throws (anything else thrown fails the test, as does nothing). */
export function errorOf(fn: () => unknown): SsaError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SsaError);
    return e as SsaError;
  }
  throw new Error('expected an error');
}
