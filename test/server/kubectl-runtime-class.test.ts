/**
 * Through real kubectl 1.32: the RuntimeClass admission plugin refuses a pod naming a missing
 * RuntimeClass (403, printed as kubectl prints a create's error) and gives a pod the overhead of
 * the one it names.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const CLASS = `apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata:
  name: gvisor
handler: runsc
overhead:
  podFixed:
    cpu: 250m
    memory: 120Mi
`;
const pod = (name: string, runtimeClass: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: default
spec:
  runtimeClassName: ${runtimeClass}
  containers:
  - name: app
    image: nginx
`;

describe.skipIf(!kubectlAvailable())('RuntimeClass admission through kubectl', () => {
  const at = serverWithKubectl();
  it('refuses a missing class and sets the overhead of an existing one', { timeout: 120_000 }, async () => {
    await at.k.ok(['create', '-f', at.k.file('rc.yaml', CLASS)]);
    const missing = at.k.file('missing.yaml', pod('lost', 'kata'));
    expect(await at.k.run(['create', '-f', missing])).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error from server (Forbidden): error when creating "${missing}": pods "lost" is forbidden: pod rejected: RuntimeClass "kata" not found\n`,
    });
    await at.k.ok(['create', '-f', at.k.file('sandboxed.yaml', pod('sandboxed', 'gvisor'))]);
    expect(await at.k.ok(['get', 'pod', 'sandboxed', '-o', 'jsonpath={.spec.overhead}'])).toBe('{"cpu":"250m","memory":"120Mi"}');
  });
});
