/**
 * `-f PATH` and `-R` as kubectl reads them (its resource builder's FilenameParam), for every
 * command that takes a manifest:
 *  - `-f` is repeatable and takes comma-separated values (`-f a.yaml,b.yaml`, a CSV record);
 *  - `-` is standard input;
 *  - a path that does not exist is read as a glob pattern (Go's filepath.Glob: `*`, `?`, `[a-z]`,
 *    `\` escapes), each match in lexical order; no match is `the path "x" does not exist`;
 *  - a directory gives its files whose extension is exactly `.json`, `.yaml` or `.yml`, in
 *    lexical (byte) order, and with `-R` those of its subdirectories too, depth first as Go's
 *    filepath.Walk visits them; a file named explicitly is read whatever its extension;
 *  - when nothing at all was found: `error reading [dir]: recognized file extensions are
 *    [.json .yaml .yml]`.
 * Every problem is reported (kubectl aggregates them), each naming its path.
 * One difference: a root path that is a symbolic link to a directory is followed (kubectl's walk
 * would try to read the link as a file and fail); links inside a directory are not followed into.
 */
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SsaError } from '../errors/ssa-error.js';
import { type Manifest, readManifests } from '../manifest/index.js';
import type { CommandIO } from './io.js';
import { readInput } from './read-input.js';
import { inputText } from '../document/input-text.js';

/** The extensions kubectl reads from a directory (resource.FileExtensions). */
export const MANIFEST_EXTENSIONS = ['.json', '.yaml', '.yml'] as const;

/** `-f` and `-R` as options of node:util parseArgs. */
export const FILENAME_OPTIONS = {
  filename: { type: 'string', short: 'f', multiple: true },
  recursive: { type: 'boolean', short: 'R' },
} as const;

/** One file read for `-f`: its path (`<stdin>` for `-`), the name kubectl gives it in messages (`STDIN`), its text. */
export interface ManifestFile {
  readonly name: string;
  readonly kubectlSource: string;
  readonly text: string;
}

/** The message of an unreadable path, in Go's words (`open x: permission denied`). */
function goErrorText(op: string, path: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOENT: 'no such file or directory',
    EISDIR: 'is a directory',
    ENOTDIR: 'not a directory',
    ELOOP: 'too many levels of symbolic links',
  };
  return `${op} ${path}: ${(code !== undefined && words[code]) || (err as Error).message}`;
}

/** pflag's string-slice value: one CSV record (quotes group commas; `""` is a quote). */
export function splitFilenameValue(value: string): string[] {
  if (value === '') return [];
  const out: string[] = [];
  let field = '';
  let quoted = false;
  let start = true;
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (quoted) {
      if (ch === '"' && value[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && start) {
      quoted = true;
      start = false;
    } else if (ch === ',') {
      out.push(field);
      field = '';
      start = true;
    } else {
      field += ch;
      start = false;
    }
  }
  out.push(field);
  return out;
}

/** Every `-f` value, split as pflag splits a string slice. */
export function filenamesOf(values: readonly string[] | undefined): string[] {
  return (values ?? []).flatMap(splitFilenameValue);
}

const byteOrder = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Go's filepath.Ext: from the last dot of the last element, or ''. */
function extensionOf(path: string): string {
  for (let i = path.length - 1; i >= 0 && path[i] !== '/'; i--) if (path[i] === '.') return path.slice(i);
  return '';
}

class BadPattern extends Error {}

/**
 * One path element of a glob pattern as a regular expression, with Go's filepath.Match rules:
 * `*` any run of characters but `/`, `?` one, `[^a-z]` a class (`]` or `-` first is an error),
 * `\x` the character x. A malformed pattern throws BadPattern.
 */
function elementRegExp(pattern: string): RegExp {
  const quote = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
  const quoteInClass = (c: string) => c.replace(/[\\\]^[-]/g, '\\$&');
  let re = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '\\') {
      if (i + 1 >= chars.length) throw new BadPattern();
      re += quote(chars[++i]);
    } else if (c === '[') {
      i++;
      let cls = '';
      if (chars[i] === '^') {
        cls += '^';
        i++;
      }
      let ranges = 0;
      const escaped = (): string => {
        let ch = chars[i];
        if (ch === undefined || ch === '-' || ch === ']') throw new BadPattern();
        if (ch === '\\') {
          i++;
          ch = chars[i];
          if (ch === undefined) throw new BadPattern();
        }
        i++;
        return ch;
      };
      for (;;) {
        if (chars[i] === ']' && ranges > 0) break;
        const lo = escaped();
        let hi = lo;
        if (chars[i] === '-') {
          i++;
          hi = escaped();
          if (hi < lo) throw new BadPattern();
        }
        cls += lo === hi ? quoteInClass(lo) : `${quoteInClass(lo)}-${quoteInClass(hi)}`;
        ranges++;
      }
      re += cls.startsWith('^') ? `[^/${cls.slice(1)}]` : `[${cls}]`;
    } else re += quote(c);
  }
  return new RegExp(`^${re}$`, 'u');
}

