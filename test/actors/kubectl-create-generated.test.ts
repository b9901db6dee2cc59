/**
 * `kubectl create deployment|configmap|secret generic --dry-run=client` (k8s.io/kubectl v0.32.4
 * pkg/cmd/create): the object kubectl builds, printed as its YAML printer prints it; nothing sent.
 * The texts are real kubectl v1.32.4's (test/server/kubectl-more-commands-compare.test.ts runs
 * both side by side).
 */
import { describe, expect, it } from 'vitest';
import { kubectlCreateConfigMap, kubectlCreateDeployment, kubectlCreateSecret } from '../../src/actors/index.js';
import { newCluster } from './support.js';

describe('kubectl create deployment|configmap|secret --dry-run=client', () => {
  it('-o yaml of a deployment: the zero-valued fields Go writes, keys sorted, no request', () => {
    const out = kubectlCreateDeployment(newCluster(), { name: 'web', images: ['nginx:1.25'], dryRun: 'client', output: 'yaml' });
    expect(out.requests).toEqual([]);
    expect(out.stdout).toBe(
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  creationTimestamp: null\n  labels:\n    app: web\n  name: web\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: web\n  strategy: {}\n  template:\n    metadata:\n      creationTimestamp: null\n      labels:\n        app: web\n    spec:\n      containers:\n      - image: nginx:1.25\n        name: nginx\n        resources: {}\nstatus: {}\n',
    );
  });

  it('a configmap and a secret: literals as data, the secret base64-encoded (UTF-8)', () => {
    const cm = kubectlCreateConfigMap(newCluster(), { name: 'settings', literals: { b: 'two words', a: '1' }, dryRun: 'client', output: 'yaml' });
    expect(cm.stdout).toBe('apiVersion: v1\ndata:\n  a: "1"\n  b: two words\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: settings\n');
    const secret = kubectlCreateSecret(newCluster(), { name: 'creds', literals: { pass: 's3crét' }, dryRun: 'client', output: 'yaml' });
    expect(secret.stdout).toBe('apiVersion: v1\ndata:\n  pass: czNjcsOpdA==\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: creds\n');
  });

  it('only the client dry run is modelled: anything else is refused, not sent with other bytes', () => {
    const out = kubectlCreateDeployment(newCluster(), { name: 'web', images: ['nginx'] });
    expect([out.exitCode, out.requests.length, out.stderr]).toEqual([1, 0, 'error: kubectl create deployment is modelled only with --dry-run=client (dryRun: client)\n']);
  });
});
