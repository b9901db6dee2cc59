/**
 * The bundled command's chunk loader (src/cli/chunk-loader.ts): CommonJS semantics over
 * `vm.Script`, V8's code cache when it is fresh and accepted, the chunk's own text otherwise.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFileOf, chunkLoader } from '../../src/cli/chunk-loader.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssa-sim-chunks-'));
  // a.js and b.js require each other (a cycle, as bundler chunks may), b.js a Node built-in.
  writeFileSync(join(dir, 'a.js'), 'const b = require("./b.js");\nexports.name = "a";\nexports.fromB = () => b.name + b.join("x", "y");\nexports.fail = () => {\n  throw new Error("failed here");\n};\n');
  writeFileSync(join(dir, 'b.js'), 'const path = require("node:path");\nconst a = require("./a.js");\nexports.name = "b";\nexports.join = path.join;\nexports.early = typeof a.name;\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const fileOf = (name: string) => join(dir, name);

describe('chunkLoader', () => {
  it('loads chunks as CommonJS: relative requires, built-ins, one instance each, cycles', () => {
    const chunks = chunkLoader(dir);
    const a = chunks.require('./a.js') as { name: string; fromB(): string };
    expect(a.fromB()).toBe(`b${join('x', 'y')}`);
    const b = chunks.require('./b.js') as { early: string };
    // b ran while a was half done: it saw a's exports object before `name` was set.
    expect(b.early).toBe('undefined');
    expect(chunks.require('./a.js')).toBe(a);
    expect(chunks.loaded()).toEqual([
      { file: fileOf('a.js'), cache: 'none' },
      { file: fileOf('b.js'), cache: 'none' },
    ]);
  });

  it('keeps file positions in stack traces', () => {
    const a = chunkLoader(dir).require('./a.js') as { fail(): void };
    let stack = '';
    try {
      a.fail();
    } catch (err) {
      stack = (err as Error).stack ?? '';
    }
    expect(stack).toContain(`${fileOf('a.js')}:5:9`);
  });

  it('offers V8 a code cache taken after a run; not one older than its chunk; survives one V8 refuses', () => {
    const first = chunkLoader(dir);
    (first.require('./a.js') as { fromB(): string }).fromB();
    for (const { file, data } of first.codeCaches()) writeFileSync(cacheFileOf(file), data);
    // That V8 takes it is seen in a fresh process (test/cli/bundle.test.ts): this one has the
    // chunks in its own compilation cache already.
    expect(chunkLoader(dir).require('./a.js')).toHaveProperty('name', 'a');

    // a.js edited after its cache was written; c.js (new to this process) with a cache not V8's.
    const later = Date.now() / 1000 + 60;
    utimesSync(fileOf('a.js'), later, later);
    writeFileSync(fileOf('c.js'), 'exports.c = require("./a.js").fromB();\n');
    writeFileSync(cacheFileOf(fileOf('c.js')), 'not a code cache');
    const third = chunkLoader(dir);
    expect(third.require('./c.js')).toEqual({ c: `b${join('x', 'y')}` });
    expect(third.loaded()).toEqual([
      { file: fileOf('c.js'), cache: 'rejected' },
      { file: fileOf('a.js'), cache: 'stale' },
      { file: fileOf('b.js'), cache: 'offered' },
    ]);
  });
});
