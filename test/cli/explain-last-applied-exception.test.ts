/**
 * The API server forgives an apply by `kubectl` its conflicts on fields whose live value still
 * equals the last-applied annotation, whoever owns them (apiserver-semantics §2.8). After
 * `kubectl set image` back to the manifest's image, kubectl-set owns it with the annotation's
 * value: explain said any apply that changes it conflicts, "whoever applies", while `kubectl
 * apply --server-side` takes it (preview shows the exception).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-explain-exception-');

const live = (image: string) => `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"annotations":{},"name":"web","namespace":"default"},"spec":{"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"image":"nginx:1.25","name":"nginx"}]}}}}
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
      f:spec:
        f:selector: {}
        f:template:
          f:metadata:
            f:labels:
              .: {}
              f:app: {}
          f:spec:
            f:containers:
              k:{"name":"nginx"}:
                .: {}
                f:name: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2026-11-28T04:06:44Z"
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"nginx"}:
                f:image: {}
    manager: kubectl-set
    operation: Update
    time: "2026-11-28T04:07:44Z"
  name: web
  namespace: default
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: ${image}
        name: nginx
`;
const same = join(dir, 'same.yaml');
writeFileSync(same, live('nginx:1.25'));
const other = join(dir, 'other.yaml');
writeFileSync(other, live('nginx:1.26'));
const manifest = join(dir, 'img.yaml');
writeFileSync(manifest, 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1.27\n');
const PATH = '.spec.template.spec.containers[name="nginx"].image';
const EXCEPTION =
  '  - except an apply by kubectl (kubectl apply --server-side): the live value still equals the last-applied annotation, so the API server forgives that conflict and kubectl takes the field as if forced.\n';

describe('explain: the last-applied exception', () => {
  it('a field whose live value equals the annotation: kubectl is forgiven, as preview shows', async () => {
    const r = await runCli(['explain', same, PATH, '--now', '2026-11-28T05:00:00Z']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(EXCEPTION);
    const p = await runCli(['preview', '-f', manifest, '--live', same]);
    expect(p.code).toBe(0);
    expect(p.stdout).toContain('last-applied exception: the API server did not report 1 conflict with "kubectl-set"');
  });

  it('a field whose live value differs from the annotation: no exception, and kubectl conflicts', async () => {
    const r = await runCli(['explain', other, PATH, '--now', '2026-11-28T05:00:00Z']);
    expect(r.stdout).not.toContain('except an apply by kubectl');
    const p = await runCli(['preview', '-f', manifest, '--live', other]);
    expect(p.code).toBe(1);
  });
});
