/**
 * Generated kubectl command sequences for the tests that hold ssa-sim to real kubectl v1.32
 * (kubectl-random-compare.test.ts, kubectl-diff-random.test.ts): manifests of a ConfigMap, a
 * Deployment whose env, ports, containers and strategy vary, and a custom resource with a
 * map-type list and a set; commands that apply, create, label, annotate, set env and image, scale,
 * restart and patch them, each both as kubectl's arguments and as the same actor call.
 */
import fc from 'fast-check';
import {
  kubectlAnnotate,
  kubectlApply,
  kubectlCreate,
  kubectlCreateConfigMap,
  kubectlCreateDeployment,
  kubectlCreateSecret,
  kubectlDelete,
  kubectlLabel,
  kubectlPatch,
  kubectlReplace,
  kubectlRolloutRestart,
  kubectlScale,
  kubectlSetEnv,
  kubectlSetImage,
  kubectlSetResources,
} from '../../src/actors/index.js';
import { type Case, type Step, T0, T1 } from './kubectl-compare-harness.js';
import { widgetCrd } from '../support/widget-crd.js';

const at = { now: T1 };

// ---------------------------------------------------------------------------------------------
// manifests

export const configMap = fc.record({
  data: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('1', '2', 'x'), { minKeys: 1 }),
  tier: fc.option(fc.constantFrom('web', 'db'), { nil: undefined }),
});

export function configMapText(c: { data: Record<string, string>; tier?: string }): string {
  const labels = c.tier === undefined ? '' : `  labels:\n    tier: ${c.tier}\n`;
  const data = Object.entries(c.data)
    .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`)
    .join('');
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n${labels}data:\n${data}`;
}

export const deployment = fc.record({
  replicas: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  image: fc.constantFrom('nginx:1.25', 'nginx:1.26'),
  env: fc.dictionary(fc.constantFrom('FOO', 'BAR'), fc.constantFrom('1', '2')),
  sidecar: fc.boolean(),
  ports: fc.uniqueArray(fc.constantFrom(80, 8080, 9090), { maxLength: 2 }),
  recreate: fc.option(fc.boolean(), { nil: undefined }),
});

export function deploymentText(d: { replicas?: number; image: string; env: Record<string, string>; sidecar: boolean; ports: number[]; recreate?: boolean }): string {
  const env = Object.entries(d.env)
    .map(([k, v]) => `        - name: ${k}\n          value: ${JSON.stringify(v)}\n`)
    .join('');
  const ports = d.ports.map((p) => `        - containerPort: ${p}\n`).join('');
  const nginx = `      - name: nginx\n        image: ${d.image}\n${env ? `        env:\n${env}` : ''}${ports ? `        ports:\n${ports}` : ''}`;
  const strategy = d.recreate === undefined ? '' : d.recreate ? '  strategy:\n    type: Recreate\n' : '  strategy:\n    type: RollingUpdate\n    rollingUpdate:\n      maxSurge: 1\n';
  const sidecar = d.sidecar ? '      - name: sidecar\n        image: busybox:1.36\n' : '';
  return (
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n  labels:\n    app: nginx\nspec:\n' +
    (d.replicas === undefined ? '' : `  replicas: ${d.replicas}\n`) +
    strategy +
    '  selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n' +
    nginx +
    sidecar
  );
}

/**
 * A custom resource: kubectl sends JSON merge patches for it, and its schema has a map-type list
 * keyed by name and a set, which server-side apply merges by key and by value.
 */
export const WIDGET_CRD = widgetCrd(`
size: {type: integer}
items:
  type: array
  x-kubernetes-list-type: map
  x-kubernetes-list-map-keys: [name]
  items:
    type: object
    required: [name]
    properties:
      name: {type: string}
      value: {type: string}
tags:
  type: array
  x-kubernetes-list-type: set
  items: {type: string}
`);

const widget = fc.record({
  size: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
  items: fc.dictionary(fc.constantFrom('a', 'b'), fc.constantFrom('x', 'y')),
  tags: fc.uniqueArray(fc.constantFrom('red', 'blue'), { maxLength: 2 }),
});

