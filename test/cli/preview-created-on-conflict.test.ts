/**
 * kubectl applies object by object and goes on past a refused one, so a manifest object the
 * capture lacks is created even when another conflicts. preview said so (one warning line on
 * stderr, docs/live-objects.md) only when every object succeeded.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-created-on-conflict-');

const live = join(dir, 'live.yaml');
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
    manager: kubectl-edit
    operation: Update
    time: "2024-01-01T00:00:00Z"
data:
  color: blue
`,
);
const manifest = join(dir, 'two.yaml');
writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  color: red\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fresh\ndata:\n  a: b\n');

describe('preview: a conflict next to an object the capture lacks', () => {
  it("prints kubectl's conflict, then the warning about the object it creates", async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'eks']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('configmap/fresh serverside-applied\n');
    expect(r.stderr).toMatch(/^error: Apply failed with 1 conflict: conflict with "kubectl-edit" using v1: \.data\.color\n/);
    expect(r.stderr).toMatch(/\nwarning: 1 of 2 objects in .*two\.yaml matches no live object in .*live\.yaml and would be created: configmap\/fresh -n default \(give -n NAMESPACE to aim at another namespace\)\n$/);
  });
});
