/** Helpers for the actor tests: a cluster with the built-in schema, and managedFields lookups. */
import { createCluster, serve } from '../../src/apiserver/server.js';
import type { ClusterState, KubeObject, ObjectRef } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/catalog.js';
import { type Value, getKey, isList, isMap } from '../../src/value/value.js';

export const T0 = '2022-09-01T10:00:00Z';

export function newCluster(now = T0): ClusterState {
  return createCluster({ catalog: builtinCatalog(), now });
}

export function getObject(state: ClusterState, ref: ObjectRef): KubeObject {
  const r = serve(state, { verb: 'get', target: ref });
  if (!r.response.ok) throw new Error(`GET ${JSON.stringify(ref)}: ${r.response.status.message}`);
  return r.response.object;
}

export function tryGet(state: ClusterState, ref: ObjectRef): KubeObject | undefined {
  const r = serve(state, { verb: 'get', target: ref });
  return r.response.ok ? r.response.object : undefined;
}

export interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  time?: string;
  fieldsType: string;
  fieldsV1: Value;
  subresource?: string;
}

export function managedFields(obj: KubeObject): Entry[] {
  const meta = getKey(obj, 'metadata');
  const mf = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
  return (isList(mf) ? mf : []) as unknown as Entry[];
}

export function entry(obj: KubeObject, manager: string, operation?: 'Apply' | 'Update', subresource?: string): Entry | undefined {
  return managedFields(obj).find(
    (e) => e.manager === manager && (operation === undefined || e.operation === operation) && (e.subresource ?? '') === (subresource ?? ''),
  );
}

/** FieldsV1 as its exact JSON text. */
export function fields(e: Entry | undefined): string {
  return e === undefined ? '<no entry>' : JSON.stringify(e.fieldsV1);
}

/** Whether the FieldsV1 of `e` contains the key path (`['f:spec', 'f:replicas']`). */
export function owns(e: Entry | undefined, path: readonly string[]): boolean {
  let cur: Value | undefined = e?.fieldsV1;
  for (const p of path) {
    if (!isMap(cur)) return false;
    cur = getKey(cur, p);
    if (cur === undefined) return false;
  }
  return true;
}

export const DS = { apiVersion: 'apps/v1', kind: 'DaemonSet', namespace: 'kube-system', name: 'aws-node' } as const;

/** `['f:spec','f:template','f:spec','f:containers','k:{"name":"aws-node"}', ...rest]` */
export function awsNode(...rest: string[]): string[] {
  return ['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"aws-node"}', ...rest];
}

export function initContainer(...rest: string[]): string[] {
  return ['f:spec', 'f:template', 'f:spec', 'f:initContainers', 'k:{"name":"aws-vpc-cni-init"}', ...rest];
}

export function envVar(name: string, ...rest: string[]): string[] {
  return awsNode('f:env', `k:{"name":"${name}"}`, ...rest);
}

export function containerOf(obj: KubeObject, list: 'containers' | 'initContainers', name: string): Record<string, Value> {
  const spec = (((obj.spec as Record<string, Value>).template as Record<string, Value>).spec as Record<string, Value>)[list] as Value[];
  return spec.find((c) => isMap(c) && c.name === name) as Record<string, Value>;
}

export function envValue(obj: KubeObject, name: string, container = 'aws-node'): Value | undefined {
  const c = containerOf(obj, container === 'aws-node' ? 'containers' : 'initContainers', container);
  const env = (c.env ?? []) as Value[];
  const e = env.find((x) => isMap(x) && x.name === name) as Record<string, Value> | undefined;
  return e?.value;
}

/** A Deployment `default/nginx` (one container, one env variable) and its reference. */
export const NGINX = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'nginx' } as const;
export const NGINX_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        env:
        - name: FOO
          value: bar
`;

/** A Deployment `default/nginx` with an init container and two containers, one with a memory limit. */
export const TWO_CONTAINERS = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      initContainers:
      - name: init-db
        image: busybox:1.36
      containers:
      - name: nginx
        image: nginx:1.25
        resources:
          limits:
            memory: 1Gi
      - name: sidecar
        image: busybox:1.36
`;
