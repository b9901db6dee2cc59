/**
 * `kubectl get` of secrets, replica sets, stateful sets, cron jobs and ingresses over
 * `ssa-sim serve` prints kube-apiserver's printer columns for them (pkg/printers/internalversion:
 * printSecret, printReplicaSet, printStatefulSet, printCronJob, printIngress), where it printed
 * NAME and AGE. No controller runs: counts are what status says.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const T1 = '2024-01-01T00:05:00Z';

const template = (app: string) => `    metadata: {labels: {app: ${app}}}\n    spec:\n      containers: [{name: c, image: nginx}, {name: side, image: busybox}]\n`;
const OBJECTS = `apiVersion: v1
kind: Secret
metadata: {name: creds}
stringData: {user: admin, password: x}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: rs}
spec:
  replicas: 3
  selector: {matchLabels: {app: rs}}
  template:
${template('rs')}---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  serviceName: db
  replicas: 2
  selector: {matchLabels: {app: db}}
  template:
${template('db')}---
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: "0 3 * * *"
  timeZone: Etc/UTC
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers: [{name: job, image: busybox}]
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web}
spec:
  ingressClassName: nginx
  tls: [{hosts: [a.example.com]}]
  rules:
  - {host: a.example.com}
  - {host: b.example.com}
  - {host: c.example.com}
  - {host: d.example.com}
  - {}
`;

describe.skipIf(!available)('more printer columns over ssa-sim serve', () => {
  const c = tableCluster(async ({ server, k }) => {
    await createAll(k, 'objects.yaml', OBJECTS);
    const status = (path: string, body: object) => call(server, 'PATCH', path, JSON.stringify(body), { 'Content-Type': 'application/merge-patch+json' });
    expect((await status('/apis/apps/v1/namespaces/default/replicasets/rs/status', { status: { replicas: 3, readyReplicas: 2 } })).status).toBe(200);
    expect((await status('/apis/apps/v1/namespaces/default/statefulsets/db/status', { status: { replicas: 2, readyReplicas: 1 } })).status).toBe(200);
    expect((await status('/apis/batch/v1/namespaces/default/cronjobs/nightly/status', { status: { lastScheduleTime: '2024-01-01T00:03:00Z', active: [{ kind: 'Job', name: 'nightly-1' }] } })).status).toBe(200);
    expect((await status('/apis/networking.k8s.io/v1/namespaces/default/ingresses/web/status', { status: { loadBalancer: { ingress: [{ ip: '10.0.0.9' }, { hostname: 'lb.example.com' }, { ip: '10.0.0.9' }] } } })).status).toBe(200);
  });

  it('secrets: TYPE and the number of DATA keys', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['get', 'secret', 'creds'])).stdout).toBe('NAME    TYPE     DATA   AGE\ncreds   Opaque   2      5m\n');
  });

  it('replica sets and stateful sets', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['get', 'rs', '-o', 'wide'])).stdout).toBe('NAME   DESIRED   CURRENT   READY   AGE   CONTAINERS   IMAGES          SELECTOR\nrs     3         3         2       5m    c,side       nginx,busybox   app=rs\n');
    expect((await c.k.run(['get', 'sts', '-o', 'wide'])).stdout).toBe('NAME   READY   AGE   CONTAINERS   IMAGES\ndb     1/2     5m    c,side       nginx,busybox\n');
  });

  it('cron jobs', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['get', 'cronjobs', '-o', 'wide'])).stdout).toBe(
      'NAME      SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE   CONTAINERS   IMAGES    SELECTOR\nnightly   0 3 * * *   Etc/UTC    False     1        2m              5m    job          busybox   <none>\n',
    );
  });

  it('kinds kube-apiserver gives its default table (roles, cluster roles, limit ranges, CRDs): NAME and CREATED AT', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['create', 'role', 'reader', '--verb=get', '--resource=pods'])).code).toBe(0);
    const at = (await c.k.run(['get', 'role', 'reader', '-o', 'jsonpath={.metadata.creationTimestamp}'])).stdout;
    expect(at).toBe(T1);
    expect((await c.k.run(['get', 'roles'])).stdout).toBe(`NAME     CREATED AT\nreader   ${T1}\n`);
    const table = await call(c.server, 'GET', '/apis/rbac.authorization.k8s.io/v1/clusterroles', undefined, { Accept: 'application/json;as=Table;g=meta.k8s.io;v=v1' });
    expect(table.json.columnDefinitions.map((c: any) => [c.name, c.type, c.format])).toEqual([
      ['Name', 'string', 'name'],
      ['Created At', 'date', ''],
    ]);
  });

  it('service accounts (SECRETS) and role bindings (ROLE; wide USERS, GROUPS, SERVICEACCOUNTS)', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['get', 'sa', 'default'])).stdout).toBe('NAME      SECRETS   AGE\ndefault   0         5m\n');
    expect((await c.k.run(['create', 'rolebinding', 'readers', '--clusterrole=view', '--user=ann', '--user=bob', '--group=devs', '--serviceaccount=default:robot'])).code).toBe(0);
    expect((await c.k.run(['get', 'rolebinding', 'readers', '-o', 'wide'])).stdout).toBe(
      'NAME      ROLE               AGE   USERS      GROUPS   SERVICEACCOUNTS\nreaders   ClusterRole/view   0s    ann, bob   devs     default/robot\n',
    );
    expect((await c.k.run(['create', 'clusterrolebinding', 'admins', '--clusterrole=admin', '--group=ops'])).code).toBe(0);
    expect((await c.k.run(['get', 'clusterrolebinding', 'admins', '-o', 'wide'])).stdout).toBe('NAME     ROLE                AGE   USERS   GROUPS   SERVICEACCOUNTS\nadmins   ClusterRole/admin   0s            ops      \n');
  });

  it('pod disruption budgets, network policies, priority classes and leases', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['create', 'pdb', 'pdb1', '--selector=app=web', '--min-available=1'])).code).toBe(0);
    expect((await c.k.run(['get', 'pdb'])).stdout).toBe('NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\npdb1   1               N/A               0                     0s\n');
    const policies = 'apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: web}\nspec: {podSelector: {matchLabels: {app: web}}}\n---\napiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata: {name: all}\nspec: {podSelector: {}}\n';
    expect((await c.k.run(['create', '-f', c.k.file('policies.yaml', policies)])).code).toBe(0);
    expect((await c.k.run(['get', 'networkpolicies'])).stdout).toBe('NAME   POD-SELECTOR   AGE\nall    <none>         0s\nweb    app=web        0s\n');
    expect((await c.k.run(['create', 'priorityclass', 'pc1', '--value=100'])).code).toBe(0);
    expect((await c.k.run(['get', 'priorityclass', 'pc1'])).stdout).toBe('NAME   VALUE   GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY\npc1    100     false            0s    PreemptLowerPriority\n');
    const lease = 'apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: lock}\nspec: {holderIdentity: node-1}\n';
    expect((await c.k.run(['create', '-f', c.k.file('lease.yaml', lease)])).code).toBe(0);
    expect((await c.k.run(['get', 'lease', 'lock'])).stdout).toBe('NAME   HOLDER   AGE\nlock   node-1   0s\n');
  });

  it('ingresses: the first three hosts and how many rules more, the addresses, the ports', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['get', 'ingress'])).stdout).toBe(
      'NAME   CLASS   HOSTS                                                   ADDRESS                   PORTS     AGE\nweb    nginx   a.example.com,b.example.com,c.example.com + 2 more...   10.0.0.9,lb.example.com   80, 443   5m\n',
    );
  });
});
