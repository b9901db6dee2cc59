/**
 * `kubectl edit` as a person uses it: they change one line in the editor, and kubectl sends the
 * two-way strategic merge patch between the object it showed and the saved file. A scenario's
 * `changes` are that one-line change, so they are made to the shown document the way a person
 * edits it (list items found by their merge key), not as a JSON merge patch that replaces lists.
 */
import { describe, expect, it } from 'vitest';
import { kubectlCreate, kubectlEdit } from '../../src/actors/index.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { entry, fields, getObject, newCluster } from './support.js';

const NGINX = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'nginx' } as const;
const deployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  selector:
    matchLabels: {app: nginx}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        env:
        - {name: FOO, value: foo}
        - {name: BAR, value: bar}
      - name: sidecar
        image: busybox:1.36
`;

function created(): ClusterState {
  return kubectlCreate(newCluster(), { manifests: deployment, now: '2024-01-01T00:00:00Z' }).state;
}

const target = { resource: 'deployment', name: 'nginx' };
const editFoo = { spec: { template: { spec: { containers: [{ name: 'nginx', env: [{ name: 'FOO', value: 'changed' }] }] } } } };

describe('kubectl edit: changes are one edit of the shown document', () => {
  it('editing one env var keeps the other env vars, the image and the other container', () => {
    const out = kubectlEdit(created(), { ...target, changes: editFoo });
    expect(out.stdout).toBe('deployment.apps/nginx edited\n');
    const containers = (getObject(out.state, NGINX).spec as any).template.spec.containers;
    expect(containers.map((c: any) => c.name)).toEqual(['nginx', 'sidecar']);
    expect(containers[0].image).toBe('nginx:1.25');
    expect(containers[0].env).toEqual([
      { name: 'FOO', value: 'changed' },
      { name: 'BAR', value: 'bar' },
    ]);
    expect(containers[1].image).toBe('busybox:1.36');
  });

  it('sends the strategic merge patch kubectl computes from the two documents, and owns only the edited value', () => {
    const out = kubectlEdit(created(), { ...target, changes: editFoo });
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0].contentType).toBe('application/strategic-merge-patch+json');
    expect(out.requests[0].body).toEqual(JSON.parse(
      '{"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"},{"name":"sidecar"}],"containers":[{"$setElementOrder/env":[{"name":"FOO"},{"name":"BAR"}],"env":[{"name":"FOO","value":"changed"}],"name":"nginx"}]}}}}',
    ));
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-edit', 'Update'))).toBe(
      '{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:env":{"k:{\\"name\\":\\"FOO\\"}":{"f:value":{}}}}}}}}}',
    );
  });

  it('a list item the user deletes is written with $patch: delete; the other items stay', () => {
    const out = kubectlEdit(created(), {
      ...target,
      changes: { spec: { template: { spec: { containers: [{ name: 'nginx', env: [{ name: 'BAR', $patch: 'delete' }] }, { name: 'sidecar', image: 'busybox:1.37' }] } } } },
    });
    const containers = (getObject(out.state, NGINX).spec as any).template.spec.containers;
    expect(containers[0].env).toEqual([{ name: 'FOO', value: 'foo' }]);
    expect(containers[0].image).toBe('nginx:1.25');
    expect(containers[1]).toMatchObject({ name: 'sidecar', image: 'busybox:1.37' });
  });

  it('the same change again is "Edit cancelled", nothing sent', () => {
    const once = kubectlEdit(created(), { ...target, changes: editFoo });
    const again = kubectlEdit(once.state, { ...target, changes: editFoo });
    expect(again.requests).toEqual([]);
    expect(again.stderr).toBe('Edit cancelled, no changes made.\n');
  });
});
