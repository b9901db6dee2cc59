/**
 * Issue 10, observation 4: `blame` and `explain` take --schema and --crd like `preview` and
 * `run`, and a kind none of them declares is an error in the CLI's own words.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CRD, WIDGET } from '../support/widget-crd.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-schema-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const crd = join(dir, 'widget-crd.yaml');
writeFileSync(crd, CRD);
const live = join(dir, 'widget.yaml');
writeFileSync(live, WIDGET);
const schemaFile = join(dir, 'widget-schema.yaml');
writeFileSync(schemaFile, CRD);

describe('blame and explain with --crd and --schema', () => {
  it('blame --crd: the schema decides who owns each line', async () => {
    const r = await runCli(['blame', live, '--crd', crd, '--time', 'none']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('flux (Apply)          |   - a.example.com');
    expect(lines).toContain('kubectl-edit (Update) |     team: blue');
    expect(lines).toContain('flux (Apply)          |   labels:');
  });

  it('blame --schema takes the same file', async () => {
    const r = await runCli(['blame', live, '--schema', schemaFile, '--time', 'none']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('flux (Apply)          |   - a.example.com');
  });

  it('explain --crd: an item of an atomic list is owned through the list', async () => {
    const r = await runCli(['explain', live, '.spec.hosts', '--crd', crd, '--now', '2022-08-01T12:00:00Z']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  owned by flux (Apply at example.com/v1, since 2022-08-01T10:00:00Z, 2h ago)\n');
  });

  it('without them, a custom kind is an error naming the file, the object and the flags', async () => {
    for (const cmd of [
      ['blame', live],
      ['explain', live, '.spec.hosts'],
    ]) {
      const r = await runCli(cmd);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `ssa-sim ${cmd[0]}: ${live}:2:7: widget.example.com/w: no schema for kind "Widget" in version "example.com/v1" (searched: built-in Kubernetes schema); give its CustomResourceDefinition with --crd FILE or its schema with --schema FILE\n`,
      );
      expect(r.stderr).not.toMatch(/objects\[0\]|schema\.crds/);
    }
  });

  it('--help shows the flags with an example', async () => {
    for (const cmd of ['blame', 'explain']) {
      const r = await runCli([cmd, '--help']);
      expect(r.stdout).toContain('--schema FILE');
      expect(r.stdout).toContain('--crd FILE');
      expect(r.stdout).toMatch(/ssa-sim \w+ .*--crd \S+\.yaml/);
    }
  });
});
