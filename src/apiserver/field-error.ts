/**
 * The constructors of k8s.io/apimachinery 1.32's `field.Error` (pkg/util/validation/field), with
 * the bad value rendered as `ErrorBody` prints it: a string quoted as Go's `%q`, an integer as
 * `%v`, a named string type (an enum such as `core.Protocol`) as `%#v`, which is the same quoting.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import type { FieldError } from './status.js';
import type { Value } from '../value/value.js';

/** A bad value as ErrorBody prints it: strings quoted, numbers plain, anything else as a string. */
export function goValue(v: Value | undefined): string {
  if (typeof v === 'string') return goQuote(v);
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return goQuote('');
}

export const required = (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, detail });
export const forbidden = (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, detail });
export const invalidValue = (field: string, value: Value | undefined, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, value: goValue(value), detail });
export const duplicate = (field: string, value: Value | undefined): FieldError => ({ type: 'FieldValueDuplicate', field, value: goValue(value), detail: '' });
export const notFound = (field: string, value: Value | undefined): FieldError => ({ type: 'FieldValueNotFound', field, value: goValue(value), detail: '' });

/** `field.NotSupported`: the supported values each quoted, in the order given. */
export function notSupported(field: string, value: Value | undefined, supported: readonly string[]): FieldError {
  return { type: 'FieldValueNotSupported', field, value: goValue(value), detail: supported.length > 0 ? `supported values: ${supported.map(goQuote).join(', ')}` : '' };
}
