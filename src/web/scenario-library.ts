/**
 * The scenario library as the playground sees it: the files under scenarios/ (bundled into the
 * page at build time, see library-files.ts), which of them are scenarios, and a RunEnvironment
 * that reads the files a scenario names (schemas, manifests) from the same bundle.
 */
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import type { RunEnvironment } from '../scenarios/run-types.js';

/** Repository-relative path (`scenarios/engine/schemas/leaf.yaml`) → file text. */
export type LibraryFiles = ReadonlyMap<string, string>;

export interface LibraryEntry {
  /** The path without `scenarios/` and the extension: `eks-vpc-cni-addon`, `engine/atomic-map-force`. */
  readonly id: string;
  /** `scenarios/eks-vpc-cni-addon.yaml`. */
  readonly file: string;
  /** The scenario's `name:` (or its file name when that cannot be read without parsing). */
  readonly name: string;
  /** The folder under scenarios/ ('' for the top level). */
  readonly group: string;
}

/** The scenario the playground opens first: the EKS story, when the library has it. */
export const DEFAULT_SCENARIO_ID = 'eks-vpc-cni-addon';

/** Folders that hold what scenarios refer to, not scenarios (as the library test skips them). */
const SUPPORT_FOLDERS = new Set(['schemas', 'manifests', 'objects']);

/** Normalises a path: `a/./b/../c` → `a/c` (forward slashes; leading `..` kept). */
export function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

function dirOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

/** The `name:` line of a scenario file, read without parsing the whole file. */
function quickName(text: string): string | undefined {
  const m = /^name:[ \t]*(.+?)[ \t]*$/m.exec(text);
  if (!m) return undefined;
  const v = m[1];
  if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) return v.slice(1, -1);
  return v;
}

export function libraryEntries(files: LibraryFiles): LibraryEntry[] {
  const out: LibraryEntry[] = [];
  for (const [file, text] of files) {
    if (!/^scenarios\/.+\.ya?ml$/.test(file)) continue;
    const rel = file.slice('scenarios/'.length);
    const folders = rel.split('/').slice(0, -1);
    if (folders.some((f) => SUPPORT_FOLDERS.has(f))) continue;
    if (!/^name:/m.test(text) || !/^steps:/m.test(text)) continue;
    const id = rel.replace(/\.ya?ml$/, '');
    out.push({ id, file, name: quickName(text) ?? id, group: folders.join('/') });
  }
  // Top level first (the stories), then each folder; by id within a group.
  return out.sort((a, b) => (a.group === b.group ? a.id.localeCompare(b.id) : a.group === '' ? -1 : b.group === '' ? 1 : a.group.localeCompare(b.group)));
}

export function findEntry(files: LibraryFiles, id: string): LibraryEntry | undefined {
  return libraryEntries(files).find((e) => e.id === id);
}

/**
 * Reads files relative to the scenario's folder from the bundle. A pasted scenario reads
 * relative to scenarios/ so that it can use the library's schemas (`engine/schemas/leaf.yaml`).
 */
export function libraryEnvironment(files: LibraryFiles, scenarioFile: string): RunEnvironment {
  return {
    readFile(path: string, from: SourcePosition): string {
      const base = dirOf(from.file && files.has(from.file) ? from.file : scenarioFile);
      const full = normalizePath(`${base}/${path}`);
      const text = files.get(full);
      if (text === undefined) {
        throw new SsaError('INPUT', `cannot read ${path}: the playground has only the files under scenarios/ (looked for ${full}); inline the content instead`, {
          source: from,
        });
      }
      return text;
    },
  };
}
