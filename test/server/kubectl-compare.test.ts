/**
 * Real kubectl (v1.32, on the PATH) against the simulated API server over HTTP, compared case by
 * case with the simulator's kubectl actors on the same starting state: every write request
 * (method, path, query, content type, body bytes) and what the command prints (stdout, stderr,
 * exit code) must be the same.
 *
 * Each case starts a server on 127.0.0.1 holding a starting state built by the actors, runs one or
 * more real kubectl commands against it (temporary KUBECONFIG, HOME and --cache-dir; KUBE_EDITOR a
 * small script), records every request through `onRequest`, and runs the matching actor calls on
 * the same state. Reads (GET) are not compared: the actors record writes only.
 *
 * The simulator's request bodies are values; they are written as kubectl's Go encoders write them
 * (`wireBody`): JSON with sorted map keys and HTML escaping, managedFields entries in the field
 * order of Go's ManagedFieldsEntry struct, a final newline on POST/PUT/apply bodies and none on
 * the other patches.
 *
 * Normalisation (everything else is compared byte for byte):
 * - the value of `kubectl.kubernetes.io/restartedAt` (kubectl's wall clock; the simulator's `now`)
 *   is replaced by `<restartedAt>` in both bodies;
 * - headers other than Content-Type are not compared (`Kubectl-Session`, `Kubectl-Command`,
 *   `Accept`, `User-Agent`: the user agent is checked once, below);
 * - the temporary directory's path never appears: commands run in it with relative file names;
 * - the Scale PUT of `scale --current-replicas`: kubectl sends it without a Content-Type, the
 *   simulator's record names the type the server reads it as (`application/json`); compared as none.
 * Both sides get the same clock (`now`), so timestamps in managedFields and resourceVersions match
 * without normalisation.
 *
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import {
  type ActorOutcome,
  KUBECTL_USER_AGENT,
  kubectlAnnotate,
  kubectlApply,
  kubectlCreate,
  kubectlEdit,
  kubectlLabel,
  kubectlPatch,
  kubectlRolloutRestart,
  kubectlScale,
  kubectlSetEnv,
  kubectlSetImage,
  vpcCniManifest,
} from '../../src/actors/index.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

const at = { now: T1 };

const cm = (data: Record<string, string>, extra = '') =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n${extra}data:\n${Object.entries(data)
    .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`)
    .join('')}`;

interface DeployOptions {
  image?: string;
  env?: Record<string, string>;
  replicas?: number | string;
  containers?: string[];
  strategy?: string;
  volume?: string;
  extraSpec?: string;
  labels?: Record<string, string>;
}

function deployment(o: DeployOptions = {}): string {
  const env = o.env ?? { FOO: 'bar' };
  const names = o.containers ?? ['nginx'];
  const containers = names
    .map(
      (n) =>
        `      - name: ${n}\n        image: ${n === 'nginx' ? (o.image ?? 'nginx:1.25') : 'busybox:1.36'}\n` +
        (n === 'nginx' && Object.keys(env).length > 0
          ? `        env:\n${Object.entries(env)
              .map(([k, v]) => `        - name: ${k}\n          value: ${JSON.stringify(v)}\n`)
              .join('')}`
          : '') +
        (n === 'nginx' && o.volume ? `        volumeMounts:\n        - name: data\n          mountPath: /data\n` : ''),
    )
    .join('');
  const labels = o.labels ?? { app: 'nginx' };
  return (
    `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n  labels:\n${Object.entries(labels)
      .map(([k, v]) => `    ${k}: ${v}\n`)
      .join('')}spec:\n  replicas: ${o.replicas ?? 2}\n${o.extraSpec ?? ''}` +
    (o.strategy ? `  strategy:\n${o.strategy}` : '') +
    `  selector:\n    matchLabels:\n      app: nginx\n  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n${containers}` +
    (o.volume ? `      volumes:\n      - name: data\n${o.volume}` : '')
  );
}

const DEPLOY = deployment();
const SVC = (name: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\nspec:\n  clusterIP: 10.96.0.10\n  ports:\n  - port: 80\n`;
const CM = cm({ a: '1', b: '2' });
const NAMELESS = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    tier: web\ndata:\n  a: "1"\n';
const GENERATED = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  generateName: settings-\ndata:\n  a: "1"\n';

const csa = (manifests: string) => (s: ClusterState) => kubectlApply(s, { manifests, now: T0 }).state;
const created = (manifests: string) => (s: ClusterState) => kubectlCreate(s, { manifests, now: T0 }).state;
const seq =
  (...fs: ((s: ClusterState) => ClusterState)[]) =>
  (s: ClusterState) =>
    fs.reduce((acc, f) => f(acc), s);
const none = (s: ClusterState) => s;

function applyCase(name: string, setup: (s: ClusterState) => ClusterState, manifest: string, flags: readonly string[] = [], simOpts: Record<string, unknown> = {}): Case {
  return {
    name,
    setup,
    files: { 'manifest.yaml': manifest },
    steps: [
      {
        argv: ['apply', ...flags, '-f', 'manifest.yaml'],
        sim: (s) => kubectlApply(s, { manifests: manifest, filename: 'manifest.yaml', ...at, ...simOpts }),
      },
    ],
  };
}

function command(name: string, setup: (s: ClusterState) => ClusterState, argv: readonly string[], sim: (s: ClusterState) => ActorOutcome): Case {
  return { name, setup, steps: [{ argv, sim }] };
}

const recreate = `    rollingUpdate: null\n    type: Recreate\n`;
const finalizers = (list: string[]) => `  finalizers:\n${list.map((f) => `  - ${f}\n`).join('')}`;

const cases: Case[] = [
  // client-side apply
  applyCase('apply: create a ConfigMap', none, CM),
  applyCase('apply: create a Deployment', none, DEPLOY),
  applyCase('apply: unchanged ConfigMap', csa(CM), CM),
  applyCase('apply: change a ConfigMap value', csa(CM), cm({ a: '1', b: '3' })),
  applyCase('apply: drop a ConfigMap key', csa(CM), cm({ a: '1' })),
  applyCase('apply: add a label', csa(CM), cm({ a: '1', b: '2' }, '  labels:\n    tier: web\n')),
  applyCase('apply: change the image ($setElementOrder)', csa(DEPLOY), deployment({ image: 'nginx:1.26' })),
  applyCase('apply: add an env var', csa(DEPLOY), deployment({ env: { FOO: 'bar', LOG: 'debug' } })),
  applyCase('apply: an added env var before a changed one (patch items in the manifest\'s order)', csa(deployment({ env: { BAR: 'old' } })), deployment({ env: { FOO: 'bar', BAR: 'new' } })),
  applyCase(
    'apply: a repeated finalizer given once ($deleteFromPrimitiveList walks sorted lists)',
    csa(cm({ a: '1' }, finalizers(['example.com/b', 'example.com/a', 'example.com/b']))),
    cm({ a: '1' }, finalizers(['example.com/a', 'example.com/b'])),
  ),
  applyCase('apply: remove an env var ($patch: delete)', csa(deployment({ env: { FOO: 'bar', LOG: 'debug' } })), deployment()),
  applyCase('apply: reorder containers', csa(deployment({ containers: ['nginx', 'sidecar'] })), deployment({ containers: ['sidecar', 'nginx'] })),
  applyCase('apply: add a container', csa(DEPLOY), deployment({ containers: ['nginx', 'sidecar'] })),
  applyCase(
    'apply: strategy to Recreate ($retainKeys)',
    csa(deployment({ strategy: '    type: RollingUpdate\n    rollingUpdate:\n      maxSurge: 1\n' })),
    deployment({ strategy: '    type: Recreate\n' }),
  ),
  applyCase(
    'apply: volume source emptyDir to configMap ($retainKeys)',
    csa(deployment({ volume: '        emptyDir: {}\n' })),
    deployment({ volume: '        configMap:\n          name: settings\n' }),
  ),
  applyCase(
    'apply: drop a finalizer ($deleteFromPrimitiveList)',
    csa(cm({ a: '1' }, finalizers(['example.com/a', 'example.com/b']))),
    cm({ a: '1' }, finalizers(['example.com/a'])),
  ),
  applyCase('apply: replicas change, dry run on the server', csa(DEPLOY), deployment({ replicas: 3 }), ['--dry-run=server'], { dryRun: 'server' }),
  applyCase('apply: replicas change, dry run on the client', csa(DEPLOY), deployment({ replicas: 3 }), ['--dry-run=client'], { dryRun: 'client' }),
  applyCase('apply: on an object created without the annotation', created(DEPLOY), deployment({ replicas: 3 })),
  applyCase('apply: two objects in one file', none, `${CM}---\n${DEPLOY}`),
  applyCase('apply: an unknown field (Strict)', none, deployment({ extraSpec: '  replicaz: 3\n' })),
  applyCase('apply: an unknown field, --validate=false', none, deployment({ extraSpec: '  replicaz: 3\n' }), ['--validate=false'], { validate: 'false' }),
  applyCase('apply: an unknown field, --validate=warn', none, deployment({ extraSpec: '  replicaz: 3\n' }), ['--validate=warn'], { validate: 'warn' }),
  applyCase('apply: a patch the server refuses', csa(DEPLOY), deployment({ replicas: '"two"' })),
  applyCase('apply: with -o name', csa(CM), cm({ a: '9' }), ['-o', 'name'], { output: 'name' }),
  applyCase('apply: strategy with rollingUpdate null', csa(DEPLOY), deployment({ strategy: recreate })),

  applyCase('apply -n: into another namespace', none, CM, ['-n', 'kube-system'], { namespace: 'kube-system' }),
  applyCase('apply: a cluster-scoped object', none, 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n  labels:\n    tier: web\n'),

  // server-side apply
  applyCase('apply --server-side -o name', csa(CM), cm({ a: '7' }), ['--server-side', '-o', 'name'], { serverSide: true, output: 'name' }),
  applyCase('apply --server-side: create', none, CM, ['--server-side'], { serverSide: true }),
  applyCase('apply --server-side: migrate client-side ownership', csa(CM), cm({ a: '1' }), ['--server-side'], { serverSide: true }),
  applyCase(
    'apply --server-side: again after migrating',
    seq(csa(CM), (s) => kubectlApply(s, { manifests: CM, serverSide: true, now: T0 }).state),
    cm({ a: '5', b: '2' }),
    ['--server-side'],
    { serverSide: true },
  ),
  applyCase('apply --server-side --field-manager: migration to another manager', csa(CM), CM, ['--server-side', '--field-manager=flux'], {
    serverSide: true,
    fieldManager: 'flux',
  }),
  applyCase('apply --server-side: a conflict', csa(DEPLOY), deployment({ replicas: 4 }), ['--server-side', '--field-manager=other'], {
    serverSide: true,
    fieldManager: 'other',
  }),
  applyCase('apply --server-side --force-conflicts', csa(DEPLOY), deployment({ replicas: 4 }), ['--server-side', '--field-manager=other', '--force-conflicts'], {
    serverSide: true,
    fieldManager: 'other',
    forceConflicts: true,
  }),
  applyCase('apply --server-side --dry-run=server', csa(CM), cm({ a: '1' }), ['--server-side', '--dry-run=server'], { serverSide: true, dryRun: 'server' }),
  applyCase(
    'apply --server-side --subresource=status',
    csa(DEPLOY),
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nstatus:\n  replicas: 2\n',
    ['--server-side', '--subresource=status'],
    { serverSide: true, subresource: 'status' },
  ),
  applyCase('apply --server-side: an unknown field', none, deployment({ extraSpec: '  replicaz: 3\n' }), ['--server-side'], { serverSide: true }),

  // set
  command('set image', csa(DEPLOY), ['set', 'image', 'deployment/nginx', 'nginx=nginx:1.26'], (s) =>
    kubectlSetImage(s, { resource: 'deployment/nginx', images: { nginx: 'nginx:1.26' }, ...at }),
  ),
  command('set image: unknown container', csa(DEPLOY), ['set', 'image', 'deployment/nginx', 'nope=x:1'], (s) =>
    kubectlSetImage(s, { resource: 'deployment/nginx', images: { nope: 'x:1' }, ...at }),
  ),
  command('set env: change a value', csa(DEPLOY), ['set', 'env', 'deployment/nginx', 'FOO=baz'], (s) =>
    kubectlSetEnv(s, { resource: 'deployment/nginx', env: { FOO: 'baz' }, ...at }),
  ),
  command('set env: add a variable', csa(DEPLOY), ['set', 'env', 'deployment/nginx', 'NEW=1'], (s) =>
    kubectlSetEnv(s, { resource: 'deployment/nginx', env: { NEW: '1' }, ...at }),
  ),
  command('set env: remove a variable', csa(DEPLOY), ['set', 'env', 'deployment/nginx', 'FOO-'], (s) =>
    kubectlSetEnv(s, { resource: 'deployment/nginx', remove: ['FOO'], ...at }),
  ),
  command('set env: one container of two', csa(deployment({ containers: ['nginx', 'sidecar'] })), ['set', 'env', 'deployment/nginx', '-c', 'sidecar', 'MODE=x'], (s) =>
    kubectlSetEnv(s, { resource: 'deployment/nginx', container: 'sidecar', env: { MODE: 'x' }, ...at }),
  ),

  command('set env: the same value again', csa(DEPLOY), ['set', 'env', 'deployment/nginx', 'FOO=bar'], (s) =>
    kubectlSetEnv(s, { resource: 'deployment/nginx', env: { FOO: 'bar' }, ...at }),
  ),

  // label, annotate
  command('label: two keys', csa(CM), ['label', 'configmap/settings', 'tier=web', 'team=a'], (s) =>
    kubectlLabel(s, { resource: 'configmap/settings', labels: { tier: 'web', team: 'a' }, ...at }),
  ),
  command(
    'annotate --overwrite',
    seq(csa(CM), (s) => kubectlAnnotate(s, { resource: 'configmap/settings', annotations: { owner: 'team-a' }, now: T0 }).state),
    ['annotate', '--overwrite', 'configmap/settings', 'owner=team-b'],
    (s) => kubectlAnnotate(s, { resource: 'configmap/settings', annotations: { owner: 'team-b' }, overwrite: true, ...at }),
  ),
  command('label: add', csa(CM), ['label', 'configmap/settings', 'tier=web'], (s) => kubectlLabel(s, { resource: 'configmap/settings', labels: { tier: 'web' }, ...at })),
  command('label: remove a label the object lacks', csa(CM), ['label', 'configmap/settings', 'tier-', 'team-'], (s) =>
    kubectlLabel(s, { resource: 'configmap/settings', labels: { tier: null, team: null }, ...at }),
  ),
  command('label: a missing label and a refused change', csa(DEPLOY), ['label', 'deployment/nginx', 'tier-', 'app=other'], (s) =>
    kubectlLabel(s, { resource: 'deployment/nginx', labels: { tier: null, app: 'other' }, ...at }),
  ),
  command(
    'label: remove the last key',
    seq(csa(CM), (s) => kubectlLabel(s, { resource: 'configmap/settings', labels: { tier: 'web' }, now: T0 }).state),
    ['label', 'configmap/settings', 'tier-'],
    (s) => kubectlLabel(s, { resource: 'configmap/settings', labels: { tier: null }, ...at }),
  ),
  command('label: change without --overwrite', csa(DEPLOY), ['label', 'deployment/nginx', 'app=other'], (s) =>
    kubectlLabel(s, { resource: 'deployment/nginx', labels: { app: 'other' }, ...at }),
  ),
  command('label: change with --overwrite', csa(DEPLOY), ['label', '--overwrite', 'deployment/nginx', 'app=other'], (s) =>
    kubectlLabel(s, { resource: 'deployment/nginx', labels: { app: 'other' }, overwrite: true, ...at }),
  ),
  command('label: same value again', csa(DEPLOY), ['label', 'deployment/nginx', 'app=nginx'], (s) =>
    kubectlLabel(s, { resource: 'deployment/nginx', labels: { app: 'nginx' }, ...at }),
  ),
  command('annotate: add', csa(CM), ['annotate', 'configmap/settings', 'owner=team-a'], (s) =>
    kubectlAnnotate(s, { resource: 'configmap/settings', annotations: { owner: 'team-a' }, ...at }),
  ),
  command(
    'annotate: remove the last key',
    seq(created(CM), (s) => kubectlAnnotate(s, { resource: 'configmap/settings', annotations: { owner: 'team-a' }, now: T0 }).state),
    ['annotate', 'configmap/settings', 'owner-'],
    (s) => kubectlAnnotate(s, { resource: 'configmap/settings', annotations: { owner: null }, ...at }),
  ),

  // patch
  command('patch --type=merge', csa(DEPLOY), ['patch', 'deployment/nginx', '--type=merge', '-p', '{"spec":{"replicas":3}}'], (s) =>
    kubectlPatch(s, { resource: 'deployment/nginx', type: 'merge', patch: '{"spec":{"replicas":3}}', ...at }),
  ),
  command('patch --type=json', csa(CM), ['patch', 'configmap/settings', '--type=json', '-p', '[{"op":"replace","path":"/data/a","value":"9"}]'], (s) =>
    kubectlPatch(s, { resource: 'configmap/settings', type: 'json', patch: '[{"op":"replace","path":"/data/a","value":"9"}]', ...at }),
  ),
  command(
    'patch --type=strategic',
    csa(DEPLOY),
    ['patch', 'deployment/nginx', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}'],
    (s) => kubectlPatch(s, { resource: 'deployment/nginx', patch: '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}', ...at }),
  ),
  command('patch --type=json, keys not in order', csa(CM), ['patch', 'configmap/settings', '--type=json', '-p', '[{"value":"9","path":"/data/a","op":"replace"}]'], (s) =>
    kubectlPatch(s, { resource: 'configmap/settings', type: 'json', patch: '[{"value":"9","path":"/data/a","op":"replace"}]', ...at }),
  ),
  command('patch: YAML text', csa(DEPLOY), ['patch', 'deployment/nginx', '-p', 'spec: {replicas: 3, minReadySeconds: 1}'], (s) =>
    kubectlPatch(s, { resource: 'deployment/nginx', patch: 'spec: {replicas: 3, minReadySeconds: 1}', ...at }),
  ),
  command('patch: no change', csa(DEPLOY), ['patch', 'deployment/nginx', '--type=merge', '-p', '{"spec":{"replicas":2}}'], (s) =>
    kubectlPatch(s, { resource: 'deployment/nginx', type: 'merge', patch: '{"spec":{"replicas":2}}', ...at }),
  ),
  command('patch --subresource=scale', csa(DEPLOY), ['patch', 'deployment/nginx', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":4}}'], (s) =>
    kubectlPatch(s, { resource: 'deployment/nginx', subresource: 'scale', type: 'merge', patch: '{"spec":{"replicas":4}}', ...at }),
  ),
  command('patch --subresource=status', csa(DEPLOY), ['patch', 'deployment/nginx', '--subresource=status', '--type=merge', '-p', '{"status":{"replicas":2}}'], (s) =>
    kubectlPatch(s, { resource: 'deployment/nginx', subresource: 'status', type: 'merge', patch: '{"status":{"replicas":2}}', ...at }),
  ),

  // scale
  command('scale --replicas', csa(DEPLOY), ['scale', 'deployment/nginx', '--replicas=5'], (s) => kubectlScale(s, { resource: 'deployment/nginx', replicas: 5, ...at })),
  command('scale: the object does not exist', none, ['scale', 'deployment/nginx', '--replicas=5'], (s) => kubectlScale(s, { resource: 'deployment/nginx', replicas: 5, ...at })),
  command('scale --current-replicas', csa(DEPLOY), ['scale', 'deployment/nginx', '--current-replicas=2', '--replicas=3'], (s) =>
    kubectlScale(s, { resource: 'deployment/nginx', currentReplicas: 2, replicas: 3, ...at }),
  ),

  // create
  {
    name: 'create -f',
    setup: none,
    files: { 'cm.yaml': CM },
    steps: [{ argv: ['create', '-f', 'cm.yaml'], sim: (s) => kubectlCreate(s, { manifests: CM, filename: 'cm.yaml', ...at }) }],
  },
  {
    name: 'create -f: already exists',
    setup: created(CM),
    files: { 'cm.yaml': CM },
    steps: [{ argv: ['create', '-f', 'cm.yaml'], sim: (s) => kubectlCreate(s, { manifests: CM, filename: 'cm.yaml', ...at }) }],
  },
  {
    name: 'create --save-config',
    setup: none,
    files: { 'cm.yaml': CM },
    steps: [{ argv: ['create', '--save-config', '-f', 'cm.yaml'], sim: (s) => kubectlCreate(s, { manifests: CM, filename: 'cm.yaml', saveConfig: true, ...at }) }],
  },

  {
    name: 'create -f: an unknown field (Strict)',
    setup: none,
    files: { 'cm.yaml': `${CM}extra: 1\n` },
    steps: [{ argv: ['create', '-f', 'cm.yaml'], sim: (s) => kubectlCreate(s, { manifests: `${CM}extra: 1\n`, filename: 'cm.yaml', ...at }) }],
  },

  // an empty --field-manager= is sent as no field manager: the user agent names an Update's
  // manager, and an apply is refused (422); a single Invalid error prints as kubectl's checkErr
  // words it (`The <Kind> "<name>" is invalid: <field>: <message>`)
  applyCase('apply --field-manager= (empty): the user agent names the manager', none, CM, ['--field-manager='], { fieldManager: '' }),
  applyCase('apply --field-manager= (empty): an existing object', csa(CM), cm({ a: '1', b: '3' }), ['--field-manager='], { fieldManager: '' }),
  applyCase('apply --server-side --field-manager= (empty): the 422', csa(CM), cm({ a: '1', b: '3' }), ['--server-side', '--field-manager='], { serverSide: true, fieldManager: '' }),
  {
    name: 'create -f: a cluster IP already allocated (Invalid)',
    setup: created(SVC('first')),
    files: { 'svc.yaml': SVC('second') },
    steps: [{ argv: ['create', '-f', 'svc.yaml'], sim: (s) => kubectlCreate(s, { manifests: SVC('second'), filename: 'svc.yaml', ...at }) }],
  },
  applyCase('apply: a cluster IP already allocated (Invalid)', created(SVC('first')), SVC('second')),
  // kubectl reads YAML without strict checks (sigs.k8s.io/yaml): a repeated key keeps its last value
  applyCase('apply: a key repeated in the manifest', none, `${CM}  a: "3"\n`),
  applyCase('apply --server-side: a key repeated in the manifest', none, `${CM}  a: "3"\n`, ['--server-side'], { serverSide: true }),

  // a manifest without metadata.name: client-go refuses the request before sending it
  // (`resource name may not be empty`), kubectl apply refuses generateName, create sends it
  applyCase('apply: no metadata.name', none, NAMELESS),
  applyCase('apply --server-side: no metadata.name', none, NAMELESS, ['--server-side'], { serverSide: true }),
  applyCase('apply: no metadata.name, then a named object', none, `${NAMELESS}---\n${CM}`),
  applyCase('apply: generateName', none, GENERATED),
  applyCase('apply --server-side: generateName', none, GENERATED, ['--server-side'], { serverSide: true }),
  {
    name: 'create -f: no metadata.name',
    setup: none,
    files: { 'cm.yaml': NAMELESS },
    steps: [{ argv: ['create', '-f', 'cm.yaml'], sim: (s) => kubectlCreate(s, { manifests: NAMELESS, filename: 'cm.yaml', ...at }) }],
  },
  {
    name: 'create -f: generateName',
    setup: none,
    files: { 'cm.yaml': GENERATED },
    steps: [{ argv: ['create', '-f', 'cm.yaml'], sim: (s) => kubectlCreate(s, { manifests: GENERATED, filename: 'cm.yaml', ...at }) }],
  },

  // edit, rollout restart
  command('edit: replicas 2 -> 5', csa(DEPLOY), ['edit', 'deployment/nginx'], (s) => kubectlEdit(s, { resource: 'deployment/nginx', changes: { spec: { replicas: 5 } }, ...at })),
  command('edit: the editor changes nothing', csa(deployment({ replicas: 3 })), ['edit', 'deployment/nginx'], (s) =>
    kubectlEdit(s, { resource: 'deployment/nginx', changes: {}, ...at }),
  ),
  command('rollout restart', csa(DEPLOY), ['rollout', 'restart', 'deployment/nginx'], (s) => kubectlRolloutRestart(s, { resource: 'deployment/nginx', ...at })),
];

// A custom resource: kubectl's client-side apply reads the served OpenAPI for the patch type.
const WIDGET_CRD =
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n' +
  '  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n  versions:\n  - name: v1\n    served: true\n    storage: true\n' +
  '    schema:\n      openAPIV3Schema:\n        type: object\n        x-kubernetes-preserve-unknown-fields: true\n';
const widget = (spec: string) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:${spec}\n`;
const withCrd = (s: ClusterState) => kubectlApply(s, { manifests: WIDGET_CRD, serverSide: true, now: T0 }).state;
cases.push(
  applyCase('apply: a custom resource, changed (JSON merge patch)', seq(withCrd, csa(widget('\n  size: 1'))), widget('\n  size: 2')),
  applyCase('apply: a custom resource whose spec empties', seq(withCrd, created(widget('\n  size: 1'))), widget('')),
);

const V110 = vpcCniManifest({ version: 'v1.10.1-eksbuild.1', region: 'eu-west-1' });
const V111 = vpcCniManifest({ version: 'v1.11.4-eksbuild.1', region: 'eu-west-1' });

/** The EKS story (the-eks-story.md), step by step, with kubectl standing in for the add-on manager's applies. */
const eksStory: Case = {
  name: 'the EKS story',
  setup: none,
  files: { 'aws-k8s-cni-1.10.yaml': V110, 'aws-k8s-cni-1.11.yaml': V111 },
  steps: [
    { argv: ['apply', '-f', 'aws-k8s-cni-1.10.yaml'], sim: (s) => kubectlApply(s, { manifests: V110, filename: 'aws-k8s-cni-1.10.yaml', ...at }) },
    {
      argv: ['set', 'env', 'daemonset/aws-node', '-n', 'kube-system', 'WARM_IP_TARGET=5'],
      sim: (s) => kubectlSetEnv(s, { resource: 'daemonset/aws-node', namespace: 'kube-system', env: { WARM_IP_TARGET: '5' }, ...at }),
    },
    {
      argv: ['apply', '--server-side', '--field-manager=eks', '-f', 'aws-k8s-cni-1.11.yaml'],
      sim: (s) => kubectlApply(s, { manifests: V111, serverSide: true, fieldManager: 'eks', filename: 'aws-k8s-cni-1.11.yaml', ...at }),
    },
    {
      argv: ['apply', '--server-side', '--field-manager=eks', '--force-conflicts', '-f', 'aws-k8s-cni-1.11.yaml'],
      sim: (s) => kubectlApply(s, { manifests: V111, serverSide: true, fieldManager: 'eks', forceConflicts: true, filename: 'aws-k8s-cni-1.11.yaml', ...at }),
    },
  ],
};


describe.skipIf(!available)('real kubectl v1.32 and the kubectl actors send and print the same', () => {
  it('has the EKS story and at least 40 other cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(eksStory.steps.length).toBe(4);
  });

  for (const c of [eksStory, ...cases]) {
    it(c.name, { timeout: 180_000 }, async () => {
      const results = await runCase(c);
      for (const [i, r] of results.entries()) {
        const label = `${c.name}, step ${i + 1}: ${c.steps[i].argv.join(' ')}`;
        for (const ua of r.userAgents) expect(ua, label).toBe(KUBECTL_USER_AGENT);
        expect(r.sim.writes, `${label}: requests`).toEqual(r.real.writes);
        expect(r.sim.run, `${label}: output`).toEqual(r.real.run);
      }
    });
  }
});