const hasMeta = (s: string): boolean => /[*?[\\]/.test(s);

/** Go's filepath.Glob: the matches of PATTERN, each directory's in lexical order. */
export function globPaths(pattern: string): string[] {
  const elements = pattern.split('/');
  elements.forEach((e) => elementRegExp(e)); // a bad pattern is an error even when nothing is searched
  let found: string[] = [elements[0] === '' ? '' : elements[0]];
  if (hasMeta(elements[0])) found = matchIn('.', elements[0]).map((n) => n);
  for (let k = 1; k < elements.length; k++) {
    const e = elements[k];
    const next: string[] = [];
    for (const base of found) {
      const dir = base === '' ? '/' : base;
      if (!hasMeta(e)) next.push(`${base}/${e}`);
      else next.push(...matchIn(dir, e).map((n) => (base === '' ? `/${n}` : `${base}/${n}`)));
    }
    found = next;
  }
  return found.filter((p) => {
    try {
      lstatSync(p === '' ? '/' : p);
      return true;
    } catch {
      return false;
    }
  });
}

function matchIn(dir: string, element: string): string[] {
  try {
    if (!statSync(dir).isDirectory()) return [];
    const re = elementRegExp(element);
    return readdirSync(dir)
      .filter((n) => re.test(n))
      .sort(byteOrder);
  } catch {
    return [];
  }
}

/** The files under ROOT as filepath.Walk visits them (lexical order), filtered as kubectl filters. */
function walk(root: string, recursive: boolean): string[] {
  const out: string[] = [];
  const visit = (path: string, isRoot: boolean) => {
    const st = isRoot ? statSync(path) : lstatSync(path);
    if (st.isDirectory()) {
      if (!isRoot && !recursive) return;
      let names: string[];
      try {
        names = readdirSync(path);
      } catch (err) {
        throw new Error(goErrorText('open', path, err));
      }
      for (const n of names.sort(byteOrder)) visit(join(path, n), false);
      return;
    }
    if (isRoot || (MANIFEST_EXTENSIONS as readonly string[]).includes(extensionOf(path))) out.push(path);
  };
  visit(root, true);
  return out;
}

/** The paths one `-f` value names, or kubectl's error for it. */
function expand(value: string): string[] {
  try {
    statSync(value);
    return [value];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return [value];
  }
  let matches: string[];
  try {
    matches = globPaths(value);
  } catch (err) {
    if (err instanceof BadPattern) throw new Error(`pattern ${JSON.stringify(value)} is not valid: syntax error in pattern`);
    throw err;
  }
  if (matches.length === 0) throw new Error(`the path ${JSON.stringify(value)} does not exist`);
  return matches;
}

/**
 * The files that `-f VALUE... [-R]` names, read, in the order kubectl reads them. Problems are
 * collected and thrown together (one line each) as an INPUT error.
 */
export async function readManifestPaths(filenames: readonly string[], recursive: boolean, io: CommandIO): Promise<ManifestFile[]> {
  const files: ManifestFile[] = [];
  const errors: string[] = [];
  let found = 0;
  for (const value of filenames) {
    if (value === '-') {
      const input = await readInput('-', io);
      files.push({ name: input.name, kubectlSource: 'STDIN', text: input.text });
      found++;
      continue;
    }
    let paths: string[];
    try {
      paths = expand(value);
    } catch (err) {
      errors.push((err as Error).message);
      continue;
    }
    for (const p of paths) {
      try {
        statSync(p);
      } catch (err) {
        errors.push((err as NodeJS.ErrnoException).code === 'ENOENT' ? `the path ${JSON.stringify(p)} does not exist` : `the path ${JSON.stringify(p)} cannot be accessed: ${goErrorText('stat', p, err)}`);
        continue;
      }
      try {
        for (const file of walk(p, recursive)) {
          found++;
          let bytes: Buffer;
          try {
            bytes = readFileSync(file);
          } catch (err) {
            errors.push(goErrorText((err as NodeJS.ErrnoException).code === 'EISDIR' ? 'read' : 'open', file, err));
            continue;
          }
          // Bytes that are not text are the file's content error, at its line and column, as a YAML error is.
          files.push({ name: file, kubectlSource: file, text: inputText(bytes, file) });
        }
      } catch (err) {
        if (err instanceof SsaError) throw err;
        errors.push(`error reading ${JSON.stringify(p)}: ${(err as Error).message}`);
      }
    }
    if (found === 0 && errors.length === 0) {
      errors.push(`error reading [${paths.join(' ')}]: recognized file extensions are [${MANIFEST_EXTENSIONS.join(' ')}]`);
    }
  }
  if (errors.length > 0) throw new SsaError('INPUT', errors.join('\n'));
  return files;
}

/** The objects of every file `-f` names, in kubectl's order; each object's source names its file. */
export async function readManifestObjects(filenames: readonly string[], recursive: boolean, io: CommandIO): Promise<{ files: readonly ManifestFile[]; manifests: readonly Manifest[] }> {
  const files = await readManifestPaths(filenames, recursive, io);
  return {
    files,
    manifests: files.flatMap((f) => {
      const { manifests } = readManifests(f.text, { file: f.name });
      for (const m of manifests) validateKind(m, f.kubectlSource);
      return manifests;
    }),
  };
}

/**
 * kubectl's client-side check of each object before it maps or sends anything (kubectl's
 * validation, getObjectKind): apiVersion and kind must be set. Its text, at the object's position.
 */
function validateKind(m: Manifest, kubectlSource: string): void {
  const missing = (['apiVersion', 'kind'] as const).filter((k) => m.object[k] === undefined || m.object[k] === null).map((k) => `${k} not set`);
  if (missing.length === 0) return;
  const data = missing.length === 1 ? missing[0] : `[${missing.join(', ')}]`;
  throw new SsaError('INPUT', `error validating ${JSON.stringify(kubectlSource)}: error validating data: ${data}; if you choose to ignore these errors, turn validation off with --validate=false`, {
    source: m.source,
  });
}
