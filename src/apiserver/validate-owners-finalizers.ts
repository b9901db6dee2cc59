/**
 * An object's owner references and finalizers as k8s.io/apimachinery 1.32 checks them in every
 * object's metadata (ValidateOwnerReferences, ValidateFinalizers): each reference's apiVersion
 * has a version, its kind, name and uid are set; each finalizer is a qualified name, and
 * `orphan` and `foregroundDeletion` are not both set. Not checked: Event as an owner and more than
 * one controller reference (their 422 prints a struct with pointer addresses).
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isMap, type Value } from '../value/value.js';
import { isQualifiedName } from './name-validation.js';
import type { FieldError } from './status.js';
import { invalidString } from './validate-labels.js';

function text(v: Value | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** `schema.FromAPIVersionAndKind(...).Version`: empty for "", "/", "group/" and a text with two slashes. */
function versionOf(apiVersion: string): string {
  const slashes = apiVersion.split('/').length - 1;
  if (slashes === 0) return apiVersion;
  if (slashes === 1) return apiVersion.slice(apiVersion.indexOf('/') + 1);
  return '';
}

export function ownerReferencesErrors(refs: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(refs)) return [];
  const errors: FieldError[] = [];
  for (const ref of refs) {
    const r = isMap(ref) ? ref : undefined;
    const apiVersion = text(r && getKey(r, 'apiVersion'));
    if (versionOf(apiVersion) === '') errors.push(invalidString(`${field}.apiVersion`, apiVersion, 'version must not be empty'));
    for (const key of ['kind', 'name', 'uid']) {
      const value = text(r && getKey(r, key));
      if (value === '') errors.push(invalidString(`${field}.${key}`, value, `${key} must not be empty`));
    }
  }
  return errors;
}

export function finalizersErrors(finalizers: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(finalizers)) return [];
  const names = finalizers.map(text);
  const errors: FieldError[] = [];
  for (const name of names) for (const msg of isQualifiedName(name)) errors.push(invalidString(field, name, msg));
  if (names.includes('orphan') && names.includes('foregroundDeletion')) {
    errors.push({ type: 'FieldValueInvalid', field, value: `[]string{${names.map(goQuote).join(', ')}}`, detail: 'finalizer orphan and foregroundDeletion cannot be both set' });
  }
  return errors;
}
