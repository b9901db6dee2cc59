/**
 * kubectl replace, kubectl delete, kubectl set resources and kubectl create deployment|configmap|
 * secret as scenario actions (`kubectl-replace`, `kubectl-delete`, `kubectl-set-resources`,
 * `kubectl-create-deployment`, ...), with `dryRun`: each step runs
 * the actor, its `$` line is the command a user would type, and the expectations see what it left.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';

const SCENARIO = `name: replace and delete
mode: cluster
objects:
  - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web, namespace: default}, spec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}}}
steps:
  - kubectl-create: {manifests: [{apiVersion: v1, kind: ConfigMap, metadata: {name: settings}, data: {a: "1"}}]}
  - kubectl-replace:
      manifests: |
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        data:
          a: "2"
      dryRun: server
    expect:
      stdout: "configmap/settings replaced (server dry run)\\n"
      target: {kind: ConfigMap, name: settings, namespace: default}
      unchangedSince: 1
  - kubectl-replace:
      filename: cm.yaml
      manifests: [{apiVersion: v1, kind: ConfigMap, metadata: {name: settings}, data: {a: "2"}}]
    expect:
      stdout: "configmap/settings replaced\\n"
      object: {data: {a: "2"}}
      managedFields: [{manager: kubectl-create, operation: Update}, {manager: kubectl-replace, operation: Update}]
  - kubectl-set-resources: {resource: deployment/web, limits: {cpu: "0.5"}}
    expect:
      stdout: "deployment.apps/web resource requirements updated\\n"
      object: {spec: {template: {spec: {containers: [{name: web, resources: {limits: {cpu: 500m}}}]}}}}
  - kubectl-delete: {resource: configmap/settings, dryRun: client}
    expect:
      stdout: "configmap \\"settings\\" deleted (dry run)\\n"
      target: {kind: ConfigMap, name: settings, namespace: default}
      exists: true
  - kubectl-delete: {resource: configmap/settings}
    expect:
      stdout: "configmap \\"settings\\" deleted\\n"
      exists: false
  - kubectl-delete: {resource: configmap/settings}
    expect:
      exitCode: 1
      stderr: "Error from server (NotFound): configmaps \\"settings\\" not found\\n"
  - kubectl-create-configmap: {name: settings, literals: {a: "1"}, dryRun: client, output: yaml}
    expect:
      stdout: "apiVersion: v1\\ndata:\\n  a: \\"1\\"\\nkind: ConfigMap\\nmetadata:\\n  creationTimestamp: null\\n  name: settings\\n"
      target: {kind: ConfigMap, name: settings, namespace: default}
      exists: false
  - kubectl-create-deployment: {name: api, images: [nginx:1.25], replicas: 2, dryRun: client}
    expect:
      stdout: "deployment.apps/api created (dry run)\\n"
  - kubectl-create-secret: {name: creds, literals: {user: admin}, dryRun: client, output: name}
    expect:
      stdout: "secret/creds\\n"
`;

describe('kubectl-replace, kubectl-delete, kubectl-set-resources and kubectl-create-* scenario actions', () => {
  it('run, print their lines, and say what they left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-replace-delete-'));
    const file = join(dir, 's.yaml');
    writeFileSync(file, SCENARIO);
    const r = await runCli(['run', file]);
    expect(r.stderr, r.stdout).toBe("");
    expect(r.code, r.stdout).toBe(0);
    const dollars = [...r.stdout.matchAll(/\n {2}\$ (.*)\n/g)].map((m) => m[1]);
    expect(dollars).toEqual([
      'kubectl create -f configmap-settings.yaml',
      'kubectl replace --dry-run=server -f configmap-settings.yaml',
      'kubectl replace -f cm.yaml',
      'kubectl set resources deployment/web --limits=cpu=0.5',
      'kubectl delete configmap/settings --dry-run=client',
      'kubectl delete configmap/settings',
      'kubectl delete configmap/settings',
      'kubectl create configmap settings --from-literal=a=1 --dry-run=client -o yaml',
      'kubectl create deployment api --image=nginx:1.25 --replicas=2 --dry-run=client',
      'kubectl create secret generic creds --from-literal=user=admin --dry-run=client -o name',
    ]);
  });
});
