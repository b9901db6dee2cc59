/**
 * A ConfigMap or Secret marked `immutable: true` as kube-apiserver 1.32 keeps it
 * (ValidateConfigMapUpdate, ValidateSecretUpdate in pkg/apis/core/validation): the mark cannot be
 * removed, and `data` (and a ConfigMap's `binaryData`) cannot change; a Secret's `type` never
 * changes, marked or not. A Secret's `stringData` is already in `data` by then (the v1
 * conversion), so a change there is a change of `data`.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, type ValueMap } from '../value/value.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';

const WHEN_IMMUTABLE = 'field is immutable when `immutable` is set';

function immutableDataErrors(next: ValueMap, old: ValueMap, fields: readonly string[]): FieldError[] {
  if (getKey(old, 'immutable') !== true) return [];
  const errors: FieldError[] = [];
  if (getKey(next, 'immutable') !== true) errors.push({ type: 'FieldValueForbidden', field: 'immutable', detail: WHEN_IMMUTABLE });
  for (const f of fields) if (!semanticEqual(getKey(next, f), getKey(old, f))) errors.push({ type: 'FieldValueForbidden', field: f, detail: WHEN_IMMUTABLE });
  return errors;
}

export function configMapUpdateErrors(next: ValueMap, old: ValueMap): FieldError[] {
  return immutableDataErrors(next, old, ['data', 'binaryData']);
}

export function secretUpdateErrors(next: ValueMap, old: ValueMap): FieldError[] {
  const type = getKey(next, 'type');
  const errors: FieldError[] =
    type === getKey(old, 'type') ? [] : [{ type: 'FieldValueInvalid', field: 'type', value: goQuote(typeof type === 'string' ? type : ''), detail: 'field is immutable' }];
  return [...errors, ...immutableDataErrors(next, old, ['data'])];
}
