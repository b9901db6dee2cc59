/**
 * The real kubectl 1.32 prints each pod warning kube-apiserver sends for a workload's template
 * (pkg/api/pod/warnings.go) as `Warning: <text>` on stderr; a second identical apply leaves the
 * template unchanged, so the Deployment strategy's WarningsOnUpdate adds none.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: legacy
  namespace: default
spec:
  selector:
    matchLabels:
      app: legacy
  template:
    metadata:
      labels:
        app: legacy
      annotations:
        scheduler.alpha.kubernetes.io/critical-pod: ""
    spec:
      nodeSelector:
        beta.kubernetes.io/os: linux
      containers:
      - name: c
        image: nginx
`;

describe.skipIf(!kubectlAvailable())('pod template warnings through kubectl apply', () => {
  const at = serverWithKubectl();
  it('kubectl apply -f prints the Warning lines a 1.32 cluster sends', { timeout: 120_000 }, async () => {
    const file = at.k.file('legacy.yaml', DEPLOYMENT);
    const first = await at.k.run(['apply', '-f', file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('deployment.apps/legacy created\n');
    expect(first.stderr).toBe(
      'Warning: spec.template.spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead\n' +
        'Warning: spec.template.metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead\n',
    );
    const second = await at.k.run(['apply', '-f', file]);
    expect(second).toEqual({ code: 0, stdout: 'deployment.apps/legacy unchanged\n', stderr: '' });
  });
});
