/**
 * The structural-schema invariants apiextensions-apiserver 1.32 checks on a CRD's
 * `openAPIV3Schema` before storing the CRD (k8s.io/apiextensions-apiserver pkg/apiserver/schema,
 * ValidateStructural), as 422 field errors: an array's `items` (`must be specified`), a `type` on
 * every node that is not int-or-string or preserve-unknown-fields (`must not be empty at the
 * root` / `for specified array items` / `for specified object fields`), `object` at the root, no
 * `additionalProperties` at the root, and a root `metadata` that says nothing but `name` and
 * `generateName`. A node's children are reported before the node itself, as Go walks; properties
 * in the manifest's order (Go visits them in random map order). Not modelled: the value
 * validations (allOf, anyOf, ...), embedded resources, defaults, list and map annotations.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { forbidden, invalidValue, required } from './field-error.js';
import type { FieldError } from './status.js';

type Level = 'root' | 'item' | 'field';

const str = (v: Value | undefined): string => (typeof v === 'string' ? v : '');
const set = (v: Value | undefined): boolean => v !== undefined && v !== null;

/** What a root `metadata` schema may say: its type, a default, and properties name and generateName only. */
const METADATA_HARMLESS = new Set(['type', 'default', 'properties', 'example', 'externalDocs', 'id', '$schema']);

function metadataErrors(metadata: ValueMap, level: Level, path: string): FieldError[] {
  const out: FieldError[] = [];
  if (level !== 'root') return out;
  if (str(getKey(metadata, 'type')) !== 'object') out.push(invalidValue(`${path}.type`, str(getKey(metadata, 'type')), 'must be object'));
  const props = getKey(metadata, 'properties');
  const names = isMap(props ?? null) ? Object.keys(props as ValueMap) : [];
  const onlyNames = names.every((n) => n === 'name' || n === 'generateName');
  const extra = Object.keys(metadata).some((k) => !METADATA_HARMLESS.has(k) && set(getKey(metadata, k)));
  if (extra || !onlyNames) out.push(forbidden(path, 'must not specify anything other than name and generateName, but metadata is implicitly specified'));
  return out;
}

function walk(node: Value | undefined, level: Level, path: string): FieldError[] {
  if (!isMap(node ?? null)) return [];
  const s = node as ValueMap;
  const out: FieldError[] = [];
  const type = str(getKey(s, 'type'));
  const items = getKey(s, 'items');
  if (type === 'array' && !set(items)) out.push(required(`${path}.items`, 'must be specified'));
  if (isMap(items ?? null)) out.push(...walk(items, 'item', `${path}.items`));
  const props = getKey(s, 'properties');
  const properties = isMap(props ?? null) ? (props as ValueMap) : undefined;
  if (properties) for (const k of Object.keys(properties)) out.push(...walk(properties[k], 'field', `${path}.properties[${k}]`));
  const additional = getKey(s, 'additionalProperties');
  if (set(additional)) {
    if (level === 'root') out.push(forbidden(`${path}.additionalProperties`, 'must not be used at the root'));
    if (isMap(additional ?? null)) out.push(...walk(additional, 'field', `${path}.additionalProperties`));
  }
  const intOrString = getKey(s, 'x-kubernetes-int-or-string') === true;
  const preserve = getKey(s, 'x-kubernetes-preserve-unknown-fields') === true;
  if (type === '' && !intOrString && !preserve) {
    const where = level === 'root' ? 'at the root' : level === 'item' ? 'for specified array items' : 'for specified object fields';
    out.push(required(`${path}.type`, `must not be empty ${where}`));
  }
  if (level === 'root' && type !== '' && type !== 'object') out.push(invalidValue(`${path}.type`, type, 'must be object at the root'));
  const metadata = properties ? properties.metadata : undefined;
  if (isMap(metadata ?? null)) out.push(...metadataErrors(metadata as ValueMap, level, `${path}.properties[metadata]`));
  return out;
}

/** ValidateStructural's errors for the schema at `path` (`spec.validation.openAPIV3Schema` or a version's). */
export function structuralSchemaErrors(schema: Value | undefined, path: string): FieldError[] {
  return walk(schema, 'root', path);
}
