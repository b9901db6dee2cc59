import { SsaError, type SsaErrorCode } from '../errors/ssa-error.js';
import { MAX_PATH_DEPTH } from '../fieldpath/max-depth.js';
import { type PathElement, fieldElement } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';

/** One problem found while walking a value against its schema, at a path. */
export interface TypedIssue {
  readonly path: string;
  readonly message: string;
  /** For a field the schema does not declare: where it is, and the names its map does declare. */
  readonly undeclared?: UndeclaredField;
}

/** A map key the schema does not declare, as a path of elements (list items by key where keyed). */
export interface UndeclaredField {
  readonly path: readonly PathElement[];
  /** The field names the enclosing map's type declares, in its order. */
  readonly declared: readonly string[];
}

/** The issue for an undeclared field at `stack` of a map whose type declares `declared`. */
export function undeclaredAt(stack: PathStack, message: string, declared: readonly string[]): TypedIssue {
  const path = stack.map((s) => (typeof s === 'string' ? fieldElement(s) : s));
  return { path: pathToString(path), message, undeclared: { path, declared } };
}

/** Deepest nesting the typed walkers accept: the engine's one limit (fieldpath/max-depth). */
export const MAX_DEPTH = MAX_PATH_DEPTH;

/**
 * A walker's position: path elements, or bare field names (cheaper to push on hot paths; turned
 * into elements only when a problem is reported).
 */
export type PathStack = readonly (PathElement | string)[];

export function issueAt(stack: PathStack, message: string): TypedIssue {
  return { path: pathToString(stack.map((s) => (typeof s === 'string' ? fieldElement(s) : s))), message };
}

/** The reference's text: `<path>: <msg>` for one problem, `errors:\n  <e1>\n  <e2>` for several. */
export function formatIssues(issues: readonly TypedIssue[]): string {
  const one = (i: TypedIssue) => (i.path ? `${i.path}: ${i.message}` : i.message);
  if (issues.length === 1) return one(issues[0]);
  return 'errors:\n' + issues.map((i) => '  ' + one(i)).join('\n');
}

export function issuesError(code: SsaErrorCode, prefix: string, issues: readonly TypedIssue[]): SsaError {
  return new SsaError(code, prefix + formatIssues(issues), { path: issues[0]?.path });
}

export function tooDeep(stack: PathStack): SsaError {
  const start = issueAt(stack.slice(0, 12), '').path;
  return new SsaError('TOO_DEEP', `object nested deeper than ${MAX_DEPTH} levels (at ${start}...)`, { path: start });
}