function widgetText(w: { size?: number; items: Record<string, string>; tags: string[] }): string {
  const items = Object.entries(w.items)
    .map(([k, v]) => `  - name: ${k}\n    value: ${v}\n`)
    .join('');
  return (
    'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n' +
    (w.size === undefined ? '' : `  size: ${w.size}\n`) +
    (items ? `  items:\n${items}` : '') +
    (w.tags.length > 0 ? `  tags: [${w.tags.join(', ')}]\n` : '')
  );
}

export const manifest = fc.oneof(configMap.map(configMapText), deployment.map(deploymentText), widget.map(widgetText));

// ---------------------------------------------------------------------------------------------
// commands: each makes its step from the file name it may write

export type MakeStep = (file: string) => { step: Step; text?: string };

/** `--dry-run=server` now and then. */
const dryRun = fc.constantFrom(undefined, undefined, undefined, 'server' as const);


const applyCsa = fc.record({ text: manifest, dryRun }).map(
  ({ text, dryRun }): MakeStep =>
    (file) => ({
      text,
      step: { argv: ['apply', ...(dryRun ? [`--dry-run=${dryRun}`] : []), '-f', file], sim: (s) => kubectlApply(s, { manifests: text, filename: file, ...(dryRun ? { dryRun } : {}), ...at }) },
    }),
);

/** `apply --server-side` of one of `manifests`, now and then as another manager, forced or a dry run. */
const applySsaOf = (manifests: fc.Arbitrary<string>) =>
  fc.record({ text: manifests, manager: fc.constantFrom(undefined, 'team-a', 'team-b'), force: fc.boolean(), dryRun }).map(
    ({ text, manager, force, dryRun }): MakeStep =>
      (file) => ({
        text,
        step: {
          argv: ['apply', '--server-side', ...(manager ? [`--field-manager=${manager}`] : []), ...(force ? ['--force-conflicts'] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : []), '-f', file],
          sim: (s) =>
            kubectlApply(s, { manifests: text, filename: file, serverSide: true, ...(manager ? { fieldManager: manager } : {}), forceConflicts: force, ...(dryRun ? { dryRun } : {}), ...at }),
        },
      }),
  );
const applySsa = applySsaOf(manifest);

/** `create` of one of `manifests`, with or without `--save-config`. */
const createOf = (manifests: fc.Arbitrary<string>) =>
  fc.record({ text: manifests, saveConfig: fc.boolean() }).map(
    ({ text, saveConfig }): MakeStep =>
      (file) => ({
        text,
        step: { argv: ['create', ...(saveConfig ? ['--save-config'] : []), '-f', file], sim: (s) => kubectlCreate(s, { manifests: text, filename: file, saveConfig, ...at }) },
      }),
  );
const create = createOf(manifest);

const annotate = fc
  .record({ target: fc.constantFrom('configmap/settings', 'deployment/nginx', 'widget/w'), value: fc.constantFrom('a', 'b', null), overwrite: fc.boolean() })
  .map(
    ({ target, value, overwrite }): MakeStep =>
      () => ({
        step: {
          argv: ['annotate', ...(overwrite ? ['--overwrite'] : []), target, value === null ? 'owner-' : `owner=${value}`],
          sim: (s) => kubectlAnnotate(s, { resource: target, annotations: { owner: value }, overwrite, ...at }),
        },
      }),
  );

const setImage = fc.record({ container: fc.constantFrom('nginx', 'sidecar', '*'), image: fc.constantFrom('nginx:1.27', 'busybox:1.37') }).map(
  ({ container, image }): MakeStep =>
    () => ({
      step: {
        argv: ['set', 'image', 'deployment/nginx', `${container}=${image}`],
        sim: (s) => kubectlSetImage(s, { resource: 'deployment/nginx', images: { [container]: image }, ...at }),
      },
    }),
);

