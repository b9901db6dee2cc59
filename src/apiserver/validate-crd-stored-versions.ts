/**
 * ValidateCustomResourceDefinitionStoredVersions (k8s.io/apiextensions-apiserver v0.32.9
 * pkg/apis/apiextensions/validation/validation.go), run on a CRD's create and main update after
 * the spec checks, over `status.storedVersions` as PrepareForCreate / PrepareForUpdate left it
 * (crd-stored-versions.ts): at least one stored version, every storage version among them, and
 * every stored version still in `spec.versions`. Go reports the last in a map's random order;
 * here in the list's order.
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { invalidValue } from './field-error.js';
import { goStringSlice } from './go-syntax.js';
import { getPath } from './object-paths.js';
import type { FieldError } from './status.js';

const PATH = 'status.storedVersions';

export function storedVersionsErrors(crd: ValueMap): FieldError[] {
  const listed: Value | undefined = getPath(crd, ['status', 'storedVersions']);
  const stored = Array.isArray(listed) ? listed.map((v) => (typeof v === 'string' ? v : '')) : [];
  // A nil slice prints as `[]string(nil)`; `[]` would be `[]string{}`.
  const printed = goStringSlice(Array.isArray(listed) ? listed : undefined);
  if (stored.length === 0) return [{ type: 'FieldValueInvalid', field: PATH, value: printed, detail: 'must have at least one stored version' }];
  const versions = getPath(crd, ['spec', 'versions']);
  const names = (Array.isArray(versions) ? versions : []).map((v) => (isMap(v) ? v : ({} as ValueMap)));
  const out: FieldError[] = [];
  // storedVersionsMap: each name at its last index; a spec version found there is taken out.
  const left = new Map<string, number>();
  stored.forEach((v, i) => left.set(v, i));
  for (const v of names) {
    const name = getKey(v, 'name');
    const key = typeof name === 'string' ? name : '';
    const found = left.has(key);
    if (getKey(v, 'storage') === true && !found) out.push({ type: 'FieldValueInvalid', field: PATH, value: printed, detail: `must have the storage version ${key}` });
    if (found) left.delete(key);
  }
  for (const [v, i] of [...left].sort((a, b) => a[1] - b[1])) out.push(invalidValue(`${PATH}[${i}]`, v, 'must appear in spec.versions'));
  return out;
}
