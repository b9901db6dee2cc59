/**
 * How the bundled command (vite.cli.config.ts) loads its chunks: like CommonJS `require`, but
 * compiled through `vm.Script` with the V8 code cache the build wrote next to each chunk
 * (`chunks/NAME.js.cache`), so a run starts from bytecode instead of parsing and compiling about
 * a megabyte of JavaScript (docs/performance.md, "Cold start").
 *
 * A cache is only an accelerator: when it is missing, older than its chunk (a chunk edited after
 * the build) or refused by V8 (another Node or V8 version, other V8 flags, a different length of
 * source), the chunk is compiled from its text as Node would, and runs the same. Nothing here
 * writes a file: the build asks `codeCaches()` after a run and writes them itself.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { Script } from 'node:vm';

/**
 * What became of a chunk's code cache: offered to V8 and not refused (in a fresh process V8 then
 * built the chunk from it; a process that compiled the same text before uses its own copy),
 * refused by V8, older than the chunk (not offered), or absent.
 */
export type CacheUse = 'offered' | 'rejected' | 'stale' | 'none';

export interface LoadedChunk {
  readonly file: string;
  readonly cache: CacheUse;
}

export interface ChunkLoader {
  /** `require(SPEC)` for a chunk: SPEC relative to the loader's folder. */
  require(spec: string): unknown;
  /** The chunks loaded so far, in load order, with what became of their caches. */
  loaded(): LoadedChunk[];
  /**
   * V8's code cache of each loaded chunk as it is now: the functions run so far are compiled in
   * it, so a cache taken after a typical run spares the next run their compilation too.
   */
  codeCaches(): { file: string; data: Buffer }[];
}

interface Chunk {
  readonly module: { exports: unknown };
  readonly script: Script;
  readonly cache: CacheUse;
}

/** The file of a chunk's code cache. */
export const cacheFileOf = (file: string): string => `${file}.cache`;

/**
 * The function a chunk's text becomes, with CommonJS's five parameters. The text starts on the
 * second line of the wrapper and `lineOffset` is -1, so positions in stack traces are the file's.
 */
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname) {\n';
const WRAPPER_TAIL = '\n})';

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(cacheFileOf(file));
  } catch {
    return undefined;
  }
}

/** The cache, when it was written after the chunk (not when the chunk was edited after the build). */
function freshCache(file: string): Buffer | 'stale' | undefined {
  const data = readCache(file);
  if (data === undefined) return undefined;
  try {
    return statSync(cacheFileOf(file)).mtimeMs >= statSync(file).mtimeMs ? data : 'stale';
  } catch {
    return undefined;
  }
}

/** A loader of the chunks below DIR (the bundle's folder); each chunk is loaded once. */
export function chunkLoader(dir: string): ChunkLoader {
  const chunks = new Map<string, Chunk>();
  const nodeRequire = createRequire(resolve(dir, 'load-chunks.js'));

  function load(file: string): unknown {
    const known = chunks.get(file);
    if (known !== undefined) return known.module.exports;
    const text = readFileSync(file, 'utf8');
    const cached = freshCache(file);
    const script = new Script(WRAPPER_HEAD + text + WRAPPER_TAIL, {
      filename: file,
      lineOffset: -1,
      ...(cached instanceof Buffer ? { cachedData: cached } : {}),
    });
    const cache: CacheUse = cached === undefined ? 'none' : cached === 'stale' ? 'stale' : script.cachedDataRejected === true ? 'rejected' : 'offered';
    const module = { exports: {} as unknown };
    // Registered before it runs, as CommonJS does, so a cycle sees the exports made so far.
    chunks.set(file, { module, script, cache });
    const here = dirname(file);
    const requireHere = (spec: string): unknown => (spec.startsWith('.') ? load(resolve(here, spec)) : nodeRequire(spec));
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, requireHere, module, file, here);
    return module.exports;
  }

  return {
    require: (spec) => load(resolve(dir, spec)),
    loaded: () => [...chunks].map(([file, c]) => ({ file, cache: c.cache })),
    codeCaches: () => [...chunks].map(([file, c]) => ({ file, data: c.script.createCachedData() })),
  };
}
