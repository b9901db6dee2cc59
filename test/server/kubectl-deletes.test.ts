/**
 * Real kubectl deleting a namespace and a CustomResourceDefinition on `ssa-sim serve`: what they
 * held goes with them, as the namespace controller and the CRD finalizer make it go in a cluster,
 * and the namespaces a cluster needs may not be deleted.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { openWidgetCrd } from './open-widget-crd.js';

const available = kubectlAvailable();


describe.skipIf(!available)('real kubectl: deleting namespaces and CRDs', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a new namespace carries the kubernetes finalizer; deleting it deletes what it holds', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'namespace', 'demo'])).code).toBe(0);
    expect((await s.k.run(['get', 'namespace', 'demo', '-o', 'jsonpath={.spec.finalizers}{" "}{.status.phase}'])).stdout).toBe('["kubernetes"] Active');
    expect((await s.k.run(['create', 'configmap', 'settings', '-n', 'demo', '--from-literal=a=b'])).code).toBe(0);
    expect((await s.k.run(['create', 'configmap', 'settings', '-n', 'default', '--from-literal=a=b'])).code).toBe(0);
    const del = await s.k.run(['delete', 'namespace', 'demo']);
    expect(del).toEqual({ code: 0, stdout: 'namespace "demo" deleted\n', stderr: '' });
    expect(await s.k.run(['get', 'configmaps', '-n', 'demo'])).toEqual({ code: 0, stdout: '', stderr: 'No resources found in demo namespace.\n' });
    expect((await s.k.run(['get', 'configmap', 'settings', '-n', 'default', '-o', 'name'])).stdout).toBe('configmap/settings\n');
    // Created again, the namespace is empty.
    expect((await s.k.run(['create', 'namespace', 'demo'])).code).toBe(0);
    expect((await s.k.run(['get', 'configmaps', '-n', 'demo'])).stderr).toBe('No resources found in demo namespace.\n');
  });

  it('default may not be deleted', { timeout: 60_000 }, async () => {
    expect(await s.k.run(['delete', 'namespace', 'default'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted\n',
    });
  });

  it('deleting a CRD deletes its custom resources: created again, it serves none of them', { timeout: 120_000 }, async () => {
    const crd = s.k.file('crd.json', JSON.stringify(openWidgetCrd()));
    const widget = s.k.file('widget.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default}\nspec: {size: 1}\n');
    expect((await s.k.run(['apply', '-f', crd])).code).toBe(0);
    expect((await s.k.run(['apply', '-f', widget])).code).toBe(0);
    expect((await s.k.run(['get', 'widgets', '-o', 'name'])).stdout).toBe('widget.example.com/w1\n');
    expect((await s.k.run(['delete', '-f', crd])).stdout).toBe('customresourcedefinition.apiextensions.k8s.io "widgets.example.com" deleted\n');
    expect((await s.k.run(['apply', '-f', crd])).code).toBe(0);
    expect(await s.k.run(['get', 'widgets', '-A'])).toEqual({ code: 0, stdout: '', stderr: 'No resources found\n' });
  });
});