const strategicPatch = fc
  .oneof(
    fc.integer({ min: 1, max: 3 }).map((r) => ({ spec: { replicas: r } })),
    fc.constantFrom('FOO', 'QUX').map((name) => ({ spec: { template: { spec: { containers: [{ name: 'nginx', env: [{ name, value: '9' }] }] } } } })),
    fc.constantFrom(80, 8080).map((p) => ({ spec: { template: { spec: { containers: [{ name: 'nginx', ports: [{ containerPort: p, name: 'web' }] }] } } } })),
  )
  .map((body): MakeStep => {
    const patch = JSON.stringify(body);
    return () => ({ step: { argv: ['patch', 'deployment/nginx', '-p', patch], sim: (s) => kubectlPatch(s, { resource: 'deployment/nginx', patch, ...at }) } });
  });

const label = fc
  .record({ target: fc.constantFrom('configmap/settings', 'deployment/nginx', 'widget/w'), value: fc.constantFrom('web', 'db', null), overwrite: fc.boolean(), dryRun })
  .map(
    ({ target, value, overwrite, dryRun }): MakeStep =>
      () => ({
        step: {
          argv: ['label', ...(overwrite ? ['--overwrite'] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : []), target, value === null ? 'tier-' : `tier=${value}`],
          sim: (s) => kubectlLabel(s, { resource: target, labels: { tier: value }, overwrite, ...(dryRun ? { dryRun } : {}), ...at }),
        },
      }),
  );

const rolloutRestart = fc.constant<MakeStep>(() => ({
  step: { argv: ['rollout', 'restart', 'deployment/nginx'], sim: (s) => kubectlRolloutRestart(s, { resource: 'deployment/nginx', ...at }) },
}));

const setEnv = fc.record({ name: fc.constantFrom('FOO', 'BAR', 'NEW'), value: fc.constantFrom('1', '3') }).map(
  ({ name, value }): MakeStep =>
    () => ({
      step: { argv: ['set', 'env', 'deployment/nginx', `${name}=${value}`], sim: (s) => kubectlSetEnv(s, { resource: 'deployment/nginx', env: { [name]: value }, ...at }) },
    }),
);

const scale = fc.integer({ min: 0, max: 4 }).map(
  (replicas): MakeStep =>
    () => ({ step: { argv: ['scale', 'deployment/nginx', `--replicas=${replicas}`], sim: (s) => kubectlScale(s, { resource: 'deployment/nginx', replicas, ...at }) } }),
);

const mergePatch = fc
  .oneof(
    fc.record({ key: fc.constantFrom('a', 'b', 'd'), value: fc.constantFrom('7', null) }).map(({ key, value }) => ['configmap/settings', { data: { [key]: value } }] as const),
    fc.constantFrom({ spec: { size: 5 } }, { spec: { tags: ['green'] } }, { spec: { items: null } }).map((body) => ['widget/w', body] as const),
  )
  .map(([target, body]): MakeStep => {
    const patch = JSON.stringify(body);
    return () => ({
      step: { argv: ['patch', target, '--type=merge', '-p', patch], sim: (s) => kubectlPatch(s, { resource: target, type: 'merge', patch, ...at }) },
    });
  });

export const sequence = fc.array(fc.oneof({ arbitrary: applyCsa, weight: 3 }, { arbitrary: applySsa, weight: 3 }, create, label, annotate, setEnv, setImage, scale, rolloutRestart, mergePatch, strategicPatch), {
  minLength: 2,
  maxLength: 5,
});

// ---------------------------------------------------------------------------------------------
// more of what users run (kubectl-random-compare.test.ts): a Service, a StatefulSet, a DaemonSet
// and a Secret with stringData beside the objects above, and the commands that touch them

/** A Service whose ports are keyed by port and protocol; `named` false leaves several ports without names (refused). */
const service = fc.record({
  ports: fc.uniqueArray(fc.constantFrom('80/TCP', '80/UDP', '443/TCP'), { minLength: 1, maxLength: 3 }),
  named: fc.constantFrom(true, true, true, false),
  targetPort: fc.option(fc.constantFrom(8080, 'http'), { nil: undefined }),
});

