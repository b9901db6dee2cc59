/**
 * What the field manager of one endpoint (a resource version, main or subresource) knows: the
 * schema type, the reset fields it keeps out of ownership, the kind's empty object, the versions
 * whose entries survive, the time of the request.
 */
import { fieldElement } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import type { EngineContext } from '../merge/context.js';
import type { ValueMap } from '../value/value.js';
import type { ResourceType } from './types.js';

export interface Endpoint {
  readonly resource: ResourceType;
  /** The endpoint's group/version (`autoscaling/v1` for `/scale`). */
  readonly apiVersion: string;
  /** The endpoint's kind (`Scale` for `/scale`). */
  readonly kind: string;
  /** '' for the main resource. */
  readonly subresource: string;
  readonly ctx: EngineContext;
  /** The kind's empty object (`New(kind)`): the baseline of create and of `before-first-apply`. */
  readonly emptyObject: ValueMap;
  /** Defaults the server applies to an apply's result (after ownership is computed). */
  readonly defaultObject: (obj: ValueMap) => ValueMap;
  /** apiVersions whose entries survive; entries of others are dropped, as conversion drops them. */
  readonly knownVersions: ReadonlySet<string>;
  /** The request's time, RFC 3339 UTC. */
  readonly now: string;
  readonly maxUpdateManagers: number;
}

/** Reset fields (paths of field names) as a field set, one per known apiVersion. */
export function ignoredFieldsFor(paths: readonly (readonly string[])[], versions: Iterable<string>): Map<string, FieldSet> | undefined {
  if (paths.length === 0) return undefined;
  const set = FieldSet.fromPaths(paths.map((p) => p.map(fieldElement)));
  const out = new Map<string, FieldSet>();
  for (const v of versions) out.set(v, set);
  return out;
}
