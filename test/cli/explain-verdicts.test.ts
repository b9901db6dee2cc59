/**
 * Issue 10, observation 3: `explain -f MANIFEST --field-manager NAME` gives every path exactly one
 * verdict, read from the offline apply's actual result, fields only the manifest has included.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-verdicts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LIVE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:a: {}
        f:b: {}
        f:e: {}
    manager: eks
    operation: Apply
    time: "2022-08-01T10:00:00Z"
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:b: {}
        f:c: {}
        f:f: {}
    manager: kubectl-edit
    operation: Update
    time: "2022-08-01T11:00:00Z"
data:
  a: "1"
  b: "2"
  c: "3"
  e: "5"
  f: "6"
`;

/** Keeps a, drops b (shared) and e (eks's alone), sets c to its live value, adds d. */
const QUIET = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: default}
data:
  a: "1"
  c: "3"
  d: "4"
`;

/** Also sets f, which kubectl-edit owns, to another value. */
const CLASHING = `apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: default}
data:
  a: "1"
  f: "60"
`;

const live = join(dir, 'live.yaml');
const quiet = join(dir, 'quiet.yaml');
const clashing = join(dir, 'clashing.yaml');
writeFileSync(live, LIVE);
writeFileSync(quiet, QUIET);
writeFileSync(clashing, CLASHING);
const now = ['--now', '2022-08-01T12:00:00Z'];

async function verdict(path: string, manifest: string, ...flags: string[]): Promise<string> {
  const r = await runCli(['explain', live, path, '-f', manifest, '--field-manager', 'eks', ...now, ...flags]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const lines = r.stdout.split('\n').filter((l) => /^ {2}- [A-Z]/.test(l) && /^ {2}- (ADD|TAKE|SHARE|CONFLICT|REMOVE|GIVE UP|NO CHANGE):/.test(l));
  expect(lines, r.stdout).toHaveLength(1);
  return lines[0];
}

describe('explain -f: one verdict per path', () => {
  it('ADD: a field only the manifest has', async () => {
    const r = await runCli(['explain', live, '.data.d', '-f', quiet, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'configmap/settings .data.d',
        '  not in the live object: the manifest adds it.',
        `  if eks applied ${quiet}:`,
        '  - ADD: the live object does not have it; the manifest adds it as "4" and eks would own it.',
        '',
      ].join('\n'),
    );
  });

  it('NO CHANGE, GIVE UP, REMOVE, SHARE', async () => {
    expect(await verdict('.data.a', quiet)).toBe('  - NO CHANGE: eks owns it before and after.');
    expect(await verdict('.data.b', quiet)).toBe('  - GIVE UP: the manifest leaves it out, so eks would stop owning it; it stays because kubectl-edit still owns it.');
    expect(await verdict('.data.e', quiet)).toBe('  - REMOVE: the apply would remove it (was "5"): the manifest leaves it out and nobody else owns it.');
    expect(await verdict('.data.c', quiet)).toBe('  - SHARE: the manifest sets the live value "3", so eks would co-own it with kubectl-edit: no conflict.');
  });

  it('CONFLICT from the server\'s 409, and TAKE when forced', async () => {
    expect(await verdict('.data.f', clashing)).toBe(
      '  - CONFLICT: kubectl-edit owns it and the manifest sets "60" where the live value is "6": the server answers 409.',
    );
    expect(await verdict('.data.f', clashing, '--force-conflicts')).toBe('  - TAKE: eks would take it from kubectl-edit, setting "60" (was "6").');
  });

  it('other fields\' conflicts: the verdict is what happens once they are resolved, and says so', async () => {
    const r = await runCli(['explain', live, '.data.e', '-f', clashing, '--field-manager', 'eks', ...now]);
    expect(r.stdout).toContain('  - the apply fails on other fields (see `ssa-sim preview`); if those were resolved:\n  - REMOVE:');
  });

  it('a path neither the object nor the manifest has is still an error', async () => {
    const r = await runCli(['explain', live, '.data.zz', '-f', quiet, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('configmap/settings: .data has no field "zz"');
  });
});
