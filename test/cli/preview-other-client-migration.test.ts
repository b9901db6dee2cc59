/**
 * preview --field-manager NAME (not kubectl) is the apply as a client other than kubectl sends it
 * (EKS, Flux, Helm: no client-side apply migration). `kubectl apply --server-side --field-manager
 * NAME` migrates for any name (apiserver-semantics §5.2 step 3), and then prunes what the
 * manifest leaves out: preview said nothing of it, while kubectl would remove .data.size here (and the last-applied annotation, which only a manager named kubectl keeps).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kubectlApply } from '../../src/actors/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-other-client-');

/** What `kubectl apply -f` (client-side) of settings {color, size} leaves. */
const live = join(dir, 'settings.yaml');
writeFileSync(
  live,
  `apiVersion: v1
data:
  color: blue
  size: large
kind: ConfigMap
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"color":"blue","size":"large"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"settings","namespace":"default"}}
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:color: {}
        f:size: {}
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2026-11-28T04:06:44Z"
  name: settings
  namespace: default
  resourceVersion: "12"
  uid: 00000000-0000-4000-8000-00000000000b
`,
);
const MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  color: blue\n';
const manifest = join(dir, 'only-color.yaml');
writeFileSync(manifest, MANIFEST);

describe('preview --field-manager NAME when kubectl would migrate client-side ownership', () => {
  it('says what kubectl apply --server-side --field-manager NAME would do instead', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'my-team']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'not kubectl: this is the apply as other clients send it (EKS, Flux, Helm...); kubectl apply --server-side --field-manager my-team would also move the Update entry of "kubectl-client-side-apply" on configmap/settings -n default into the Apply entry of "my-team" (client-side apply migration) and apply again, removing .data.size, .metadata.annotations\n',
    );
    expect(r.stdout).not.toContain('removed .data.size');
  });

  it('kubectl itself, with that field manager, removes .data.size (the actor the note is read from)', () => {
    let state = newClusterState(builtinCatalog(), '2026-11-28T04:06:44Z');
    state = kubectlApply(state, { manifests: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  color: blue\n  size: large\n', now: '2026-11-28T04:06:44Z' }).state;
    const out = kubectlApply(state, { manifests: MANIFEST, serverSide: true, fieldManager: 'my-team', now: '2026-11-28T05:00:00Z' });
    expect(out.exitCode).toBe(0);
    const cm = [...out.state.objects.values()].find((o) => (o.metadata as { name?: string }).name === 'settings')!;
    expect(cm.data).toEqual({ color: 'blue' });
  });
});
