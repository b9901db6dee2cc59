/**
 * What decided an apply, as the actors report it (issue 10, observation 6): each request records
 * the conflicts the API server forgave under the last-applied exception, and kubectl's
 * `apply --server-side` says whose client-side-apply entries it migrated to which manager.
 */
import { describe, expect, it } from 'vitest';
import { kubectlApply, kubectlEdit, serverSideApplyClient } from '../../src/actors/index.js';
import { getObject, newCluster } from './support.js';

const v1 = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  keep: "1"
  legacy: "old"
`;
const changed = v1.replace('keep: "1"', 'keep: "2"');

const clientSideApplied = () => kubectlApply(newCluster(), { manifests: v1, now: '2022-08-22T23:08:23Z' }).state;
const forgivenCause = { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using v1', field: '.data.keep' };
const target = { apiVersion: 'v1', kind: 'ConfigMap', name: 'settings', namespace: 'default' };

describe('the facts behind an apply', () => {
  it('kubectl --server-side: the first apply was forgiven one conflict; then the client-side entry migrated to kubectl', () => {
    const out = kubectlApply(clientSideApplied(), { manifests: changed, serverSide: true });
    expect(out.exitCode).toBe(0);
    expect(out.requests[0].forgivenConflicts).toEqual([forgivenCause]);
    expect(out.requests.slice(1).every((r) => r.forgivenConflicts === undefined)).toBe(true);
    expect(out.migrations).toEqual([{ target, from: ['kubectl-client-side-apply'], to: 'kubectl', dryRun: false }]);
  });

  it('--field-manager other: kubectl still migrates, to that manager; nothing is forgiven, so the changed value conflicts', () => {
    const same = kubectlApply(clientSideApplied(), { manifests: v1, serverSide: true, fieldManager: 'other' });
    expect(same.migrations).toEqual([{ target, from: ['kubectl-client-side-apply'], to: 'other', dryRun: false }]);
    const conflict = kubectlApply(clientSideApplied(), { manifests: changed, serverSide: true, fieldManager: 'other' });
    expect(conflict.exitCode).toBe(1);
    expect(conflict.requests[0].forgivenConflicts).toBeUndefined();
    expect(conflict.migrations).toBeUndefined();
  });

  it('the migrated managers are the ones whose entries owned the annotation: after kubectl edit --save-config, kubectl-edit', () => {
    const edited = kubectlEdit(clientSideApplied(), { resource: 'configmap/settings', namespace: 'default', changes: { data: { extra: 'x' } }, saveConfig: true } as never);
    expect(edited.exitCode).toBe(0);
    const out = kubectlApply(edited.state, { manifests: v1, serverSide: true });
    expect(out.migrations).toEqual([{ target, from: ['kubectl-edit'], to: 'kubectl', dryRun: false }]);
    const managers = (getObject(out.state, target).metadata as { managedFields: { manager: string }[] }).managedFields.map((e) => e.manager);
    expect(managers).toContain('kubectl-client-side-apply');
    expect(managers).not.toContain('kubectl-edit');
  });

  it('another server-side client: no migration, no forgiveness', () => {
    const out = serverSideApplyClient(clientSideApplied(), { manifests: v1, fieldManager: 'flux-like' });
    expect(out.migrations).toBeUndefined();
    expect(out.requests[0].forgivenConflicts).toBeUndefined();
  });
});
