/**
 * explain -f reads the 409's conflicting paths as paths, not as text: a conflict on `.data.a`
 * is not one on `.data.a.b` (the key "a.b" is a sibling of "a", though its path starts with the
 * same text). The API server's answer, checked with preview: the 409 names `.data.a` only.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-verdict-keys-');

const live = join(dir, 'live.yaml');
const manifest = join(dir, 'm.yaml');
writeFileSync(
  live,
  `apiVersion: v1
kind: ConfigMap
metadata:
  name: d
  namespace: default
  managedFields:
  - manager: bob
    operation: Update
    apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:a: {}
data:
  a: "1"
`,
);
writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: d, namespace: default}\ndata:\n  a: "2"\n  a.b: "3"\n');

describe('explain -f: a conflict on .data.a is not one on .data.a.b', () => {
  it('the server names .data.a only', async () => {
    const p = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'carol']);
    expect(p.stderr).toContain('error: Apply failed with 1 conflict: conflict with "bob" using v1: .data.a\n');
  });

  it('.data.a.b: added, once the conflict elsewhere is resolved', async () => {
    const r = await runCli(['explain', live, '.data.a.b', '-f', manifest, '--field-manager', 'carol', '--now', '2026-01-10T00:00:00Z']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('CONFLICT');
    expect(r.stdout).toContain('  - the apply fails on other fields (see `ssa-sim preview`); if those were resolved:\n  - ADD: the live object does not have it; the manifest adds it as "3" and carol would own it.\n');
  });

  it('.data.a: the conflict', async () => {
    const r = await runCli(['explain', live, '.data.a', '-f', manifest, '--field-manager', 'carol', '--now', '2026-01-10T00:00:00Z']);
    expect(r.stdout).toContain('  - CONFLICT: bob owns it and the manifest sets "2" where the live value is "1": the server answers 409.\n');
  });
});
