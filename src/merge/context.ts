import type { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';

/**
 * What the updater needs besides the objects: the root type, and the fields the caller keeps
 * out of ownership tracking per API version (the API server's reset fields, for example).
 * Objects at different API versions are converted by identity: one type serves every version.
 */
export interface EngineContext {
  readonly atom: Atom;
  readonly ignoredFields?: ReadonlyMap<string, FieldSet>;
}

/** `set` without what `ctx` ignores at `apiVersion` (whole subtrees go). */
export function withoutIgnored(ctx: EngineContext, apiVersion: string, set: FieldSet): FieldSet {
  const ignored = ctx.ignoredFields?.get(apiVersion);
  return ignored ? set.recursiveDifference(ignored) : set;
}
