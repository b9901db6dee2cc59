/**
 * `-o FILE` with a text report (any extension but .json, .yaml, .yml) writes to the file the text
 * the command prints without -o: all of it, whatever the outcome. A report file that lacks its
 * first line, says "see above" about lines that are not in it, or is left as an earlier run wrote
 * it, tells the reader something other than what happened.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir, write } = scratchDir('ssa-sim-text-report-files-');

const passing = write(
  'passing.yaml',
  `name: one applier
mode: engine
steps:
  - apply: {manager: a, apiVersion: v1, object: {x: 1}}
    expect:
      owners: {.x: [a]}
`,
);
const invalid = write('invalid.yaml', 'name: broken\nmode: engine\nsteps:\n  - apply: {manager: a, objct: {}}\n');

const live = write(
  'live.yaml',
  `apiVersion: v1
kind: ConfigMap
metadata:
  name: x
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:a: {}
    manager: alice
    operation: Apply
    time: "2022-09-01T10:00:00Z"
data:
  a: "0"
`,
);
const manifest = write('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n');
const now = ['--now', '2022-09-02T00:00:00Z'];

describe('run -o FILE as text', () => {
  it('holds an invalid file\'s error where the file comes, and the count of scenarios that passed', async () => {
    const out = join(dir, 'report.txt');
    const r = await runCli(['run', invalid, passing, '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const error = `ssa-sim run: ${invalid}:4:25: steps[0].apply.objct: unknown key "objct" (did you mean "object"?); expected one of: manager, apiVersion, object, force\n`;
    expect(r.stderr).toBe(error);
    const text = readFileSync(out, 'utf8');
    const onTerminal = await runCli(['run', invalid, passing]);
    // What a terminal shows, stderr's error line in its place, and nothing else.
    expect(text).toBe(error + onTerminal.stdout);
    expect(text.endsWith('\n1 of 2 scenarios passed (some files are invalid, see above)\n')).toBe(true);
  });

  it('is not empty when the only file is invalid', async () => {
    const out = join(dir, 'only-invalid.txt');
    const r = await runCli(['run', invalid, '-o', out]);
    expect(r.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe(r.stderr);
  });
});

describe('preview -o FILE as text', () => {
  it('holds the request line with the changes, as preview prints them', async () => {
    const out = join(dir, 'preview.txt');
    const args = ['preview', '-f', manifest, '--live', live, '--field-manager', 'bob', '--force-conflicts', ...now];
    const printed = await runCli(args);
    expect(printed.code).toBe(0);
    expect(printed.stdout.startsWith('field manager "bob", server-side apply, force\n')).toBe(true);
    const r = await runCli([...args, '-o', out]);
    expect([r.stdout, r.stderr, r.code]).toEqual(['', printed.stderr, 0]);
    expect(readFileSync(out, 'utf8')).toBe(printed.stdout);
  });

  it('is written on a conflict as well, not left as an earlier run wrote it', async () => {
    const out = join(dir, 'conflict.txt');
    writeFileSync(out, 'an earlier run\n');
    const args = ['preview', '-f', manifest, '--live', live, '--field-manager', 'bob', ...now];
    const printed = await runCli(args);
    expect(printed.code).toBe(1);
    const r = await runCli([...args, '-o', out]);
    expect([r.stdout, r.stderr, r.code]).toEqual(['', printed.stderr, 1]);
    expect(readFileSync(out, 'utf8')).toBe(printed.stdout);
  });
});

describe('colour', () => {
  it('never goes into a report file, even when stdout is a terminal', async () => {
    const out = join(dir, 'colour.txt');
    const args = ['preview', '-f', manifest, '--live', live, '--field-manager', 'bob', '--force-conflicts', ...now];
    const plain = await runCli(args);
    const r = await runCli([...args, '-o', out], { isTTY: true });
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(plain.stdout);
  });
});
