/**
 * Generated kubectl command sequences for the tests that hold ssa-sim to real kubectl v1.32
 * (kubectl-random-compare.test.ts, kubectl-diff-random.test.ts): manifests of a ConfigMap, a
 * Deployment whose env, ports, containers and strategy vary, and a custom resource with a
 * map-type list and a set; commands that apply, create, label, annotate, set env and image, scale,
 * restart and patch them, each both as kubectl's arguments and as the same actor call.
 */
import fc from 'fast-check';
import { kubectlAnnotate, kubectlApply, kubectlCreate, kubectlLabel, kubectlPatch, kubectlRolloutRestart, kubectlScale, kubectlSetEnv, kubectlSetImage } from '../../src/actors/index.js';
import { type Case, type Step, T0, T1 } from './kubectl-compare-harness.js';

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
export const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
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
`;

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

const applySsa = fc
  .record({ text: manifest, manager: fc.constantFrom(undefined, 'team-a', 'team-b'), force: fc.boolean(), dryRun })
  .map(
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

const create = fc.record({ text: manifest, saveConfig: fc.boolean() }).map(
  ({ text, saveConfig }): MakeStep =>
    (file) => ({
      text,
      step: { argv: ['create', ...(saveConfig ? ['--save-config'] : []), '-f', file], sim: (s) => kubectlCreate(s, { manifests: text, filename: file, saveConfig, ...at }) },
    }),
);

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