function serviceText(s: { ports: string[]; named: boolean; targetPort?: number | string }): string {
  const ports = s.ports
    .map((p) => {
      const [port, protocol] = p.split('/');
      const name = s.named ? `    name: p${port}-${protocol!.toLowerCase()}\n` : '';
      const target = s.targetPort === undefined ? '' : `    targetPort: ${s.targetPort}\n`;
      return `  - port: ${port}\n    protocol: ${protocol}\n${name}${target}`;
    })
    .join('');
  return `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n${ports}`;
}

/** The containers of a pod template, as deploymentText writes them. */
function containersText(d: { image: string; env: Record<string, string>; sidecar: boolean; ports: number[] }): string {
  const env = Object.entries(d.env)
    .map(([k, v]) => `        - name: ${k}\n          value: ${JSON.stringify(v)}\n`)
    .join('');
  const ports = d.ports.map((p) => `        - containerPort: ${p}\n`).join('');
  const sidecar = d.sidecar ? '      - name: sidecar\n        image: busybox:1.36\n' : '';
  return `      containers:\n      - name: nginx\n        image: ${d.image}\n${env ? `        env:\n${env}` : ''}${ports ? `        ports:\n${ports}` : ''}${sidecar}`;
}

const podSpec = {
  image: fc.constantFrom('nginx:1.25', 'nginx:1.26'),
  env: fc.dictionary(fc.constantFrom('FOO', 'BAR'), fc.constantFrom('1', '2')),
  sidecar: fc.boolean(),
  ports: fc.uniqueArray(fc.constantFrom(80, 8080), { maxLength: 2 }),
};

const statefulSet = fc.record({ replicas: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }), onDelete: fc.option(fc.boolean(), { nil: undefined }), ...podSpec });

function statefulSetText(d: { replicas?: number; onDelete?: boolean; image: string; env: Record<string, string>; sidecar: boolean; ports: number[] }): string {
  const strategy = d.onDelete === undefined ? '' : d.onDelete ? '  updateStrategy:\n    type: OnDelete\n' : '  updateStrategy:\n    type: RollingUpdate\n    rollingUpdate:\n      partition: 1\n';
  return (
    'apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\nspec:\n  serviceName: db\n' +
    (d.replicas === undefined ? '' : `  replicas: ${d.replicas}\n`) +
    strategy +
    '  selector:\n    matchLabels:\n      app: db\n  template:\n    metadata:\n      labels:\n        app: db\n    spec:\n' +
    containersText(d)
  );
}

/** The EKS story's kind: a DaemonSet in the default namespace. */
const daemonSet = fc.record({ maxUnavailable: fc.option(fc.constantFrom(1, '10%'), { nil: undefined }), ...podSpec });

function daemonSetText(d: { maxUnavailable?: number | string; image: string; env: Record<string, string>; sidecar: boolean; ports: number[] }): string {
  const strategy = d.maxUnavailable === undefined ? '' : `  updateStrategy:\n    type: RollingUpdate\n    rollingUpdate:\n      maxUnavailable: ${typeof d.maxUnavailable === 'string' ? JSON.stringify(d.maxUnavailable) : d.maxUnavailable}\n`;
  return (
    'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: aws-node\n  labels:\n    k8s-app: aws-node\nspec:\n' +
    strategy +
    '  selector:\n    matchLabels:\n      k8s-app: aws-node\n  template:\n    metadata:\n      labels:\n        k8s-app: aws-node\n    spec:\n' +
    containersText(d)
  );
}

/** A Secret written with stringData (the server turns it into data) and sometimes data beside it. */
const secret = fc.record({
  stringData: fc.dictionary(fc.constantFrom('user', 'pass'), fc.constantFrom('admin', 's3cret')),
  data: fc.option(fc.constantFrom('dG9rZW4=', 'b3RoZXI='), { nil: undefined }),
  type: fc.option(fc.constant('Opaque'), { nil: undefined }),
});

function secretText(s: { stringData: Record<string, string>; data?: string; type?: string }): string {
  const stringData = Object.entries(s.stringData)
    .map(([k, v]) => `  ${k}: ${v}\n`)
    .join('');
  return (
    'apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n' +
    (s.type === undefined ? '' : `type: ${s.type}\n`) +
    (stringData ? `stringData:\n${stringData}` : '') +
    (s.data === undefined ? '' : `data:\n  token: ${s.data}\n`)
  );
}

