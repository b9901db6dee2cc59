/**
 * apiextensions-apiserver 1.32's checks of the `default:` values in a CRD's structural schema
 * (pkg/apiserver/schema/defaulting/validation.go ValidateDefaults, run when the schema passed
 * ValidateStructural). Each node's default, outside the resource's metadata, apiVersion and kind:
 * - must come through pruning against the node's own schema unchanged (pkg/apiserver/schema/
 *   pruning): `<node>.default: Invalid value: <the default>: must not have unknown fields`, the
 *   default printed as Go's `%#v` of the JSON decoded into `interface{}`; not asked of an update
 *   whose stored schemas already had such a default (requirePrunedDefaults);
 * - must be valid against the node's schema (kube-openapi's validator over the default alone, so
 *   its names start below the default: ` in body must be of type integer` for the default itself,
 *   `port in body ...` for a field of an object default; field paths under `<node>.default`).
 * The walk follows `items` and `properties` (not additionalProperties, where defaults are
 * forbidden anyway), in the manifest's order (Go's is a random map order).
 * Not modelled: defaults inside an embedded resource's metadata, apiVersion or kind (checked as
 * metadata with schemaobjectmeta's Coerce and Validate) and the CEL rules a default must pass.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { schemaErrors } from './cr-schema-validation.js';
import { invalidValue } from './field-error.js';
import { goJsonValue } from './go-syntax.js';
import type { FieldError } from './status.js';

export const UNPRUNED_DEFAULT = 'must not have unknown fields';

const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);
const mapOf = (v: Value | undefined): ValueMap | undefined => (isMap(v ?? null) ? (v as ValueMap) : undefined);
const isSet = (v: Value | undefined): boolean => v !== undefined && v !== null;

/**
 * The schema a map's undeclared key is pruned against: `additionalProperties`' schema, `null`
 * (everything below pruned) for `additionalProperties: true|false`, undefined (the key is dropped)
 * when there is none.
 */
function additionalOf(s: ValueMap): ValueMap | null | undefined {
  const a = getKey(s, 'additionalProperties');
  if (!isSet(a)) return undefined;
  return mapOf(a) ?? null;
}

/** True when pruning `x` against `s` (null: no schema) removes something (pruning.Prune's algorithm). */
function prunes(x: Value, s: ValueMap | null, embedded: boolean): boolean {
  if (s !== null && getKey(s, 'x-kubernetes-preserve-unknown-fields') === true) return skipPrunes(x, s, embedded);
  if (isMap(x)) {
    const m = x as ValueMap;
    if (s === null) return Object.keys(m).length > 0;
    const props = mapOf(getKey(s, 'properties'));
    const additional = additionalOf(s);
    return Object.keys(m).some((k) => {
      if (embedded && META_FIELDS.has(k)) return false;
      const prop = props ? mapOf(getKey(props, k)) : undefined;
      if (prop) return prunes(m[k], prop, isEmbedded(prop));
      if (additional !== undefined) return prunes(m[k], additional, additional !== null && isEmbedded(additional));
      return true;
    });
  }
  if (Array.isArray(x)) {
    const items = s === null ? null : (mapOf(getKey(s, 'items')) ?? null);
    return x.some((v) => prunes(v, items, items !== null && isEmbedded(items)));
  }
  return false;
}

/** skipPrune: below x-kubernetes-preserve-unknown-fields, only declared properties are pruned. */
function skipPrunes(x: Value, s: ValueMap, embedded: boolean): boolean {
  if (isMap(x)) {
    const m = x as ValueMap;
    const props = mapOf(getKey(s, 'properties'));
    const additional = additionalOf(s);
    return Object.keys(m).some((k) => {
      if (embedded && META_FIELDS.has(k)) return false;
      const prop = props ? mapOf(getKey(props, k)) : undefined;
      if (prop) return prunes(m[k], prop, isEmbedded(prop));
      if (additional !== undefined) return prunes(m[k], additional, additional !== null && isEmbedded(additional));
      return false;
    });
  }
  if (Array.isArray(x)) {
    const items = mapOf(getKey(s, 'items'));
    return items ? x.some((v) => skipPrunes(v, items, isEmbedded(items))) : false;
  }
  return false;
}

const isEmbedded = (s: ValueMap): boolean => getKey(s, 'x-kubernetes-embedded-resource') === true;

function walk(s: ValueMap, path: string, embedded: boolean, insideMeta: boolean, requirePruned: boolean, out: FieldError[]): void {
  const isEmbeddedNode = embedded || isEmbedded(s);
  if (isEmbeddedNode) insideMeta = false;
  const value = getKey(s, 'default');
  if (isSet(value) && !insideMeta) {
    if (requirePruned && prunes(value!, s, isEmbeddedNode)) out.push({ ...invalidValue(`${path}.default`, '', UNPRUNED_DEFAULT), value: goJsonValue(value) });
    out.push(...schemaErrors(s, value, `${path}.default`, undefined, true));
  }
  const items = mapOf(getKey(s, 'items'));
  if (items) walk(items, `${path}.items`, false, insideMeta, requirePruned, out);
  const props = mapOf(getKey(s, 'properties'));
  if (props) {
    for (const k of Object.keys(props)) {
      const prop = mapOf(getKey(props, k));
      if (prop) walk(prop, `${path}.properties[${k}]`, false, insideMeta || (isEmbeddedNode && META_FIELDS.has(k)), requirePruned, out);
    }
  }
}

/** ValidateDefaults' errors for the (structural) schema at `path`, the root being a resource. */
export function defaultErrors(schema: Value | undefined, path: string, requirePruned: boolean): FieldError[] {
  const s = mapOf(schema);
  if (!s) return [];
  const out: FieldError[] = [];
  walk(s, path, true, false, requirePruned, out);
  return out;
}

/** requirePrunedDefaults: false when a stored schema already has a default pruning would change. */
export function prunedDefaultsRequired(oldSchemas: readonly (Value | undefined)[]): boolean {
  return !oldSchemas.some((s) => defaultErrors(s, '', true).some((e) => e.detail === UNPRUNED_DEFAULT));
}
