/**
 * A big captured object for the preview benchmark (issue 16 item 7), generated deterministically
 * so that no 2 MB file lives in the repository: a DaemonSet with `containers` containers of `envs`
 * environment variables each, written by `containers` managers (one Update entry per container,
 * as controllers and `kubectl set env` leave them), as `kubectl get -o yaml --show-managed-fields`
 * prints it; and the manifest a user applies over it: the same object, one image changed.
 */
import { toYaml } from '../src/manifest/write-yaml.js';
import type { Value, ValueMap } from '../src/value/value.js';

export interface BigObject {
  readonly liveYaml: string;
  readonly manifestYaml: string;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function container(c: number, envs: number, image: string): ValueMap {
  const env: Value[] = [];
  for (let e = 0; e < envs; e++) env.push({ name: `SETTING_${pad(c)}_${pad(e, 3)}`, value: `value-${pad(c)}-${pad(e, 3)}-${'x'.repeat(24 + ((c * 7 + e * 13) % 40))}` });
  return {
    name: `c${pad(c)}`,
    image,
    env,
    ports: [{ containerPort: 8000 + c, name: `p${pad(c)}`, protocol: 'TCP' }],
    resources: { limits: { cpu: '100m', memory: '128Mi' }, requests: { cpu: '50m', memory: '64Mi' } },
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: 'IfNotPresent',
  } as ValueMap;
}

/** FieldsV1 of one container as an Update by its manager would record it. */
function containerFields(c: number, envs: number): ValueMap {
  const env: ValueMap = { '.': {} };
  for (let e = 0; e < envs; e++) env[`k:{"name":"SETTING_${pad(c)}_${pad(e, 3)}"}`] = { '.': {}, 'f:name': {}, 'f:value': {} };
  return {
    '.': {},
    'f:env': env,
    'f:image': {},
    'f:imagePullPolicy': {},
    'f:name': {},
    'f:ports': { '.': {}, [`k:{"containerPort":${8000 + c},"protocol":"TCP"}`]: { '.': {}, 'f:containerPort': {}, 'f:name': {}, 'f:protocol': {} } },
    'f:resources': { '.': {}, 'f:limits': { '.': {}, 'f:cpu': {}, 'f:memory': {} }, 'f:requests': { '.': {}, 'f:cpu': {}, 'f:memory': {} } },
    'f:terminationMessagePath': {},
    'f:terminationMessagePolicy': {},
  };
}

function daemonSet(containers: number, envs: number, imageOf: (c: number) => string, managedFields?: Value[]): ValueMap {
  const labels: ValueMap = { app: 'big' };
  for (let i = 0; i < 10; i++) labels[`example.com/label-${i}`] = `v${i}`;
  const metadata: ValueMap = { name: 'big', namespace: 'kube-system', labels };
  if (managedFields) Object.assign(metadata, { uid: '6a1f3c1e-0000-4000-8000-000000000001', resourceVersion: '123456', generation: 7, creationTimestamp: '2024-01-01T00:00:00Z', managedFields });
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata,
    spec: {
      selector: { matchLabels: { app: 'big' } },
      template: {
        metadata: { labels: { app: 'big' } },
        spec: { containers: Array.from({ length: containers }, (_, c) => container(c, envs, imageOf(c))) },
      },
    },
  };
}

/** About 2 MB of live YAML with the default sizes (50 containers and managers, 160 variables each). */
/**
 * 140 variables per container by default: with 160 (the object's first size, 2.0 MB of YAML) the
 * apply's result, its applier's entry listing every field again, is over etcd's 1.5 MiB request
 * limit in protobuf, and preview answers etcd's refusal as a real cluster would
 * (src/apiserver/etcd-request-size.ts); 140 is the most that fits (1.8 MB of YAML).
 */
export function bigObject(containers = 50, envs = 140): BigObject {
  const managedFields: Value[] = [];
  for (let c = 0; c < containers; c++) {
    const containerKey = `k:{"name":"c${pad(c)}"}`;
    const template: ValueMap = { 'f:spec': { 'f:containers': { [containerKey]: containerFields(c, envs) } } };
    const spec: ValueMap = { 'f:template': template };
    if (c === 0) {
      spec['f:selector'] = {};
      template['f:metadata'] = { 'f:labels': { '.': {}, 'f:app': {} } };
    }
    const fieldsV1: ValueMap = { 'f:spec': spec };
    if (c === 0) fieldsV1['f:metadata'] = { 'f:labels': { '.': {}, 'f:app': {}, ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f:example.com/label-${i}`, {}])) } };
    managedFields.push({ apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1, manager: `controller-${pad(c)}`, operation: 'Update', time: '2024-01-01T00:00:00Z' });
  }
  const live = daemonSet(containers, envs, (c) => `registry.example.com/app-${pad(c)}:v1`, managedFields);
  const manifest = daemonSet(containers, envs, (c) => `registry.example.com/app-${pad(c)}:${c === 0 ? 'v2' : 'v1'}`);
  return { liveYaml: toYaml(live), manifestYaml: toYaml(manifest) };
}