/** Every kind the wider generator writes. */
export const anyManifest = fc.oneof(
  configMap.map(configMapText),
  deployment.map(deploymentText),
  widget.map(widgetText),
  service.map(serviceText),
  statefulSet.map(statefulSetText),
  daemonSet.map(daemonSetText),
  secret.map(secretText),
);

const ALL_TARGETS = ['configmap/settings', 'deployment/nginx', 'widget/w', 'service/web', 'statefulset/db', 'daemonset/aws-node', 'secret/creds'] as const;
const WORKLOADS = ['deployment/nginx', 'statefulset/db', 'daemonset/aws-node'] as const;
const SCALABLE = ['deployment/nginx', 'statefulset/db'] as const;

const wideApplyCsa = fc.record({ text: anyManifest, dryRun, manager: fc.constantFrom(undefined, undefined, 'team-a') }).map(
  ({ text, dryRun, manager }): MakeStep =>
    (file) => ({
      text,
      step: {
        argv: ['apply', ...(manager ? [`--field-manager=${manager}`] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : []), '-f', file],
        sim: (s) => kubectlApply(s, { manifests: text, filename: file, ...(manager ? { fieldManager: manager } : {}), ...(dryRun ? { dryRun } : {}), ...at }),
      },
    }),
);

const wideApplySsa = applySsaOf(anyManifest);

/**
 * `apply --server-side --subresource=status|scale` (v1.32 has the flag, for server-side apply
 * only): a manifest as it is, or a Deployment or StatefulSet with a status section.
 */
const withStatus = fc
  .record({ d: fc.oneof(deployment.map(deploymentText), statefulSet.map(statefulSetText)), replicas: fc.integer({ min: 0, max: 3 }) })
  .map(({ d, replicas }) => `${d}status:\n  replicas: ${replicas}\n`);
const applySubresource = fc
  .record({ text: fc.oneof(anyManifest, withStatus), subresource: fc.constantFrom('status', 'status', 'scale'), manager: fc.constantFrom(undefined, 'ctl'), force: fc.boolean(), dryRun })
  .map(
    ({ text, subresource, manager, force, dryRun }): MakeStep =>
      (file) => ({
        text,
        step: {
          argv: ['apply', '--server-side', `--subresource=${subresource}`, ...(manager ? [`--field-manager=${manager}`] : []), ...(force ? ['--force-conflicts'] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : []), '-f', file],
          sim: (s) =>
            kubectlApply(s, { manifests: text, filename: file, serverSide: true, subresource, ...(manager ? { fieldManager: manager } : {}), forceConflicts: force, ...(dryRun ? { dryRun } : {}), ...at }),
        },
      }),
  );
const wideCreate = createOf(anyManifest);

const wideLabel = fc
  .record({ target: fc.constantFrom(...ALL_TARGETS), key: fc.constantFrom('tier', 'app'), value: fc.constantFrom('web', 'db', null), overwrite: fc.boolean(), dryRun })
  .map(
    ({ target, key, value, overwrite, dryRun }): MakeStep =>
      () => ({
        step: {
          argv: ['label', ...(overwrite ? ['--overwrite'] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : []), target, value === null ? `${key}-` : `${key}=${value}`],
          sim: (s) => kubectlLabel(s, { resource: target, labels: { [key]: value }, overwrite, ...(dryRun ? { dryRun } : {}), ...at }),
        },
      }),
  );

const wideAnnotate = fc
  .record({ target: fc.constantFrom(...ALL_TARGETS), value: fc.constantFrom('a', 'b', null), overwrite: fc.boolean() })
  .map(
    ({ target, value, overwrite }): MakeStep =>
      () => ({
        step: {
          argv: ['annotate', ...(overwrite ? ['--overwrite'] : []), target, value === null ? 'owner-' : `owner=${value}`],
          sim: (s) => kubectlAnnotate(s, { resource: target, annotations: { owner: value }, overwrite, ...at }),
        },
      }),
  );

