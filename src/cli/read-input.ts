import { SsaError } from '../errors/ssa-error.js';
import { inputText } from '../document/input-text.js';
import { readFileSync } from 'node:fs';
import type { CommandIO } from './io.js';

/** Most bytes read from standard input (a generous bound: captured objects are far smaller). */
const MAX_STDIN_BYTES = 256 * 1024 * 1024;

/** The text of FILE, or of standard input for `-` or no file. */
export async function readInput(file: string | undefined, io: CommandIO): Promise<{ text: string; name: string }> {
  if (file !== undefined && file !== '-') return { text: readTextFile(file), name: file };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const b = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += b.length;
    if (size > MAX_STDIN_BYTES) throw new SsaError('INPUT', 'standard input is larger than 256 MiB', { source: { file: '<stdin>' } });
    chunks.push(b);
  }
  return { text: inputText(Buffer.concat(chunks), '<stdin>'), name: '<stdin>' };
}

/**
 * A file's text; a missing or unreadable file is an SsaError naming it, and so are bytes that are
 * not text (src/document/input-text.ts), at their line and column.
 */
export function readTextFile(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new SsaError('INPUT', code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, expected a file' : `cannot read: ${code ?? (err as Error).message}`, {
      source: { file },
    });
  }
  return inputText(bytes, file);
}
