/**
 * `kubectl debug POD --image=...` (kubectl 1.32, pkg/cmd/debug debugByEphemeralContainer) gets the
 * pod, then PATCHes pods/NAME/ephemeralcontainers with a strategic merge patch adding its debug
 * container. A 1.32 server keeps only spec.ephemeralContainers of that write, and keeps the pod's
 * managedFields as they were (podEphemeralContainersStrategy); a second debug container is added
 * beside the first.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: target
  namespace: default
spec:
  containers:
  - name: app
    image: nginx
`;

describe.skipIf(!kubectlAvailable())('kubectl debug through the ephemeralcontainers subresource', () => {
  const at = serverWithKubectl();
  it('adds ephemeral debug containers and leaves the rest of the pod, managedFields included, as it was', { timeout: 120_000 }, async () => {
    await at.k.ok(['create', '-f', at.k.file('pod.yaml', POD)]);
    const managers = '{range .metadata.managedFields[*]}{.manager}/{.operation}/{.subresource};{end}';
    const before = await at.k.ok(['get', 'pod', 'target', '-o', `jsonpath=${managers}`]);
    expect(await at.k.run(['debug', 'target', '--image=busybox', '--container=dbg', '--profile=general'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await at.k.run(['debug', 'target', '--image=alpine', '--container=dbg2', '--profile=general', '--', 'sleep', '1'])).toEqual({ code: 0, stdout: '', stderr: '' });
    const ephemeral = '{range .spec.ephemeralContainers[*]}{.name}={.image} {.securityContext.capabilities.add} {.command};{end}';
    expect(await at.k.ok(['get', 'pod', 'target', '-o', `jsonpath=${ephemeral}`])).toBe('dbg=busybox ["SYS_PTRACE"] ;dbg2=alpine ["SYS_PTRACE"] ["sleep","1"];');
    expect(await at.k.ok(['get', 'pod', 'target', '-o', `jsonpath=${managers}`])).toBe(before);
  });
});