const wideSetImage = fc.record({ target: fc.constantFrom(...WORKLOADS), container: fc.constantFrom('nginx', 'sidecar', '*'), image: fc.constantFrom('nginx:1.27', 'busybox:1.37') }).map(
  ({ target, container, image }): MakeStep =>
    () => ({
      step: { argv: ['set', 'image', target, `${container}=${image}`], sim: (s) => kubectlSetImage(s, { resource: target, images: { [container]: image }, ...at }) },
    }),
);

/** `kubectl set resources`: limits and requests (quantities kubectl rewrites: 0.5, 1024Mi), `-c` with a wildcard or a name no container has, a kind without a pod template. */
const wideSetResources = fc
  .record({
    target: fc.constantFrom(...WORKLOADS, ...WORKLOADS, 'configmap/settings'),
    container: fc.constantFrom(undefined, undefined, 'nginx', 'side*', 'web'),
    limits: fc.option(fc.dictionary(fc.constantFrom('cpu', 'memory'), fc.constantFrom('0.5', '200m', '1024Mi', '1Gi'), { minKeys: 1 }), { nil: undefined }),
    requests: fc.option(fc.dictionary(fc.constantFrom('cpu', 'memory'), fc.constantFrom('100m', '1', '256Mi'), { minKeys: 1 }), { nil: undefined }),
    dryRun,
  })
  .map(({ target, container, limits, requests, dryRun }): MakeStep => {
    const flag = (name: string, list?: Record<string, string>) => (list ? [`--${name}=${Object.entries(list).map(([k, v]) => `${k}=${v}`).join(',')}`] : []);
    return () => ({
      step: {
        argv: ['set', 'resources', target, ...(container ? ['-c', container] : []), ...flag('limits', limits), ...flag('requests', requests), ...(dryRun ? [`--dry-run=${dryRun}`] : [])],
        sim: (s) =>
          kubectlSetResources(s, {
            resource: target,
            ...(container ? { container } : {}),
            ...(limits ? { limits } : {}),
            ...(requests ? { requests } : {}),
            ...(dryRun ? { dryRun } : {}),
            ...at,
          }),
      },
    });
  });

const wideSetEnv = fc
  .record({ target: fc.constantFrom(...WORKLOADS), name: fc.constantFrom('FOO', 'BAR', 'NEW'), value: fc.constantFrom('1', '3', null), container: fc.constantFrom(undefined, undefined, 'side*', 'x*', 'web') })
  .map(
    ({ target, name, value, container }): MakeStep =>
      () => ({
        step: {
          argv: ['set', 'env', target, ...(container ? ['-c', container] : []), value === null ? `${name}-` : `${name}=${value}`],
          sim: (s) => kubectlSetEnv(s, { resource: target, ...(container ? { container } : {}), ...(value === null ? { remove: [name] } : { env: { [name]: value } }), ...at }),
        },
      }),
  );

const wideScale = fc.record({ target: fc.constantFrom(...SCALABLE), replicas: fc.integer({ min: 0, max: 4 }), current: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) }).map(
  ({ target, replicas, current }): MakeStep =>
    () => ({
      step: {
        argv: ['scale', target, ...(current === undefined ? [] : [`--current-replicas=${current}`]), `--replicas=${replicas}`],
        sim: (s) => kubectlScale(s, { resource: target, replicas, ...(current === undefined ? {} : { currentReplicas: current }), ...at }),
      },
    }),
);

const wideStrategicPatch = fc
  .oneof(
    fc.record({ target: fc.constantFrom(...SCALABLE), r: fc.integer({ min: 1, max: 3 }) }).map(({ target, r }) => [target, { spec: { replicas: r } }] as const),
    fc.record({ target: fc.constantFrom(...WORKLOADS), name: fc.constantFrom('FOO', 'QUX') }).map(({ target, name }) => [target, { spec: { template: { spec: { containers: [{ name: 'nginx', env: [{ name, value: '9' }] }] } } } }] as const),
    fc.record({ target: fc.constantFrom(...WORKLOADS), p: fc.constantFrom(80, 8080) }).map(({ target, p }) => [target, { spec: { template: { spec: { containers: [{ name: 'nginx', ports: [{ containerPort: p, name: 'web' }] }] } } } }] as const),
    fc.constantFrom('TCP', 'UDP').map((protocol) => ['service/web', { spec: { ports: [{ port: 80, protocol, name: `dns-${protocol.toLowerCase()}` }] } }] as const),
    fc.constantFrom('admin', 'root').map((user) => ['secret/creds', { stringData: { user } }] as const),
  )
  .map(([target, body]): MakeStep => {
    const patch = JSON.stringify(body);
    return () => ({ step: { argv: ['patch', target, '-p', patch], sim: (s) => kubectlPatch(s, { resource: target, patch, ...at }) } });
  });

