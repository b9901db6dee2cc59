import type { FieldSet } from '../fieldpath/set.js';
import type { Atom } from '../schema/schema.js';
import type { Value } from '../value/value.js';

/**
 * What the updater needs besides the objects: the root type, and the fields the caller keeps
 * out of ownership tracking per API version (the API server's reset fields, for example).
 * Without `versions`, objects at different API versions are converted by identity: one type
 * serves every version.
 */
export interface EngineContext {
  readonly atom: Atom;
  readonly ignoredFields?: ReadonlyMap<string, FieldSet>;
  readonly versions?: VersionConverter;
}

/**
 * The other API versions of the object (engine-semantics §5.6): each manager's set lives at its
 * own version, and the updater converts objects (never sets) to the version it needs.
 */
export interface VersionConverter {
  /** The root type at `apiVersion`; undefined when that version does not exist. */
  atomAt(apiVersion: string): Atom | undefined;
  /** `value`, an object at `from`, as it reads at `to`. */
  convert(value: Value, from: string, to: string): Value;
}

/** The root type at `apiVersion` (the context's own without a converter). */
export function atomAt(ctx: EngineContext, apiVersion: string): Atom | undefined {
  return ctx.versions ? ctx.versions.atomAt(apiVersion) : ctx.atom;
}

/** `value` at `from` converted to `to` (itself without a converter or between equal versions). */
export function convertTo(ctx: EngineContext, value: Value, from: string, to: string): Value {
  return ctx.versions && from !== to ? ctx.versions.convert(value, from, to) : value;
}

/** `set` without what `ctx` ignores at `apiVersion` (whole subtrees go). */
export function withoutIgnored(ctx: EngineContext, apiVersion: string, set: FieldSet): FieldSet {
  const ignored = ctx.ignoredFields?.get(apiVersion);
  return ignored ? set.recursiveDifference(ignored) : set;
}
