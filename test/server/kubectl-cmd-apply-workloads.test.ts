/**
 * Kubernetes' own kubectl command tests for apply on workloads, run with the real kubectl 1.32
 * against `startServer`: kubernetes/kubernetes test/cmd/apps.sh, functions run_daemonset_tests
 * (apply twice, then `set image|env|resources` and `rollout restart`, each seen in the
 * generation) and run_kubectl_apply_deployments_tests (null propagation, a conflicting
 * resourceVersion, `--force --overwrite` recreating, and the restore after an invalid recreate),
 * with hack/testdata/rollingupdate-daemonset.yaml, null-propagation/deployment-l1.yaml and
 * deployment-label-change{1,2,3}.yaml reproduced as data (the newest versions the source index
 * holds).
 *
 * Adapted, with the reason:
 * - null-propagation/deployment-l2.yaml is stored at extensions/v1beta1, whose defaulting filled
 *   a null selector from the template; at apps/v1 the selector is required and immutable, so the
 *   l2 manifest keeps the l1 selector and template label, adds the l2 template label, and sends
 *   `labels: null` and `terminationMessagePolicy: null` as the file does; the shell's assertions
 *   are unchanged (template and selector keep l1, the Deployment's own label l1 is gone).
 * - `kubectl delete deployments,rs,pods --all --cascade=orphan --grace-period=0` is kept; no
 *   controller runs here, so there are no ReplicaSets or Pods to orphan.
 *
 * Left out, with the reason: run_daemonset_tests' `describe_resource_chunk_size_assert` (it
 * checks the request log of `kubectl describe`, not an answer), and run_daemonset_history_tests
 * (it needs the DaemonSet controller's ControllerRevisions, which the server does not run).
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const ROLLINGUPDATE_DAEMONSET = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: bind
  labels:
    service: bind
spec:
  selector:
    matchLabels:
      service: bind
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 10%
  template:
    metadata:
      labels:
        service: bind
    spec:
      affinity:
        podAntiAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            - labelSelector:
                matchExpressions:
                - key: "service"
                  operator: "In"
                  values: ["bind"]
              topologyKey: "kubernetes.io/hostname"
              namespaces: []
      containers:
      - name: kubernetes-pause
        image: registry.k8s.io/pause:3.8
`;

const DEPLOYMENT_L1 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-depl
  labels:
    l1: l1
spec:
  selector:
    matchLabels:
      l1: l1
  template:
    metadata:
      labels:
        l1: l1
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx:1.7.9
`;

const DEPLOYMENT_L2 = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-depl
  labels: null
spec:
  selector:
    matchLabels:
      l1: l1
  template:
    metadata:
      labels:
        l1: l1
        l2: l2
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx:1.7.9
        terminationMessagePolicy: null
`;

const labelChange = (opts: { resourceVersion?: string; selector: string; template: string; image: string }): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
${opts.resourceVersion ? `  resourceVersion: "${opts.resourceVersion}"\n` : ''}  labels:
    name: nginx
spec:
  selector:
    matchLabels:
      name: ${opts.selector}
  replicas: 3
  template:
    metadata:
      labels:
        name: ${opts.template}
    spec:
      containers:
      - name: nginx
        image: ${opts.image}
        ports:
        - containerPort: 80
`;

const LABEL_CHANGE_1 = labelChange({ selector: 'nginx1', template: 'nginx1', image: 'k8s.gcr.io/nginx:test-cmd' });
const LABEL_CHANGE_2 = labelChange({ resourceVersion: '99', selector: 'nginx2', template: 'nginx2', image: 'registry.k8s.io/nginx:test-cmd' });
const LABEL_CHANGE_3 = labelChange({ resourceVersion: '99', selector: 'invalid', template: 'nginx3', image: 'k8s.gcr.io/nginx:test-cmd' });

const NAMES = '{{range.items}}{{.metadata.name}}:{{end}}';
const T = { timeout: 240_000 };

describe.skipIf(!available)('test/cmd/apps.sh apply on workloads, real kubectl against serve', () => {
  const at = serverWithKubectl();
  const ok = (args: string[]) => at.k.ok(args);

  it('run_daemonset_tests: a second identical apply keeps generation 1; each set and rollout restart adds one', T, async () => {
    const { k } = at;
    await ok(['create', 'namespace', 'namespace-cmd-daemonset']);
    await ok(['config', 'set-context', '--current', '--namespace=namespace-cmd-daemonset']);
    const ds = k.file('rollingupdate-daemonset.yaml', ROLLINGUPDATE_DAEMONSET);
    expect(await k.getTemplate('daemonsets', NAMES)).toBe('');
    expect(await ok(['apply', '-f', ds])).toBe('daemonset.apps/bind created\n');
    expect(await k.getTemplate('daemonsets bind', '{{.metadata.generation}}')).toBe('1');
    expect(await ok(['apply', '-f', ds])).toBe('daemonset.apps/bind unchanged\n');
    expect(await k.getTemplate('daemonsets bind', '{{.metadata.generation}}')).toBe('1');
    expect(await ok(['set', 'image', 'daemonsets/bind', '*=registry.k8s.io/pause:test-cmd'])).toBe('daemonset.apps/bind image updated\n');
    expect(await k.getTemplate('daemonsets bind', '{{.metadata.generation}}')).toBe('2');
    expect(await ok(['set', 'env', 'daemonsets/bind', 'foo=bar'])).toBe('daemonset.apps/bind env updated\n');
    expect(await k.getTemplate('daemonsets bind', '{{.metadata.generation}}')).toBe('3');
    expect(await ok(['set', 'resources', 'daemonsets/bind', '--limits=cpu=200m,memory=512Mi'])).toBe('daemonset.apps/bind resource requirements updated\n');
    expect(await k.getTemplate('daemonsets bind', '{{.metadata.generation}}')).toBe('4');
    expect(await ok(['get', 'daemonsets', 'bind', '--show-managed-fields', '-o=jsonpath={.metadata.managedFields[*].manager}'])).toContain('kubectl-set');
    expect(await ok(['rollout', 'restart', 'daemonset/bind'])).toBe('daemonset.apps/bind restarted\n');
    expect(await k.getTemplate('daemonsets bind', '{{.metadata.generation}}')).toBe('5');
    expect(await ok(['delete', '-f', ds])).toBe('daemonset.apps "bind" deleted\n');
  });

  it('run_kubectl_apply_deployments_tests: apply propagates the nulls a user writes', T, async () => {
    const { k } = at;
    await ok(['create', 'namespace', 'namespace-cmd-apply-deployments']);
    await ok(['config', 'set-context', '--current', '--namespace=namespace-cmd-apply-deployments']);
    for (const kind of ['deployments', 'replicasets', 'pods']) expect(await k.getTemplate(kind, NAMES)).toBe('');
    expect(await ok(['apply', '-f', k.file('deployment-l1.yaml', DEPLOYMENT_L1)])).toBe('deployment.apps/my-depl created\n');
    expect(await k.getTemplate('deployments my-depl', '{{.metadata.name}}')).toBe('my-depl');
    expect(await k.getTemplate('deployments my-depl', '{{.spec.template.metadata.labels.l1}}')).toBe('l1');
    expect(await k.getTemplate('deployments my-depl', '{{.spec.selector.matchLabels.l1}}')).toBe('l1');
    expect(await k.getTemplate('deployments my-depl', '{{.metadata.labels.l1}}')).toBe('l1');
    expect(await ok(['apply', '-f', k.file('deployment-l2.yaml', DEPLOYMENT_L2)])).toBe('deployment.apps/my-depl configured\n');
    expect(await k.getTemplate('deployments my-depl', '{{.spec.template.metadata.labels.l1}}')).toBe('l1');
    expect(await k.getTemplate('deployments my-depl', '{{.spec.selector.matchLabels.l1}}')).toBe('l1');
    expect(await k.getTemplate('deployments my-depl', '{{.metadata.labels.l1}}')).toBe('<no value>');
    // The null terminationMessagePolicy is removed, and the defaulting gives it back.
    expect(await k.getTemplate('deployments my-depl', '{{(index .spec.template.spec.containers 0).terminationMessagePolicy}}')).toBe('File');
    await ok(['delete', 'deployments,rs,pods', '--all', '--cascade=orphan', '--grace-period=0']);
    for (const kind of ['deployments', 'replicasets', 'pods']) expect(await k.getTemplate(kind, NAMES)).toBe('');
  });

  it('run_kubectl_apply_deployments_tests: a conflicting resourceVersion; --force --overwrite recreates; an invalid recreate restores the old object', T, async () => {
    const { k } = at;
    expect(await k.getTemplate('deployments', NAMES)).toBe('');
    expect(await ok(['apply', '-f', k.file('deployment-label-change1.yaml', LABEL_CHANGE_1)])).toBe('deployment.apps/nginx created\n');
    expect(await k.getTemplate('deployment nginx', '{{.metadata.name}}')).toBe('nginx');
    const change2 = k.file('deployment-label-change2.yaml', LABEL_CHANGE_2);
    const conflict = await k.run(['apply', '-f', change2]);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain('Error from server (Conflict)');
    expect(conflict.stderr).toContain('the object has been modified; please apply your changes to the latest version and try again');
    expect(await ok(['apply', '-f', change2, '--overwrite=true', '--force=true', '--grace-period=10'])).toBe('deployment.apps/nginx configured\n');
    expect(await ok(['apply', 'view-last-applied', 'deploy/nginx', '-o', 'json'])).toContain('"name": "nginx2"');
    const invalid = await k.run(['apply', '-f', k.file('deployment-label-change3.yaml', LABEL_CHANGE_3), '--force']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Invalid value');
    expect(invalid.stderr).toContain('`selector` does not match template `labels`');
    expect(await k.getTemplate('deployment nginx', '{{.spec.template.metadata.labels.name}}')).toBe('nginx2');
    expect(await ok(['delete', 'deployments', '--all', '--grace-period=10'])).toBe('deployment.apps "nginx" deleted\n');
  });
});
