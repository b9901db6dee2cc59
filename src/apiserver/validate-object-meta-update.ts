/**
 * An updated object's metadata checked as k8s.io/apimachinery 1.32's
 * `ValidateObjectMetaAccessorUpdate` checks it: no new finalizer on an object being deleted;
 * name, namespace, uid, creationTimestamp, deletionTimestamp and deletionGracePeriodSeconds as
 * they were (`field is immutable`); labels and annotations valid. rest.BeforeUpdate has put back
 * before it what a client may leave out (strategy.ts: an empty uid, the creation time, a deletion
 * time already set, a grace period the client dropped), so what is left to refuse is a value the
 * client changed. Owner references are checked as on create; managedFields are not checked here.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, type Value } from '../value/value.js';
import { metadataOf } from './object-paths.js';
import { parseRfc3339 } from './rfc3339-time.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';
import type { KubeObject } from './types.js';
import { annotationsErrors, labelsErrors } from './validate-labels.js';
import { ownerReferencesErrors } from './validate-owners-finalizers.js';

const FIELD_IMMUTABLE = 'field is immutable';

/** Go's `time.Time.String()` of a metav1.Time read in UTC: `2024-01-01 10:00:00.5 +0000 UTC`. */
function goTime(text: string): string {
  const ms = parseRfc3339(text);
  if (ms === undefined) return goQuote(text);
  const iso = new Date(ms).toISOString();
  const fraction = /[.,](\d+)/.exec(text.slice(19))?.[1]?.replace(/0+$/, '') ?? '';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''} +0000 UTC`;
}

/** How ErrorBody prints each immutable field's new value: strings quoted, a time as Go's Time.String, a nil pointer as "null". */
function printed(key: string, v: Value | undefined): string {
  if (v === undefined || v === null) return key === 'creationTimestamp' ? '0001-01-01 00:00:00 +0000 UTC' : key === 'deletionTimestamp' || key === 'deletionGracePeriodSeconds' ? '"null"' : '""';
  if (typeof v === 'string') return key.endsWith('Timestamp') ? goTime(v) : goQuote(v);
  return String(v);
}

const IMMUTABLE = ['name', 'namespace', 'uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds'];

function strings(v: Value | undefined): string[] {
  return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
}

export function objectMetaUpdateErrors(next: KubeObject, old: KubeObject): FieldError[] {
  const meta = metadataOf(next);
  const oldMeta = metadataOf(old);
  const errors: FieldError[] = [];
  const deletion = getKey(oldMeta, 'deletionTimestamp');
  if (deletion !== undefined && deletion !== null) {
    const had = new Set(strings(getKey(oldMeta, 'finalizers')));
    const added = [...new Set(strings(getKey(meta, 'finalizers')).filter((f) => !had.has(f)))].sort(compareStrings);
    if (added.length > 0) {
      errors.push({
        type: 'FieldValueForbidden',
        field: 'metadata.finalizers',
        detail: `no new finalizers can be added if the object is being deleted, found new finalizers []string{${added.map(goQuote).join(', ')}}`,
      });
    }
  }
  for (const key of IMMUTABLE) {
    const value = getKey(meta, key);
    if (!semanticEqual(value, getKey(oldMeta, key))) errors.push({ type: 'FieldValueInvalid', field: `metadata.${key}`, value: printed(key, value), detail: FIELD_IMMUTABLE });
  }
  errors.push(
    ...labelsErrors(getKey(meta, 'labels'), 'metadata.labels'),
    ...annotationsErrors(getKey(meta, 'annotations'), 'metadata.annotations'),
    ...ownerReferencesErrors(getKey(meta, 'ownerReferences'), 'metadata.ownerReferences'),
  );
  return errors;
}
