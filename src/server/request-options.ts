/**
 * A REST request's query parameters and headers as the API server's request options
 * (`fieldManager`, `force`, `dryRun`, `fieldValidation`, the User-Agent).
 */
import type { Selectors } from '../apiserver/list-selection.js';
import type { PatchOptions } from '../apiserver/types.js';

export type Query = readonly (readonly [string, string])[];

export function queryValues(query: Query, name: string): string[] {
  return query.filter(([k]) => k === name).map(([, v]) => v);
}

export function queryValue(query: Query, name: string): string | undefined {
  return queryValues(query, name)[0];
}

/**
 * A PATCH's Content-Type as kube-apiserver's patch handler reads it (handlers/patch.go): cut at
 * the first `;` when that is not the first character, and otherwise as sent, neither trimmed nor
 * folded to lower case, so only the patch types' exact spellings are patch types.
 */
export function patchMediaType(contentType: string | undefined): string {
  const header = contentType ?? '';
  const semicolon = header.indexOf(';');
  return semicolon > 0 ? header.slice(0, semicolon) : header;
}

/** The media type of a Content-Type header, lower case, without parameters (mime.ParseMediaType's, for bodies). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

/** Go's `strconv.ParseBool`: undefined when the text is none of its forms. */
export function parseGoBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

const DIRECTIVES = ['Strict', 'Warn', 'Ignore'] as const;
type Directive = (typeof DIRECTIVES)[number];

/** The write options of a request, or the text of a 400 for a parameter that cannot be read. */
export function writeOptions(query: Query, userAgent: string | undefined, now: string, subresource: string): PatchOptions | { problem: string } {
  const fieldManager = queryValue(query, 'fieldManager');
  const forceText = queryValue(query, 'force');
  const force = forceText === undefined ? undefined : forceText === '' ? true : parseGoBool(forceText);
  if (forceText !== undefined && force === undefined) return { problem: `invalid value for force: ${JSON.stringify(forceText)}` };
  const dryRun = queryValues(query, 'dryRun');
  const fieldValidation = queryValue(query, 'fieldValidation');
  if (fieldValidation !== undefined && fieldValidation !== '' && !DIRECTIVES.includes(fieldValidation as Directive)) {
    return { problem: `fieldValidation must be one of Ignore, Warn or Strict, not ${JSON.stringify(fieldValidation)}` };
  }
  return {
    ...(fieldManager !== undefined ? { fieldManager } : {}),
    ...(userAgent !== undefined ? { userAgent } : {}),
    ...(force !== undefined ? { force } : {}),
    ...(dryRun.length > 0 ? { dryRun } : {}),
    ...(fieldValidation ? { fieldValidation: fieldValidation as Directive } : {}),
    ...(subresource ? { subresource } : {}),
    now,
  };
}

/** The request's label and field selectors, as the query gives them (the API server reads them). */
export function selectorsIn(query: Query): Selectors {
  const labelSelector = queryValue(query, 'labelSelector');
  const fieldSelector = queryValue(query, 'fieldSelector');
  return { ...(labelSelector !== undefined ? { labelSelector } : {}), ...(fieldSelector !== undefined ? { fieldSelector } : {}) };
}
