/**
 * A field kubectl-client-side-apply owns is not safe from removal by kubectl: a client-side
 * `kubectl apply` whose manifest leaves it out deletes it (the last-applied annotation lists it),
 * and so does `kubectl apply --server-side`, which first moves kubectl-client-side-apply's entry
 * into its own (apiserver-semantics §5.4: the reason migration exists). explain said "no apply of
 * kubectl-client-side-apply's removes it; another applier leaving it out does not either".
 * Each claim is checked against preview (the API server's answer).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-explain-csa-');

/** What `kubectl apply -f` of settings {color, size} leaves (captured from ssa-sim serve with kubectl v1.32). */
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
  creationTimestamp: "2026-11-28T04:06:44Z"
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
const withoutSize = join(dir, 'without-size.yaml');
writeFileSync(withoutSize, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  color: blue\n');

describe('explain: a field kubectl-client-side-apply owns', () => {
  it('says kubectl removes it when its manifest leaves it out, client-side and server-side', async () => {
    const r = await runCli(['explain', live, '.data.size', '--now', '2026-11-28T05:00:00Z']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('another applier leaving it out does not either');
    expect(r.stdout).toContain(
      "  - a client-side `kubectl apply` whose manifest leaves it out removes it: the last-applied annotation lists it, so kubectl's patch deletes it.\n" +
        "  - `kubectl apply --server-side` (whatever its --field-manager) leaving it out removes it too: kubectl first moves kubectl-client-side-apply's fields into its own Apply entry (client-side apply migration), and its apply prunes them.\n" +
        '  - an apply by another client (EKS, Flux, Helm...: they do not migrate) that leaves it out does not remove it: kubectl-client-side-apply owns it through an Update.\n',
    );
  });

  it('what preview answers for the same applies', async () => {
    const csa = await runCli(['preview', '-f', withoutSize, '--live', live, '--client-side']);
    expect(csa.stdout).toContain('  removed .data.size: no manager left\n');
    const ssa = await runCli(['preview', '-f', withoutSize, '--live', live]);
    expect(ssa.stdout).toContain('  removed .data.size: no manager left\n');
    const other = await runCli(['preview', '-f', withoutSize, '--live', live, '--field-manager', 'eks']);
    expect(other.stdout).not.toContain('removed .data.size');
    // kubectl with another field manager migrates too, and so removes it (preview's note).
    expect(other.stdout + other.stderr).toMatch(/kubectl apply --server-side --field-manager eks would also move the Update entry of "kubectl-client-side-apply" .* removing \.data\.size/);
  });
});