/** `kubectl patch --subresource=status|scale`. */
const subresourcePatch = fc
  .oneof(
    fc.record({ target: fc.constantFrom(...SCALABLE), r: fc.integer({ min: 0, max: 3 }) }).map(({ target, r }) => [target, 'status', { status: { replicas: r } }] as const),
    fc.record({ target: fc.constantFrom(...SCALABLE), r: fc.integer({ min: 0, max: 3 }) }).map(({ target, r }) => [target, 'scale', { spec: { replicas: r } }] as const),
    fc.constantFrom(2, 3).map((n) => ['daemonset/aws-node', 'status', { status: { desiredNumberScheduled: n } }] as const),
  )
  .map(([target, subresource, body]): MakeStep => {
    const patch = JSON.stringify(body);
    return () => ({
      step: {
        argv: ['patch', target, `--subresource=${subresource}`, '--type=merge', '-p', patch],
        sim: (s) => kubectlPatch(s, { resource: target, type: 'merge', subresource, patch, ...at }),
      },
    });
  });

const wideRolloutRestart = fc.constantFrom(...WORKLOADS).map(
  (target): MakeStep =>
    () => ({ step: { argv: ['rollout', 'restart', target], sim: (s) => kubectlRolloutRestart(s, { resource: target, ...at }) } }),
);

/** `kubectl create deployment|configmap|secret generic NAME ... --dry-run=client [-o yaml|name]`: kubectl's own objects, printed. */
const createGenerated = fc
  .record({
    kind: fc.constantFrom('deployment', 'configmap', 'secret'),
    images: fc.uniqueArray(fc.constantFrom('nginx:1.25', 'registry.k8s.io/pause:3.9', 'busybox@sha256:0123'), { minLength: 1, maxLength: 2 }),
    replicas: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    port: fc.option(fc.constantFrom(80, 8080), { nil: undefined }),
    literals: fc.dictionary(fc.constantFrom('a', 'b', 'key.one'), fc.constantFrom('1', 'x y', 'true', 'é')),
    namespace: fc.constantFrom(undefined, undefined, 'kube-system'),
    output: fc.constantFrom(undefined, 'yaml' as const, 'yaml' as const, 'name' as const),
  })
  .map(({ kind, images, replicas, port, literals, namespace, output }): MakeStep => {
    const common = { ...(namespace ? { namespace } : {}), dryRun: 'client' as const, ...(output ? { output } : {}), ...at };
    const tail = [...(namespace ? ['-n', namespace] : []), '--dry-run=client', ...(output ? ['-o', output] : [])];
    const fromLiterals = Object.entries(literals).map(([k, v]) => `--from-literal=${k}=${v}`);
    if (kind === 'deployment') {
      const flags = [...images.map((i) => `--image=${i}`), ...(replicas === undefined ? [] : [`--replicas=${replicas}`]), ...(port === undefined ? [] : [`--port=${port}`])];
      return () => ({
        step: {
          argv: ['create', 'deployment', 'web', ...flags, ...tail],
          sim: (s) => kubectlCreateDeployment(s, { name: 'web', images, ...(replicas === undefined ? {} : { replicas }), ...(port === undefined ? {} : { port }), ...common }),
        },
      });
    }
    if (kind === 'configmap') {
      return () => ({ step: { argv: ['create', 'configmap', 'settings', ...fromLiterals, ...tail], sim: (s) => kubectlCreateConfigMap(s, { name: 'settings', literals, ...common }) } });
    }
    return () => ({ step: { argv: ['create', 'secret', 'generic', 'creds', ...fromLiterals, ...tail], sim: (s) => kubectlCreateSecret(s, { name: 'creds', literals, ...common }) } });
  });

