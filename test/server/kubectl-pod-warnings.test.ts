/**
 * The real kubectl 1.32 prints each pod warning kube-apiserver sends for a workload's template
 * (pkg/api/pod/warnings.go) as `Warning: <text>` on stderr; a second identical apply leaves the
 * template unchanged, so the Deployment strategy's WarningsOnUpdate adds none. A Pod's container
 * port warnings (the same file's port checks) reach kubectl create the same way.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const PORTS_POD = `apiVersion: v1
kind: Pod
metadata:
  name: ports
  namespace: default
spec:
  containers:
  - name: web
    image: nginx
    ports:
    - containerPort: 80
      hostIP: 10.0.0.1
    - containerPort: 80
      hostPort: 8080
  - name: side
    image: nginx
    ports:
    - containerPort: 80
      hostIP: 10.0.0.1
`;

const NAMED_POD = `apiVersion: v1
kind: Pod
metadata:
  name: web.v1
  namespace: default
  annotations:
    container.apparmor.security.beta.kubernetes.io/app: runtime/default
spec:
  containers:
  - name: app
    image: nginx
`;

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
  it('kubectl create -f prints the container port warnings of a Pod', { timeout: 120_000 }, async () => {
    const r = await at.k.run(['create', '-f', at.k.file('ports.yaml', PORTS_POD)]);
    expect(r).toEqual({
      code: 0,
      stdout: 'pod/ports created\n',
      stderr:
        'Warning: spec.containers[0].ports[0]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:80 Protocol:TCP HostIP:10.0.0.1}\n' +
        'Warning: spec.containers[0].ports[1]: overlapping port definition with spec.containers[0].ports[0]\n' +
        'Warning: spec.containers[1].ports[0]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:80 Protocol:TCP HostIP:10.0.0.1}\n' +
        'Warning: spec.containers[1].ports[0]: duplicate port definition with spec.containers[0].ports[0]\n' +
        'Warning: spec.containers[1].ports[0]: overlapping port definition with spec.containers[0].ports[1]\n',
    });
  });
  it("kubectl create -f prints a Pod's AppArmor annotation warning, then its name's", { timeout: 120_000 }, async () => {
    const r = await at.k.run(['create', '-f', at.k.file('named.yaml', NAMED_POD)]);
    expect(r).toEqual({
      code: 0,
      stdout: 'pod/web.v1 created\n',
      stderr:
        'Warning: metadata.annotations[container.apparmor.security.beta.kubernetes.io/app]: deprecated since v1.30; use the "appArmorProfile" field instead\n' +
        "Warning: metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]\n",
    });
    expect(await at.k.ok(['get', 'pod', 'web.v1', '-o', 'jsonpath={.spec.containers[0].securityContext.appArmorProfile.type}'])).toBe('RuntimeDefault');
  });
});
