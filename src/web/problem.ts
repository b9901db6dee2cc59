/**
 * Errors as the page shows them: a title, the message, and where in the text it points (line and
 * column, with the lines around it), never a blank page.
 */
import { SsaError } from '../errors/ssa-error.js';

export interface ExcerptLine {
  readonly line: number;
  readonly text: string;
  readonly marked: boolean;
}

export interface Problem {
  /** `The scenario could not be read`, `Step 3 could not run`, ... */
  readonly title: string;
  /** The message, with `line L, column C` when known. */
  readonly message: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** Up to two lines either side of the one the error points at. */
  readonly excerpt: readonly ExcerptLine[];
}

/** How positions of `err` map back to the text the user sees (the what-if editor is offset). */
export interface ProblemText {
  readonly text: string;
  /** The file name the error positions carry for this text. */
  readonly file: string;
  readonly lineOffset?: number;
  readonly columnOffset?: number;
}

function excerpt(text: string, line: number): ExcerptLine[] {
  const lines = text.replace(/\n$/, '').split('\n');
  // An error at the end of the text (an unclosed bracket) points at the empty line after it.
  if (line === lines.length + 1) lines.push('');
  const out: ExcerptLine[] = [];
  for (let n = Math.max(1, line - 2); n <= Math.min(lines.length, line + 2); n++) out.push({ line: n, text: lines[n - 1], marked: n === line });
  return out;
}

/** A readable problem from anything thrown while reading or running a scenario. */
export function problemFrom(err: unknown, title: string, where?: ProblemText): Problem {
  if (err instanceof SsaError) {
    const src = err.source;
    const sameText = where !== undefined && src?.line !== undefined && (src.file === undefined || src.file === where.file);
    const line = sameText ? src!.line! - (where!.lineOffset ?? 0) : undefined;
    const column = sameText && src!.column !== undefined ? Math.max(1, src!.column - (where!.columnOffset ?? 0)) : undefined;
    const validLine = line !== undefined && line >= 1 ? line : undefined;
    let at = '';
    if (validLine !== undefined) at = `line ${validLine}${column !== undefined ? `, column ${column}` : ''}: `;
    else if (src?.file !== undefined) at = `${src.file}${src.line !== undefined ? `:${src.line}${src.column !== undefined ? `:${src.column}` : ''}` : ''}: `;
    const own = src?.file && src.line !== undefined ? `${src.file}:${src.line}` : '';
    const message = own && err.message.startsWith(own) ? err.message : at + err.message;
    return {
      title,
      message,
      line: validLine,
      column: validLine !== undefined ? column : undefined,
      excerpt: validLine !== undefined ? excerpt(where!.text, validLine) : [],
    };
  }
  const message = err instanceof Error ? `internal error: ${err.message}` : `internal error: ${String(err)}`;
  return { title, message, line: undefined, column: undefined, excerpt: [] };
}
