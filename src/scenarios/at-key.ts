import { SsaError } from '../errors/ssa-error.js';

/**
 * Runs READ (a scenario reading a file it names) and says, on failure, which key of the scenario
 * named the file (`schema.file: cannot read ...`); the error keeps its position.
 */
export function atKey<T>(key: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    throw new SsaError(err.code, `${key}: ${err.message}`, { ...(err.source ? { source: err.source } : {}), ...(err.path !== undefined ? { path: err.path } : {}), cause: err });
  }
}
