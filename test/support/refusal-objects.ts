/**
 * Generated objects for the tests of explain's update refusal (update-refusal.ts): the kinds whose
 * updates the API server refuses for what they change (Pods, Jobs, workloads, Services, PVCs,
 * ConfigMaps and Secrets, immutable or not, custom resources with a schema), some stored without
 * the fields defaulting fills; their leaves; and other values for a leaf.
 */
import fc from 'fast-check';
import { loadSchemaSources } from '../../src/schema/load-schema-sources.js';
import { widgetCrd } from './widget-crd.js';

const crd = widgetCrd('color:\n  type: string\n  enum: [red, green]\nsize:\n  type: string\n  pattern: "^[a-z]+$"\ncount:\n  type: integer\n  minimum: 1\n');
/** The built-in kinds and the Widget CRD (an enum, a pattern, a minimum). */
export const catalog = loadSchemaSources({ crdFiles: ['crd.yaml'], readFile: () => crd });

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Raw = { [k: string]: Json };

/** A field present or left out (as a capture without the defaults would have it). */
const maybe = <T extends Json>(key: string, a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined }).map((v) => (v === undefined ? {} : { [key]: v }));
const image = fc.constantFrom('nginx:1.25', 'busybox', 'registry.k8s.io/pause:3.9');
const label = fc.constantFrom('a', 'b', 'web');
const container = fc
  .tuple(fc.constantFrom('web', 'side'), image, maybe('imagePullPolicy', fc.constantFrom('Always', 'IfNotPresent')), maybe('ports', fc.constant([{ containerPort: 80 }])))
  .map(([name, img, pull, ports]) => ({ name, image: img, ...pull, ...ports }));
const podSpec = (restart: fc.Arbitrary<string>) =>
  fc
    .tuple(container, maybe('restartPolicy', restart), maybe('dnsPolicy', fc.constant('ClusterFirst')), maybe('activeDeadlineSeconds', fc.integer({ min: 1, max: 60 })), maybe('terminationGracePeriodSeconds', fc.constantFrom(30, 5)))
    .map(([c, r, d, a, t]) => ({ containers: [c], ...r, ...d, ...a, ...t }));
const meta = (name: string) => ({ name, namespace: 'default' });

const pod = podSpec(fc.constantFrom('Always', 'Never')).map((spec): Raw => ({ apiVersion: 'v1', kind: 'Pod', metadata: meta('p'), spec }));
const job = fc
  .tuple(podSpec(fc.constantFrom('Never', 'OnFailure')), maybe('completions', fc.integer({ min: 1, max: 3 })), maybe('completionMode', fc.constantFrom('NonIndexed', 'Indexed')), fc.boolean())
  .map(([spec, c, m, suspend]): Raw => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: meta('j'), spec: { template: { spec: { ...spec, restartPolicy: (spec as Raw).restartPolicy ?? 'Never' } }, ...c, ...m, suspend } }));
const workload = fc
  .tuple(fc.constantFrom('Deployment', 'StatefulSet', 'DaemonSet'), label, podSpec(fc.constant('Always')), maybe('replicas', fc.integer({ min: 0, max: 3 })))
  .map(([kind, app, spec, replicas]): Raw => ({
    apiVersion: 'apps/v1',
    kind,
    metadata: meta('w'),
    spec: { selector: { matchLabels: { app } }, template: { metadata: { labels: { app } }, spec }, ...(kind === 'DaemonSet' ? {} : replicas), ...(kind === 'StatefulSet' ? { serviceName: 'w' } : {}) },
  }));
const service = fc
  .tuple(fc.constantFrom('10.96.0.10', '10.96.0.20'), fc.constantFrom('ClusterIP', 'NodePort'), maybe('protocol', fc.constant('TCP')), maybe('selector', label.map((app) => ({ app }))), fc.boolean())
  .map(([ip, type, protocol, selector, plural]): Raw => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: meta('s'),
    spec: { type, clusterIP: ip, ...(plural ? { clusterIPs: [ip] } : {}), ports: [{ port: 80, ...protocol, ...(type === 'NodePort' ? { nodePort: 30080 } : {}) }], ...selector },
  }));
const claim = fc
  .tuple(fc.constantFrom('1Gi', '5Gi'), maybe('storageClassName', fc.constant('gp2')), maybe('volumeName', fc.constant('pv1')))
  .map(([storage, sc, vn]): Raw => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: meta('c'), spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, ...sc, ...vn } }));
const data = fc.tuple(fc.constantFrom('ConfigMap', 'Secret'), fc.boolean(), fc.boolean(), label).map(([kind, immutable, stringData, v]): Raw => ({
  apiVersion: 'v1',
  kind,
  metadata: meta('d'),
  ...(kind === 'Secret' && stringData ? { stringData: { k: v } } : { data: { k: kind === 'Secret' ? 'YQ==' : v } }),
  immutable,
}));
const widget = fc
  .tuple(fc.constantFrom('red', 'green', 'blue'), fc.constantFrom('big', 'Big'), fc.integer({ min: 0, max: 3 }))
  .map(([color, size, count]): Raw => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: meta('x'), spec: { color, size, count } }));

/** Each leaf of `v` with its path. */
export function leaves(v: Json, path: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...path, i]));
  if (v !== null && typeof v === 'object') return Object.keys(v).flatMap((k) => leaves(v[k], [...path, k]));
  return [{ path, value: v }];
}

/** A value of the same type, different; or one of a few others of that type. */
export function otherValues(v: Json): Json[] {
  if (typeof v === 'string') return [v === '' ? 'a' : v.replace(/.$/, (c) => (/\d/.test(c) ? String((Number(c) + 1) % 10) : c === 'a' ? 'b' : 'a')), 'Always', '10.96.0.11', '2Gi', 'green'];
  if (typeof v === 'number') return [v + 1, 0, 30081];
  if (typeof v === 'boolean') return [!v];
  return ['x'];
}

/** Any of the objects. */
export const refusalObject = fc.oneof(pod, job, workload, service, claim, data, widget);

/** `v` with the value at `path` replaced. */
export function setAt(v: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? setAt(x, rest, value) : x));
  const o = v as Raw;
  return { ...o, [head]: setAt(o[head], rest, value) };
}
