/**
 * What README.md and docs/*.md show a command printing is what it prints: every block marked in
 * its fence (test/docs/doc-blocks.ts) is run, as a process in a folder as a user would, and
 * compared byte for byte. A transcript (`$ ssa-sim ...` lines) left unmarked fails too, so an
 * example cannot be added without being checked.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleCli } from '../cli/built-cli.js';
import { type DocBlock, ROOT, docFiles, fencedBlocks, markOf, missingParagraph, sessionSteps, shellWords } from './doc-blocks.js';
import { DOC_INPUTS } from './doc-inputs.js';

const blocks = docFiles().flatMap((f) => fencedBlocks(f));
const marked = blocks.map((b) => ({ b, mark: markOf(b) })).filter((x) => x.mark !== undefined);
const scratch = mkdtempSync(join(tmpdir(), 'ssa-sim-doc-outputs-'));
let bin = '';

beforeAll(async () => {
  bin = await bundleCli();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The folder an example runs in: the repository, or a new folder with the named inputs. */
function folderFor(b: DocBlock, inputs: string | undefined): string {
  if (inputs === undefined) return ROOT;
  const files = DOC_INPUTS[inputs];
  if (files === undefined) throw new Error(`${b.file}:${b.line}: no inputs named ${inputs} in test/docs/doc-inputs.ts`);
  const dir = mkdtempSync(join(scratch, `${inputs}-`));
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    if (name.endsWith('/')) mkdirSync(path, { recursive: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
  }
  return dir;
}

/** Everything `ssa-sim ARGS` prints in `cwd`, standard output and error on one pipe as a terminal shows them. */
function run(args: readonly string[], cwd: string): string {
  const r = spawnSync('bash', ['-c', 'exec "$0" "$@" 2>&1', process.execPath, bin, ...args], {
    cwd,
    encoding: 'utf8',
    input: '',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC' },
  });
  if (r.error) throw r.error;
  return r.stdout;
}

describe('the commands and outputs README.md and docs/ show', () => {
  it('reads every mark, and finds the examples it is meant for', () => {
    expect(shellWords(`preview -f 'x[' --live "a b.yaml" c\\ d`)).toEqual(['preview', '-f', 'x[', '--live', 'a b.yaml', 'c d']);
    expect(missingParagraph('b\nc\n\ne\n', 'a\nb\nc\nd\ne\n')).toBeUndefined();
    expect(missingParagraph('b\nd\n', 'a\nb\nc\nd\n')).toBe('b\nd');
    expect(missingParagraph('d\n\nb\n', 'a\nb\nc\nd\n')).toBe('b');
    expect(marked.some(({ b }) => b.file === 'README.md')).toBe(true);
  });

  it('leaves no transcript of ssa-sim unchecked', () => {
    const unmarked = blocks.filter((b) => markOf(b) === undefined && /^\$ ssa-sim /m.test(b.body)).map((b) => `${b.file}:${b.line}`);
    expect(unmarked).toEqual([]);
  });

  for (const { b, mark } of marked) {
    it(`${b.file}:${b.line} (${mark!.kind})`, () => {
      const cwd = folderFor(b, mark!.inputs);
      if (mark!.kind === 'session') {
        for (const step of sessionSteps(b)) {
          const out = run(step.args, cwd);
          if (step.tab) expect(step.shown.split(/\s+/).filter(Boolean), `$ ssa-sim ${step.args.join(' ')}`).toEqual(out.split('\n').filter(Boolean));
          else expect(out, `$ ssa-sim ${step.args.join(' ')}`).toBe(step.shown);
        }
      } else if (mark!.kind === 'output-of') {
        expect(run(mark!.args, cwd)).toBe(b.body);
      } else {
        const output = run(mark!.args, cwd);
        expect(missingParagraph(b.body, output), `not in the output of ssa-sim ${mark!.args.join(' ')}:\n${output}`).toBeUndefined();
      }
    });
  }
});
