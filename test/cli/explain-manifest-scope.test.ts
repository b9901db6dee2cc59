/**
 * `explain LIVE PATH -f MANIFEST --field-manager NAME` gives the verdict of an apply of MANIFEST.
 * A manifest with no objects is kubectl's "no objects passed to apply" (preview: "no objects to
 * apply", exit 2), and one that does not name the explained object leaves it alone; both got
 * "NO CHANGE: ... owns it before and after", a verdict for an apply that does not touch it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-explain-scope-');

const live = join(dir, 'settings.yaml');
writeFileSync(
  live,
  `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:color: {}
    manager: m
    operation: Update
    time: "2024-01-01T00:00:00Z"
data:
  color: blue
`,
);
const empty = join(dir, 'empty.yaml');
writeFileSync(empty, '');
const other = join(dir, 'other.yaml');
writeFileSync(other, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: another\ndata:\n  color: red\n');

describe('explain -f: what the manifest is about', () => {
  it('a manifest without objects is an error, as for preview', async () => {
    const r = await runCli(['explain', live, '.data.color', '-f', empty, '--field-manager', 'x']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`ssa-sim explain: ${empty}: no objects to apply\n`);
  });

  it('a manifest that does not name the object: the apply leaves it alone, and the report says so', async () => {
    const r = await runCli(['explain', live, '.data.color', '-f', other, '--field-manager', 'x']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('NO CHANGE');
    expect(r.stdout).toContain(`  if x applied ${other}:\n  - the manifest has no configmap/settings -n default: the apply leaves it alone.\n`);
    const json = await runCli(['explain', live, '.data.color', '-f', other, '--field-manager', 'x', '-o', 'json']);
    const apply = JSON.parse(json.stdout).objects[0].apply;
    expect(apply.inManifest).toBe(false);
    expect(apply.verdict).toBeNull();
  });

  it('a manifest that names it gets its verdict', async () => {
    const mine = join(dir, 'mine.yaml');
    writeFileSync(mine, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  color: red\n');
    const json = await runCli(['explain', live, '.data.color', '-f', mine, '--field-manager', 'x', '-o', 'json']);
    const apply = JSON.parse(json.stdout).objects[0].apply;
    expect(apply.inManifest).toBe(true);
    expect(apply.verdict).toBe('CONFLICT');
  });
});