/** `--dry-run=server` or `=client` now and then. */
const eitherDryRun = fc.constantFrom(undefined, undefined, undefined, 'server' as const, 'client' as const);

/** `kubectl replace -f`, sometimes `--force` (delete, then create), sometimes a dry run (which kubectl refuses with `--force`). */
const replace = fc.record({ text: anyManifest, force: fc.boolean(), dryRun: eitherDryRun }).map(
  ({ text, force, dryRun }): MakeStep =>
    (file) => ({
      text,
      step: {
        argv: ['replace', ...(force ? ['--force'] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : []), '-f', file],
        sim: (s) => kubectlReplace(s, { manifests: text, filename: file, force, ...(dryRun ? { dryRun } : {}), ...at }),
      },
    }),
);

/** `kubectl delete TYPE/NAME`, or `delete -f` of a manifest; now and then a dry run. */
const deleteObject = fc.oneof(
  fc.record({ target: fc.constantFrom(...ALL_TARGETS), ignoreNotFound: fc.boolean(), dryRun: eitherDryRun }).map(
    ({ target, ignoreNotFound, dryRun }): MakeStep =>
      () => ({
        step: {
          argv: ['delete', target, ...(ignoreNotFound ? ['--ignore-not-found'] : []), ...(dryRun ? [`--dry-run=${dryRun}`] : [])],
          sim: (s) => kubectlDelete(s, { resource: target, ignoreNotFound, ...(dryRun ? { dryRun } : {}), ...at }),
        },
      }),
  ),
  fc.record({ text: anyManifest, dryRun: eitherDryRun }).map(
    ({ text, dryRun }): MakeStep =>
      (file) => ({
        text,
        step: {
          argv: ['delete', ...(dryRun ? [`--dry-run=${dryRun}`] : []), '-f', file],
          sim: (s) => kubectlDelete(s, { manifests: text, filename: file, ...(dryRun ? { dryRun } : {}), ...at }),
        },
      }),
  ),
);

/** The sequences of kubectl-random-compare.test.ts: every kind and command above. */
export const wideSequence = fc.array(
  fc.oneof(
    { arbitrary: wideApplyCsa, weight: 4 },
    { arbitrary: wideApplySsa, weight: 4 },
    wideCreate,
    wideLabel,
    wideAnnotate,
    wideSetEnv,
    wideSetImage,
    wideSetResources,
    wideScale,
    wideRolloutRestart,
    mergePatch,
    wideStrategicPatch,
    subresourcePatch,
    applySubresource,
    createGenerated,
    replace,
    deleteObject,
  ),
  { minLength: 2, maxLength: 5 },
).filter(oneRestartEach);

/**
 * No workload restarted twice: kubectl refuses a restart within the second of the last one by its
 * wall clock, which runs on between real commands, while the actors' clock stands still.
 */
function oneRestartEach(makers: readonly MakeStep[]): boolean {
  const restarts = makers.map((m) => m('f').step.argv).filter((a) => a[0] === 'rollout').map((a) => a[2]);
  return new Set(restarts).size === restarts.length;
}

export function toCase(makers: readonly MakeStep[]): Case {
  const files: Record<string, string> = {};
  const steps = makers.map((make, i) => {
    const { step, text } = make(`s${i + 1}.yaml`);
    if (text !== undefined) files[`s${i + 1}.yaml`] = text;
    return step;
  });
  return { name: 'generated', setup: (s) => kubectlApply(s, { manifests: WIDGET_CRD, serverSide: true, now: T0 }).state, files, steps };
}

/** The sequence as a reader would replay it: each command, then each file it reads. */
export function describeCase(c: Case): string {
  const commands = c.steps.map((s, i) => `  ${i + 1}. kubectl ${s.argv.join(' ')}`).join('\n');
  const files = Object.entries(c.files ?? {})
    .map(([name, text]) => `--- ${name}\n${text}`)
    .join('');
  return `${commands}\n${files}`;
}

