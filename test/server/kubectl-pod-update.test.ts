/**
 * What real kubectl 1.32 prints when kube-apiserver refuses a Pod update (validate-pod-update.ts):
 * `kubectl apply` of a pod whose container env changed, through client-side and server-side apply,
 * and of one whose image changed (allowed). The message ends with go-cmp's diff upstream, written
 * `core.PodSpec{...}` here (docs/apiserver.md, "Pod updates").
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const pod = (image: string, env: string) =>
  ['apiVersion: v1', 'kind: Pod', 'metadata: {name: web}', 'spec:', '  containers:', '  - name: web', `    image: ${image}`, `    env: [{name: MODE, value: ${env}}]`, ''].join('\n');

const REFUSAL =
  'The Pod "web" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n  core.PodSpec{...}\n';

describe.skipIf(!available)('real kubectl: a Pod spec is immutable but for a few fields', () => {
  const s = serverWithKubectl();

  it('an env change is refused by both applies; an image change is applied', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['apply', '-f', s.k.file('a.yaml', pod('nginx:1.25', 'a'))])).stdout).toBe('pod/web created\n');
    const changed = s.k.file('b.yaml', pod('nginx:1.25', 'b'));
    expect(await s.k.run(['apply', '-f', changed])).toEqual({ code: 1, stdout: '', stderr: REFUSAL });
    expect(await s.k.run(['apply', '--server-side', '--force-conflicts', '-f', changed])).toEqual({ code: 1, stdout: '', stderr: REFUSAL });
    expect(await s.k.run(['get', 'pod', 'web', '-o', 'jsonpath={.spec.containers[0].env[0].value}'])).toEqual({ code: 0, stdout: 'a', stderr: '' });
    expect((await s.k.run(['apply', '-f', s.k.file('c.yaml', pod('nginx:1.27', 'a'))])).stdout).toBe('pod/web configured\n');
    expect((await s.k.run(['get', 'pod', 'web', '-o', 'jsonpath={.spec.containers[0].image}'])).stdout).toBe('nginx:1.27');
  });
});
