/**
 * What kubectl prints on stderr when the apply succeeds is part of what it prints: `kubectl apply`
 * to an object without the last-applied annotation warns that it is missing (checked against
 * kubectl v1.32 in test/server/kubectl-compare.test.ts). preview dropped kubectl's stderr unless
 * the apply failed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-preview-warnings-');

/** What `kubectl create cm created1 --from-literal=a=1` leaves: no last-applied annotation. */
const live = join(dir, 'created1.yaml');
writeFileSync(
  live,
  `apiVersion: v1
data:
  a: "1"
kind: ConfigMap
metadata:
  creationTimestamp: "2026-11-28T04:35:36Z"
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:a: {}
    manager: kubectl-create
    operation: Update
    time: "2026-11-28T04:35:36Z"
  name: created1
  namespace: default
  resourceVersion: "40"
  uid: 00000000-0000-4000-8000-000000000015
`,
);
const manifest = join(dir, 'c1.yaml');
writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: created1\ndata:\n  a: "2"\n');

describe("preview passes kubectl's warnings on", () => {
  it('client-side apply to an object created without --save-config', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--client-side']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'Warning: resource configmaps/created1 is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n',
    );
    expect(r.stdout).toContain('configmap/created1 configured\n');
  });
});
