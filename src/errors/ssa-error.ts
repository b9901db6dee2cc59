/**
 * The one error type ssa-sim throws on purpose. Every layer reports bad input through it, so a
 * caller can catch one class and print `code`, `message`, the field path and the source position.
 */
export type SsaErrorCode =
  | 'FIELDSV1_PARSE' // malformed FieldsV1 JSON or path element text
  | 'SCHEMA_PARSE' // schema document is not valid YAML/JSON or does not fit the schema model
  | 'SCHEMA_TYPE' // a type reference cannot be resolved, or an atom is empty
  | 'VALIDATION' // an object does not fit its schema
  | 'MERGE' // merging an applied configuration into the live object failed
  | 'CONFLICT' // an apply would change fields owned by other managers
  | 'INVALID_REQUEST' // an engine request is malformed
  | 'INPUT' // an input file cannot be read or parsed
  | 'TOO_DEEP' // nesting beyond what ssa-sim accepts
  | 'UNKNOWN_KIND'; // no schema source has a type for an object's apiVersion and kind

export interface SourcePosition {
  file?: string;
  line?: number; // 1-based
  column?: number; // 1-based
}

export class SsaError extends Error {
  readonly code: SsaErrorCode;
  /** Field path in the reference's string form (`.spec.containers[name="x"]`), when known. */
  readonly path: string | undefined;
  readonly source: SourcePosition | undefined;

  constructor(code: SsaErrorCode, message: string, opts: { path?: string; source?: SourcePosition; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'SsaError';
    this.code = code;
    this.path = opts.path;
    this.source = opts.source;
  }
}

/** "file:line:column" (as much of it as is known), or '' when nothing is known. */
export function formatSource(source: SourcePosition | undefined): string {
  if (!source) return '';
  let out = source.file ?? '';
  if (source.line !== undefined) out += `${out ? ':' : ''}${source.line}${source.column !== undefined ? `:${source.column}` : ''}`;
  return out;
}

/** One line for users: `file:3:5: VALIDATION at .spec.x: message`. */
export function describeError(err: SsaError): string {
  const where = formatSource(err.source);
  // Some messages (the schema loader's) already start with their position.
  return where && !err.message.startsWith(where) ? `${where}: ${err.message}` : err.message;
}
