/**
 * Labels and annotations as k8s.io/apimachinery 1.32 checks them wherever they stand (an object's
 * metadata, a pod template's, a selector's matchLabels): `ValidateLabels` (each key a qualified
 * name, each value a label value) and `ValidateAnnotations` (each key, lower-cased, a qualified
 * name; keys and values together at most 256 KiB).
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { isMap, type Value } from '../value/value.js';
import { isQualifiedName, isValidLabelValue } from './name-validation.js';
import type { FieldError } from './status.js';
import { utf8Length } from './utf8.js';

/** `TotalAnnotationSizeLimitB`: keys and values together, in bytes. */
const ANNOTATIONS_SIZE_LIMIT = 256 * 1024;

export const invalidString = (field: string, value: string, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, value: goQuote(value), detail });

/** `ValidateLabels`. */
export function labelsErrors(labels: Value | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!isMap(labels)) return errors;
  for (const key of Object.keys(labels)) {
    for (const msg of isQualifiedName(key)) errors.push(invalidString(field, key, msg));
    const value = labels[key];
    if (typeof value === 'string') for (const msg of isValidLabelValue(value)) errors.push(invalidString(field, value, msg));
  }
  return errors;
}

/** `ValidateAnnotations`. */
export function annotationsErrors(annotations: Value | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!isMap(annotations)) return errors;
  let size = 0;
  for (const key of Object.keys(annotations)) {
    for (const msg of isQualifiedName(key.toLowerCase())) errors.push(invalidString(field, key, msg));
    const value = annotations[key];
    size += utf8Length(key) + (typeof value === 'string' ? utf8Length(value) : 0);
  }
  if (size > ANNOTATIONS_SIZE_LIMIT) errors.push({ type: 'FieldValueTooLong', field, detail: `may not be more than ${ANNOTATIONS_SIZE_LIMIT} bytes` });
  return errors;
}
