import { SsaError } from '../errors/ssa-error.js';

/** Placeholder body of an actor whose implementation has not landed yet. */
export function notYet(name: string, _state: unknown, _options: unknown): never {
  throw new SsaError('INVALID_REQUEST', `actor ${name} is not implemented yet`);
}
