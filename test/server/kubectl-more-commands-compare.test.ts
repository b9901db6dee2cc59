/**
 * Commands users run that the generated sequences reach only now and then, each case compared
 * with real kubectl v1.32 as kubectl-compare.test.ts compares them (kubectl-compare-harness.ts):
 * the requests, what is printed and the exit code, and the objects each step leaves (managedFields
 * included).
 *
 * - `kubectl set resources` (pkg/cmd/set/set_resources.go): limits and requests of all containers
 *   or `-c`'s, quantities as kubectl rewrites them, and its refusals.
 * - `kubectl set env -c` with `*` wildcards, read as set resources reads them.
 * - `kubectl apply --server-side --subresource=status|scale` (pkg/cmd/apply/apply.go: v1.32 has
 *   the flag, for server-side apply only).
 * - `kubectl create deployment|configmap|secret generic ... --dry-run=client -o yaml|name`: the
 *   object kubectl builds and prints, byte for byte.
 * - `kubectl replace` and `kubectl delete` with `--dry-run=server|client` (pkg/cmd/replace,
 *   pkg/cmd/delete, cli-runtime's Helper): what each sends, where the dry run goes (the PUT's
 *   query, the DELETE's body) and the lines.
 *
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import {
  KUBECTL_USER_AGENT,
  kubectlApply,
  kubectlCreate,
  kubectlCreateConfigMap,
  kubectlCreateDeployment,
  kubectlCreateSecret,
  kubectlDelete,
  kubectlReplace,
  kubectlSetEnv,
  kubectlSetResources,
} from '../../src/actors/index.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';
import { TWO_CONTAINERS } from '../actors/support.js';

const available = kubectlAvailable();
const at = { now: T1 };

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: app
    image: nginx:1.25
`;

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "1"\n';

const created =
  (...manifests: string[]) =>
  (s: ClusterState): ClusterState =>
    manifests.reduce((st, m) => kubectlCreate(st, { manifests: m, now: T0 }).state, s);

type ResourcesOptions = Omit<Parameters<typeof kubectlSetResources>[1], 'resource'>;

/** One `kubectl set resources TARGET ...` step, its arguments written from the options. */
function setResources(target: string, o: ResourcesOptions): Case['steps'][number] {
  const list = (name: string, l?: Readonly<Record<string, string>>) => (l ? [`--${name}=${Object.entries(l).map(([k, v]) => `${k}=${v}`).join(',')}`] : []);
  return {
    argv: ['set', 'resources', target, ...(o.container ? ['-c', o.container] : []), ...list('limits', o.limits), ...list('requests', o.requests), ...(o.dryRun ? [`--dry-run=${o.dryRun}`] : [])],
    sim: (s) => kubectlSetResources(s, { resource: target, ...o, ...at }),
  };
}

