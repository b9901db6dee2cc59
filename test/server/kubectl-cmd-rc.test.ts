/**
 * Kubernetes' own kubectl tests of replication controllers, run with the real kubectl v1.32
 * against `ssa-sim serve`: a port of kubernetes/kubernetes test/cmd/core.sh `run_rc_tests` (the
 * blocks about scale with and without `--current-replicas`, by file and several at once, a
 * Deployment's scale, expose of a Deployment, a ReplicationController, a Service and a Pod,
 * expose's name checks and multi-port Services, and `set resources`), with the files they read
 * as data: hack/testdata/frontend-controller.yaml, deployment-multicontainer-resources.yaml,
 * pod-with-large-name.yaml, test/fixtures/doc-yaml/user-guide/deployment.yaml,
 * admin/high-availability/etcd.yaml, admin/limitrange/valid-pod.yaml (images as the files name
 * them; the guestbook's legacy redis-master/redis-slave controllers, not in the index we read,
 * are written as two ReplicationControllers of their names).
 *
 * Left out, and why:
 * - `describe rc` and its `--chunk-size` checks: the describe output of pods a controller would
 *   have made needs the replication manager (not modelled: no pods are made);
 * - `kubectl autoscale`: test/server/kubectl-hpa.test.ts covers it;
 * - the no-selector Deployment of `expose`: its fixture is not in the index we read, and the
 *   refusal is kubectl's own (`invalid deployment: no selectors`).
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk, getObjectAssert, NAMES } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const FRONTEND =
  'apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: frontend\nspec:\n  replicas: 3\n  template:\n    metadata:\n      labels:\n        app: guestbook\n        tier: frontend\n    spec:\n      terminationGracePeriodSeconds: 0\n      containers:\n      - name: php-redis\n        image: gcr.io/google_samples/gb-frontend:v4\n        resources:\n          requests:\n            cpu: 100m\n            memory: 100Mi\n        env:\n        - name: GET_HOSTS_FROM\n          value: dns\n        ports:\n        - containerPort: 80\n';
const rc = (name: string, role: string) =>
  `apiVersion: v1\nkind: ReplicationController\nmetadata:\n  name: ${name}\n  labels:\n    app: redis\n    role: ${role}\nspec:\n  replicas: 1\n  selector:\n    app: redis\n    role: ${role}\n  template:\n    metadata:\n      labels:\n        app: redis\n        role: ${role}\n    spec:\n      containers:\n      - name: ${role}\n        image: registry.k8s.io/redis:e2e\n        ports:\n        - containerPort: 6379\n`;
const DEPLOYMENT =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment\n  labels:\n    name: nginx-deployment\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      name: nginx\n  template:\n    metadata:\n      labels:\n        name: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n        ports:\n        - containerPort: 80\n';
const RESOURCES =
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx-deployment-resources\n  labels:\n    name: nginx-deployment-resources\nspec:\n  replicas: 3\n  selector:\n    matchLabels:\n      name: nginx\n  template:\n    metadata:\n      labels:\n        name: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: registry.k8s.io/nginx:test-cmd\n        ports:\n        - containerPort: 80\n      - name: perl\n        image: registry.k8s.io/perl\n      terminationGracePeriodSeconds: 0\n';
const LARGE_NAME =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: kubernetes-serve-hostname-testing-sixty-three-characters-in-length\n  labels:\n    name: kubernetes-serve-hostname\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/e2e-test-images/serve-hostname-amd64:1.1\n';
const ETCD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: etcd-server\nspec:\n  hostNetwork: true\n  containers:\n  - image: registry.k8s.io/etcd:2.0.9\n    name: etcd-container\n    ports:\n    - containerPort: 2380\n      hostPort: 2380\n      name: serverport\n    - containerPort: 2379\n      hostPort: 2379\n      name: clientport\n';
const VALID_POD =
  'apiVersion: v1\nkind: Pod\nmetadata:\n  name: valid-pod\n  labels:\n    name: valid-pod\nspec:\n  containers:\n  - name: kubernetes-serve-hostname\n    image: registry.k8s.io/serve_hostname\n    resources:\n      limits:\n        cpu: "1"\n        memory: 512Mi\n';

const REPLICAS = '{{.spec.replicas}}';
const PORT = '{{(index .spec.ports 0).port}}';
const PORT_NAME = '{{(index .spec.ports 0).name}}';
const cpu = (i: number, what: 'limits' | 'requests') => `{{range.items}}{{(index .spec.template.spec.containers ${i}).resources.${what}.cpu}}:{{end}}`;

describe.skipIf(!available)('test/cmd/core.sh run_rc_tests with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('scale: --current-replicas as a precondition, by file, several at once, a Deployment', { timeout: 240_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const frontend = k.file('frontend-controller.yaml', FRONTEND);
    expectOk(await k.run(['create', '-f', frontend]));
    await getObjectAssert(k, ['rc'], NAMES, 'frontend:');
    await getObjectAssert(k, ['rc', 'frontend'], REPLICAS, '3');
    expectOk(await k.run(['scale', '--current-replicas=3', '--replicas=2', 'replicationcontrollers', 'frontend']));
    await getObjectAssert(k, ['rc', 'frontend'], REPLICAS, '2');
    const wrong = await k.run(['scale', '--current-replicas=3', '--replicas=2', 'replicationcontrollers', 'frontend']);
    expect(wrong.code).not.toBe(0);
    await getObjectAssert(k, ['rc', 'frontend'], REPLICAS, '2');
    expectOk(await k.run(['scale', '--replicas=3', 'replicationcontrollers', 'frontend']));
    await getObjectAssert(k, ['rc', 'frontend'], REPLICAS, '3');
    expectOk(await k.run(['scale', '--replicas=2', '-f', frontend]));
    await getObjectAssert(k, ['rc', 'frontend'], REPLICAS, '2');
    expectOk(await k.run(['delete', 'rc', 'frontend']));

    expectOk(await k.run(['create', '-f', k.file('redis-master.yaml', rc('redis-master', 'master'))]));
    expectOk(await k.run(['create', '-f', k.file('redis-slave.yaml', rc('redis-slave', 'slave'))]));
    expectOk(await k.run(['scale', 'rc/redis-master', 'rc/redis-slave', '--replicas=4']));
    await getObjectAssert(k, ['rc', 'redis-master'], REPLICAS, '4');
    await getObjectAssert(k, ['rc', 'redis-slave'], REPLICAS, '4');
    expectOk(await k.run(['delete', 'rc', 'redis-master', 'redis-slave']));

    expectOk(await k.run(['create', '-f', k.file('deployment.yaml', DEPLOYMENT)]));
    expectOk(await k.run(['scale', '--current-replicas=3', '--replicas=1', 'deployment/nginx-deployment']));
    await getObjectAssert(k, ['deployment', 'nginx-deployment'], REPLICAS, '1');
    expectOk(await k.run(['delete', 'deployment/nginx-deployment']));
  });

  it('expose: a Deployment, a ReplicationController, a Service, a Pod; names too long; several ports', { timeout: 240_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const deployment = k.file('deployment.yaml', DEPLOYMENT);
    expect(expectOk(await k.run(['expose', '-f', deployment, '--port', '80'])).stdout).toContain('service/nginx-deployment exposed');
    expectOk(await k.run(['delete', 'service/nginx-deployment']));
    expectOk(await k.run(['create', '-f', deployment]));
    await getObjectAssert(k, ['deployment', 'nginx-deployment'], REPLICAS, '3');
    expectOk(await k.run(['expose', 'deployment/nginx-deployment']));
    await getObjectAssert(k, ['service', 'nginx-deployment'], PORT, '80');
    expectOk(await k.run(['delete', 'deployment/nginx-deployment', 'service/nginx-deployment']));

    expectOk(await k.run(['create', '-f', k.file('frontend-controller.yaml', FRONTEND)]));
    expectOk(await k.run(['expose', 'rc', 'frontend', '--port=80']));
    await getObjectAssert(k, ['service', 'frontend'], `${PORT_NAME} ${PORT}`, '<no value> 80');
    expectOk(await k.run(['expose', 'service', 'frontend', '--port=443', '--name=frontend-2']));
    await getObjectAssert(k, ['service', 'frontend-2'], `${PORT_NAME} ${PORT}`, '<no value> 443');
    expectOk(await k.run(['create', '-f', k.file('valid-pod.yaml', VALID_POD)]));
    expectOk(await k.run(['expose', 'pod', 'valid-pod', '--port=444', '--name=frontend-3']));
    await getObjectAssert(k, ['service', 'frontend-3'], `${PORT_NAME} ${PORT}`, '<no value> 444');
    expectOk(await k.run(['expose', 'service', 'frontend', '--name=frontend-4']));
    await getObjectAssert(k, ['service', 'frontend-4'], PORT, '80');
    expectOk(await k.run(['delete', 'pod', 'valid-pod']));
    expectOk(await k.run(['delete', 'service', 'frontend', 'frontend-2', 'frontend-3', 'frontend-4']));

    // The shell test's node 127.0.0.1 is its kubelet's; here it is created.
    expectOk(await k.run(['create', '-f', k.file('node.json', JSON.stringify({ kind: 'Node', apiVersion: 'v1', metadata: { name: '127.0.0.1' } }))]));
    let r = await k.run(['expose', 'nodes', '127.0.0.1']);
    expect(r.stdout + r.stderr).toContain('cannot expose');
    expectOk(await k.run(['delete', 'node', '127.0.0.1']));

    const large = k.file('pod-with-large-name.yaml', LARGE_NAME);
    r = await k.run(['expose', '-f', large, '--name=invalid-large-service-name-that-has-more-than-sixty-three-characters', '--port=8081']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('metadata.name: Invalid value');
    r = expectOk(await k.run(['expose', '-f', large, '--port=8081']));
    expect(r.stdout).toContain('kubernetes-serve-hostname-testing-sixty-three-characters-in-len exposed');
    expectOk(await k.run(['delete', 'svc', 'kubernetes-serve-hostname-testing-sixty-three-characters-in-len']));

    r = expectOk(await k.run(['expose', '-f', k.file('etcd.yaml', ETCD), '--selector=test=etcd']));
    expect(r.stdout).toContain('etcd-server exposed');
    await getObjectAssert(k, ['service', 'etcd-server'], `${PORT_NAME} ${PORT}`, 'port-1 2380');
    await getObjectAssert(k, ['service', 'etcd-server'], '{{(index .spec.ports 1).name}} {{(index .spec.ports 1).port}}', 'port-2 2379');
    expectOk(await k.run(['delete', 'svc', 'etcd-server']));
    expectOk(await k.run(['delete', 'rc', 'frontend']));
    await getObjectAssert(k, ['rc'], NAMES, '');
  });

  it('set resources: every container, one container, by file, --local and the dry runs', { timeout: 240_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    const file = k.file('deployment-multicontainer-resources.yaml', RESOURCES);
    await getObjectAssert(k, ['deployment'], NAMES, '');
    expectOk(await k.run(['set', 'resources', '-f', file, '-c=perl', '--limits=cpu=300m', '--requests=cpu=300m', '--local', '-o', 'yaml']));
    expect((await k.run(['set', 'resources', '-f', file, '-c=perl', '--limits=cpu=300m', '--requests=cpu=300m', '--dry-run=client', '-o', 'yaml'])).code).not.toBe(0);
    expectOk(await k.run(['create', '-f', file]));
    await getObjectAssert(k, ['deployment'], NAMES, 'nginx-deployment-resources:');
    expectOk(await k.run(['set', 'resources', 'deployment', 'nginx-deployment-resources', '--limits=cpu=100m']));
    await getObjectAssert(k, ['deployment'], cpu(0, 'limits'), '100m:');
    await getObjectAssert(k, ['deployment'], cpu(1, 'limits'), '100m:');
    expect((await k.run(['set', 'resources', 'deployment', 'nginx-deployment-resources', '-c=redis', '--limits=cpu=100m'])).code).not.toBe(0);
    expectOk(await k.run(['set', 'resources', 'deployment', 'nginx-deployment-resources', '-c=nginx', '--limits=cpu=200m']));
    await getObjectAssert(k, ['deployment'], cpu(0, 'limits'), '200m:');
    await getObjectAssert(k, ['deployment'], cpu(1, 'limits'), '100m:');
    expectOk(await k.run(['set', 'resources', '-f', file, '-c=perl', '--limits=cpu=300m', '--requests=cpu=300m']));
    await getObjectAssert(k, ['deployment'], cpu(0, 'limits'), '200m:');
    await getObjectAssert(k, ['deployment'], cpu(1, 'limits'), '300m:');
    await getObjectAssert(k, ['deployment'], cpu(1, 'requests'), '300m:');
    expectOk(await k.run(['set', 'resources', 'deployment', 'nginx-deployment-resources', '-c=perl', '--limits=cpu=400m', '--requests=cpu=400m', '--dry-run=client', '-o', 'yaml']));
    expectOk(await k.run(['set', 'resources', 'deployment', 'nginx-deployment-resources', '-c=perl', '--limits=cpu=400m', '--requests=cpu=400m', '--dry-run=server', '-o', 'yaml']));
    expect((await k.run(['set', 'resources', 'deployment', 'nginx-deployment-resources', '-c=perl', '--limits=cpu=400m', '--requests=cpu=400m', '--local', '-o', 'yaml'])).code).not.toBe(0);
    await getObjectAssert(k, ['deployment'], cpu(0, 'limits'), '200m:');
    await getObjectAssert(k, ['deployment'], cpu(1, 'limits'), '300m:');
    await getObjectAssert(k, ['deployment'], cpu(1, 'requests'), '300m:');
    expectOk(await k.run(['delete', 'deployment', 'nginx-deployment-resources']));
  });
});
