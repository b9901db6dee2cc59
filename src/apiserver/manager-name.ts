/**
 * The field manager of a request (apiserver-semantics §3.2): `?fieldManager=`, else the user
 * agent up to its first `/` with non-printable characters dropped, at most 128 bytes; and the
 * checks on request options, as 422 field errors.
 */
import { goQuote, isGoPrintable } from '../fieldpath/format-go-value.js';
import type { FieldError } from './status.js';
import { utf8Length } from './utf8.js';

export const FIELD_MANAGER_MAX_LENGTH = 128;

/**
 * Go's `unicode.IsPrint` (letters, marks, numbers, punctuation, symbols, ASCII space). ASCII is
 * answered without the Unicode tables, which are built on first use (isGoPrintable).
 */
export function isPrint(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
  return isGoPrintable(ch);
}

/** The manager recorded for a request ('' becomes `unknown` when the entry is written). */
export function managerName(fieldManager: string | undefined, userAgent: string | undefined): string {
  if (fieldManager) return fieldManager;
  return prefixFromUserAgent(userAgent ?? '');
}

export function prefixFromUserAgent(ua: string): string {
  const first = ua.split('/')[0];
  let out = '';
  let bytes = 0;
  for (const ch of first) {
    if (!isPrint(ch)) continue;
    const n = utf8Length(ch);
    if (bytes + n > FIELD_MANAGER_MAX_LENGTH) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/** `ValidateFieldManager`: at most 128 bytes, every character printable. */
export function validateFieldManager(fieldManager: string | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (!fieldManager) return errors;
  if (utf8Length(fieldManager) > FIELD_MANAGER_MAX_LENGTH) {
    errors.push({ type: 'FieldValueTooLong', field: 'fieldManager', detail: `may not be more than ${FIELD_MANAGER_MAX_LENGTH} bytes` });
  }
  let offset = 0;
  for (const ch of fieldManager) {
    if (!isPrint(ch)) {
      const cp = ch.codePointAt(0)!;
      errors.push({
        type: 'FieldValueInvalid',
        field: 'fieldManager',
        value: goQuote(fieldManager),
        detail: `invalid character U+${cp.toString(16).toUpperCase().padStart(4, '0')} (at position ${offset})`,
      });
    }
    offset += utf8Length(ch);
  }
  return errors;
}

/** `ValidateDryRun`: only `All`. */
export function validateDryRun(dryRun: boolean | readonly string[] | undefined): FieldError[] {
  if (dryRun === undefined || typeof dryRun === 'boolean') return [];
  const bad = dryRun.filter((v) => v !== 'All');
  if (bad.length === 0) return [];
  return [
    {
      type: 'FieldValueNotSupported',
      field: 'dryRun',
      value: `[]string{${dryRun.map((v) => goQuote(v)).join(', ')}}`,
      detail: 'supported values: "All"',
    },
  ];
}

export function isDryRun(dryRun: boolean | readonly string[] | undefined): boolean {
  return dryRun === true || (Array.isArray(dryRun) && dryRun.includes('All'));
}