const setResourcesCases: Case[] = [
  { name: '-c nginx --limits: 0.5 and 2048Mi as kubectl writes them', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', { container: 'nginx', limits: { cpu: '0.5', memory: '2048Mi' } })] },
  { name: '--requests on every container and init container', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', { requests: { cpu: '100m', memory: '256Mi' } })] },
  { name: '-c with a wildcard', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', { container: 'side*', limits: { cpu: '1' } })] },
  { name: 'the same value again: nothing sent', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', { container: 'nginx', limits: { memory: '1024Mi' } })] },
  { name: 'no container matched', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', { container: 'web', limits: { cpu: '1' } })] },
  { name: 'neither limits nor requests', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', {})] },
  { name: 'a quantity kubectl cannot read', setup: created(TWO_CONTAINERS), steps: [setResources('deployment/nginx', { limits: { cpu: 'lots' } })] },
  { name: 'a kind without a pod template', setup: created(CM), steps: [setResources('configmap/settings', { limits: { cpu: '1' } })] },
  { name: 'an object that does not exist', setup: created(), steps: [setResources('deployment/nginx', { limits: { cpu: '1' } })] },
  { name: "a pod: the server refuses to change a running pod's resources", setup: created(POD), steps: [setResources('pod/p', { limits: { cpu: '1' } })] },
  {
    name: '--dry-run=server, then --dry-run=client, then for real',
    setup: created(TWO_CONTAINERS),
    steps: [
      setResources('deployment/nginx', { limits: { cpu: '200m' }, dryRun: 'server' }),
      setResources('deployment/nginx', { limits: { cpu: '200m' }, dryRun: 'client' }),
      setResources('deployment/nginx', { limits: { cpu: '200m' }, requests: { cpu: '100m' } }),
    ],
  },
];

const CM2 = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: "2"\n';

const replaceDeleteCases: Case[] = [
  ...(['server', 'client'] as const).map(
    (dryRun): Case => ({
      name: `replace --dry-run=${dryRun}, then for real`,
      setup: created(CM),
      files: { 'cm.yaml': CM2 },
      steps: [
        { argv: ['replace', `--dry-run=${dryRun}`, '-f', 'cm.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM2, filename: 'cm.yaml', dryRun, ...at }) },
        { argv: ['replace', '-f', 'cm.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM2, filename: 'cm.yaml', ...at }) },
      ],
    }),
  ),
  {
    name: 'replace --dry-run=server of an object that is not there',
    setup: created(),
    files: { 'cm.yaml': CM2 },
    steps: [{ argv: ['replace', '--dry-run=server', '-f', 'cm.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM2, filename: 'cm.yaml', dryRun: 'server', ...at }) }],
  },
  {
    name: 'replace --force --dry-run=server: refused',
    setup: created(CM),
    files: { 'cm.yaml': CM2 },
    steps: [{ argv: ['replace', '--force', '--dry-run=server', '-f', 'cm.yaml'], sim: (s) => kubectlReplace(s, { manifests: CM2, filename: 'cm.yaml', force: true, dryRun: 'server', ...at }) }],
  },
  ...(['server', 'client'] as const).map(
    (dryRun): Case => ({
      name: `delete --dry-run=${dryRun} by name and by file, of objects there and not`,
      setup: created(CM, TWO_CONTAINERS),
      files: { 'cm.yaml': CM },
      steps: [
        { argv: ['delete', `--dry-run=${dryRun}`, 'deployment/nginx'], sim: (s) => kubectlDelete(s, { resource: 'deployment/nginx', dryRun, ...at }) },
        { argv: ['delete', `--dry-run=${dryRun}`, '-f', 'cm.yaml'], sim: (s) => kubectlDelete(s, { manifests: CM, filename: 'cm.yaml', dryRun, ...at }) },
        { argv: ['delete', `--dry-run=${dryRun}`, 'configmap/other'], sim: (s) => kubectlDelete(s, { resource: 'configmap/other', dryRun, ...at }) },
        { argv: ['delete', `--dry-run=${dryRun}`, '--ignore-not-found', 'configmap/other'], sim: (s) => kubectlDelete(s, { resource: 'configmap/other', ignoreNotFound: true, dryRun, ...at }) },
        { argv: ['delete', 'deployment/nginx'], sim: (s) => kubectlDelete(s, { resource: 'deployment/nginx', ...at }) },
      ],
    }),
  ),
];

const DEPLOYMENT_STATUS = `${TWO_CONTAINERS}status:\n  replicas: 3\n  readyReplicas: 2\n`;
const DEPLOYMENT_SCALED = TWO_CONTAINERS.replace('spec:\n  selector', 'spec:\n  replicas: 4\n  selector');

/** `kubectl apply --server-side --subresource=SUB -f FILE`, with more flags. */
function applySub(subresource: string, text: string, o: { fieldManager?: string; forceConflicts?: boolean; dryRun?: 'server' } = {}, file = 'd.yaml'): Case['steps'][number] {
  return {
    argv: [
      'apply',
      '--server-side',
      `--subresource=${subresource}`,
      ...(o.fieldManager ? [`--field-manager=${o.fieldManager}`] : []),
      ...(o.forceConflicts ? ['--force-conflicts'] : []),
      ...(o.dryRun ? [`--dry-run=${o.dryRun}`] : []),
      '-f',
      file,
    ],
    sim: (s) => kubectlApply(s, { manifests: text, filename: file, serverSide: true, subresource, ...o, ...at }),
  };
}

const applySubresourceCases: Case[] = [
  { name: 'apply --subresource=status of a Deployment with a status', setup: created(TWO_CONTAINERS), files: { 'd.yaml': DEPLOYMENT_STATUS }, steps: [applySub('status', DEPLOYMENT_STATUS)] },
  {
    name: 'apply --subresource=status as two managers: a conflict, then forced',
    setup: created(TWO_CONTAINERS),
    files: { 'd.yaml': DEPLOYMENT_STATUS, 'd5.yaml': DEPLOYMENT_STATUS.replace('replicas: 3', 'replicas: 5') },
    steps: [
      applySub('status', DEPLOYMENT_STATUS, { fieldManager: 'ctl' }),
      applySub('status', DEPLOYMENT_STATUS.replace('replicas: 3', 'replicas: 5'), {}, 'd5.yaml'),
      applySub('status', DEPLOYMENT_STATUS.replace('replicas: 3', 'replicas: 5'), { forceConflicts: true }, 'd5.yaml'),
    ],
  },
  { name: 'apply --subresource=status --dry-run=server', setup: created(TWO_CONTAINERS), files: { 'd.yaml': DEPLOYMENT_STATUS }, steps: [applySub('status', DEPLOYMENT_STATUS, { dryRun: 'server' })] },
  { name: 'apply --subresource=status of an object that does not exist', setup: created(), files: { 'd.yaml': DEPLOYMENT_STATUS }, steps: [applySub('status', DEPLOYMENT_STATUS)] },
  { name: 'apply --subresource=scale of a Deployment', setup: created(TWO_CONTAINERS), files: { 'd.yaml': DEPLOYMENT_SCALED }, steps: [applySub('scale', DEPLOYMENT_SCALED)] },
  { name: 'apply --subresource=status of a ConfigMap (no such subresource)', setup: created(CM), files: { 'd.yaml': CM2 }, steps: [applySub('status', CM2)] },
  {
    name: 'apply --subresource=status without --server-side: refused',
    setup: created(TWO_CONTAINERS),
    files: { 'd.yaml': DEPLOYMENT_STATUS },
    steps: [{ argv: ['apply', '--subresource=status', '-f', 'd.yaml'], sim: (s) => kubectlApply(s, { manifests: DEPLOYMENT_STATUS, filename: 'd.yaml', subresource: 'status', ...at }) }],
  },
];

const createGeneratedCases: Case[] = [
  ...([['yaml'], ['name'], []] as const).map(
    (o): Case => ({
      name: `create deployment --dry-run=client${o.length ? ` -o ${o[0]}` : ''}`,
      setup: created(),
      steps: [
        {
          argv: ['create', 'deployment', 'web', '--image=nginx:1.25', '--dry-run=client', ...(o.length ? ['-o', o[0]] : [])],
          sim: (s) => kubectlCreateDeployment(s, { name: 'web', images: ['nginx:1.25'], dryRun: 'client', ...(o.length ? { output: o[0] } : {}), ...at }),
        },
      ],
    }),
  ),
  {
    name: 'create deployment with two images, replicas, a port and -n, -o yaml',
    setup: created(),
    steps: [
      {
        argv: ['create', 'deployment', 'web', '-n', 'kube-system', '--image=registry.k8s.io/pause:3.9', '--image=docker.io/library/busybox@sha256:abc', '--replicas=3', '--port=8080', '--dry-run=client', '-o', 'yaml'],
        sim: (s) =>
          kubectlCreateDeployment(s, { name: 'web', namespace: 'kube-system', images: ['registry.k8s.io/pause:3.9', 'docker.io/library/busybox@sha256:abc'], replicas: 3, port: 8080, dryRun: 'client', output: 'yaml', ...at }),
      },
    ],
  },
  {
    name: 'create configmap --from-literal, -o yaml',
    setup: created(),
    steps: [
      {
        argv: ['create', 'configmap', 'settings', '--from-literal=b=two words', '--from-literal=a=1', '--from-literal=c=true', '--dry-run=client', '-o', 'yaml'],
        sim: (s) => kubectlCreateConfigMap(s, { name: 'settings', literals: { b: 'two words', a: '1', c: 'true' }, dryRun: 'client', output: 'yaml', ...at }),
      },
    ],
  },
  {
    name: 'create configmap without data, -o yaml',
    setup: created(),
    steps: [{ argv: ['create', 'configmap', 'empty', '--dry-run=client', '-o', 'yaml'], sim: (s) => kubectlCreateConfigMap(s, { name: 'empty', dryRun: 'client', output: 'yaml', ...at }) }],
  },
  {
    name: 'create secret generic --from-literal --type, -o yaml, and the line',
    setup: created(),
    steps: [
      {
        argv: ['create', 'secret', 'generic', 'creds', '--from-literal=user=admin', '--from-literal=pass=s3crét', '--type=example.com/basic', '--dry-run=client', '-o', 'yaml'],
        sim: (s) => kubectlCreateSecret(s, { name: 'creds', literals: { user: 'admin', pass: 's3crét' }, type: 'example.com/basic', dryRun: 'client', output: 'yaml', ...at }),
      },
      {
        argv: ['create', 'secret', 'generic', 'creds', '--from-literal=user=admin', '--dry-run=client'],
        sim: (s) => kubectlCreateSecret(s, { name: 'creds', literals: { user: 'admin' }, dryRun: 'client', ...at }),
      },
    ],
  },
];

/** `kubectl set env -c` selects containers as set resources does (set/helper.go's selectContainers, `*` wildcards). */
const setEnvCases: Case[] = [
  ...['side*', '*car', 'n*x', 'x*'].map(
    (container): Case => ({
      name: `set env -c ${container}`,
      setup: created(TWO_CONTAINERS),
      steps: [
        {
          argv: ['set', 'env', 'deployment/nginx', '-c', container, 'MODE=fast'],
          sim: (s) => kubectlSetEnv(s, { resource: 'deployment/nginx', container, env: { MODE: 'fast' }, ...at }),
        },
      ],
    }),
  ),
];

function compare(cases: readonly Case[]): void {
  for (const c of cases) {
    it(c.name, { timeout: 180_000 }, async () => {
      const results = await runCase(c);
      for (const [i, r] of results.entries()) {
        const label = `${c.name}, step ${i + 1}: kubectl ${c.steps[i]!.argv.join(' ')}`;
        for (const ua of r.userAgents) expect(ua, label).toBe(KUBECTL_USER_AGENT);
        expect(r.sim.writes, `${label}: requests`).toEqual(r.real.writes);
        expect(r.sim.run, `${label}: output`).toEqual(r.real.run);
        expect(r.sim.objects, `${label}: the objects left`).toEqual(r.real.objects);
      }
    });
  }
}

describe.skipIf(!available)('kubectl set resources: real kubectl v1.32 and the actor', () => compare(setResourcesCases));
describe.skipIf(!available)('kubectl apply --server-side --subresource: real kubectl v1.32 and the actor', () => compare(applySubresourceCases));
describe.skipIf(!available)('kubectl create deployment|configmap|secret --dry-run=client: real kubectl v1.32 and the actors', () => compare(createGeneratedCases));
describe.skipIf(!available)('kubectl set env -c with wildcards: real kubectl v1.32 and the actor', () => compare(setEnvCases));
describe.skipIf(!available)('kubectl replace and delete --dry-run: real kubectl v1.32 and the actors', () => compare(replaceDeleteCases));
