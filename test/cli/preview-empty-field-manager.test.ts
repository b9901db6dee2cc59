/**
 * `--field-manager=` (empty) is a flag kubectl takes as given: it sends no field manager (Go's
 * omitempty), so the API server names a client-side apply's Update after kubectl's user agent
 * (`kubectl`) and refuses a server-side apply with a 422, which kubectl prints from the Status's
 * details (checked against kubectl v1.32 in test/server/kubectl-compare.test.ts). preview and diff
 * answer the same.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-empty-manager-');

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
        .: {}
        f:color: {}
    manager: kubectl-create
    operation: Update
    time: "2024-01-01T00:00:00Z"
data:
  color: blue
`,
);
const manifest = join(dir, 'settings.yaml');
writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  color: red\n');
const REFUSED = 'The PatchOptions "" is invalid: fieldManager: Required value: is required for apply patch\n';

describe('--field-manager= (empty)', () => {
  it('preview, server-side: the API server refuses the apply (422), as kubectl prints it; exit 1', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager=']);
    expect(r.stderr).toBe(REFUSED);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('field manager "" (kubectl sends none, and the API server requires one for an apply), server-side apply, no force\n');
  });

  it('preview, client-side: the Update is recorded under kubectl, the name in kubectl\'s user agent', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--client-side', '--field-manager=', '-o', 'yaml', '--show-managed-fields']);
    // The live object was made without kubectl apply: kubectl says so, as it does on any apply.
    expect(r.stderr).toMatch(/^Warning: resource configmaps\/settings is missing the kubectl.kubernetes.io\/last-applied-configuration annotation /);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('    manager: kubectl\n    operation: Update\n');
    const text = await runCli(['preview', '-f', manifest, '--live', live, '--client-side', '--field-manager=']);
    expect(text.stdout.split('\n')[0]).toBe('field manager "" (kubectl sends none: the API server names the writer from its user agent, "kubectl"), client-side apply (three-way patch)');
    expect(text.stdout).toContain('  kubectl took .data.color from kubectl-create\n');
    expect(r.stdout).not.toContain('manager: kubectl-client-side-apply');
  });

  it('diff --server-side: the same 422, exit 2', async () => {
    const r = await runCli(['diff', '-f', manifest, '--live', live, '--server-side', '--field-manager=']);
    expect(r.stderr).toBe(REFUSED);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });
});
