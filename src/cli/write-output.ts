import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SsaError } from '../errors/ssa-error.js';

/**
 * Writes `text` to `file` atomically: into a temporary file beside it, then renamed over it, so a
 * reader never sees half a file and a failed run leaves the old file as it was. `flag` is the
 * option that named the file (`-o`, `--kubeconfig`...), for the message when it names a folder.
 */
export function writeFileAtomically(file: string, text: string, flag = '-o'): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomHex(4)}.tmp`);
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new SsaError('INPUT', `cannot write ${file}: ${whyNotWritten(file, err as NodeJS.ErrnoException, flag)}`, { source: { file } });
  }
}

/** Why a file could not be written, in words (the error code alone, such as ENOENT, says little). */
function whyNotWritten(file: string, err: NodeJS.ErrnoException, flag: string): string {
  switch (err.code) {
    case 'ENOENT':
      return `there is no folder ${dirname(file)}`;
    case 'EISDIR':
      return `it is a folder; ${flag} names a file`;
    case 'ENOTDIR':
      return `${dirname(file)} is not a folder`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${err.code})`;
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
      return 'no space left on the device';
    default:
      return err.code ?? err.message;
  }
}

/**
 * BYTES random bytes in hex, from the Web Crypto global: Node loads its crypto modules when it is
 * first used, so a run that writes no file does not (a static `node:crypto` import loaded some
 * thirty modules at every start).
 */
function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type OutputFormat = 'text' | 'json' | 'yaml' | 'name';

/**
 * `-o` takes a format (`json`, `yaml`, `text`) or a file name; a file's format follows its
 * extension (`.json`, `.yaml`/`.yml`, anything else text).
 */
export function outputTarget(o: string | undefined, allowed: readonly OutputFormat[]): { format: OutputFormat; file?: string } | string {
  if (o === undefined || o === '') return { format: allowed[0] };
  if ((allowed as readonly string[]).includes(o)) return { format: o as OutputFormat };
  if (['json', 'yaml', 'text', 'wide', 'name'].includes(o)) return `-o ${o} is not supported here; use ${allowed.join(', ')} or a file name`;
  const format: OutputFormat = /\.json$/i.test(o) ? 'json' : /\.ya?ml$/i.test(o) ? 'yaml' : 'text';
  if (!allowed.includes(format)) return `-o ${o}: this command writes ${allowed.join(' or ')}`;
  return { format, file: o };
}
