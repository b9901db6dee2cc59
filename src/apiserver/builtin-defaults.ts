/**
 * What a real server adds to built-in objects when it decodes them (apiserver-semantics §7.3):
 * the kind's Go zero value serialized (`metadata.creationTimestamp: null`, `spec.template`,
 * `status: {}`, ...) and the defaulting functions of the common workload kinds. Modelled for the
 * kinds add-on authors meet; other kinds get no defaults. Not used in harness mode.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';

function obj(entries: Record<string, Value>): ValueMap {
  const m = newMap();
  for (const [k, v] of Object.entries(entries)) m[k] = v;
  return m;
}

const meta = () => obj({ creationTimestamp: null });
const podTemplate = () => obj({ metadata: meta(), spec: obj({ containers: null }) });

/** The serialized Go zero value of a built-in kind (apiVersion/kind included), if modelled. */
export function builtinEmptyObject(group: string, kind: string): ValueMap | undefined {
  const key = `${group}/${kind}`;
  let body: Record<string, Value> | undefined;
  switch (key) {
    case 'apps/Deployment':
      body = { spec: obj({ selector: null, template: podTemplate(), strategy: obj({}) }), status: obj({}) };
      break;
    case 'apps/DaemonSet':
      body = {
        spec: obj({ selector: null, template: podTemplate(), updateStrategy: obj({}) }),
        status: obj({ currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 }),
      };
      break;
    case 'apps/StatefulSet':
      body = { spec: obj({ selector: null, template: podTemplate(), updateStrategy: obj({}) }), status: obj({ replicas: 0, availableReplicas: 0 }) };
      break;
    case 'apps/ReplicaSet':
      body = { spec: obj({ selector: null, template: podTemplate() }), status: obj({ replicas: 0 }) };
      break;
    case 'batch/Job':
      body = { spec: obj({ template: podTemplate() }), status: obj({}) };
      break;
    case '/Pod':
      body = { spec: obj({ containers: null }), status: obj({}) };
      break;
    case '/Service':
      body = { spec: obj({}), status: obj({ loadBalancer: obj({}) }) };
      break;
    case '/Namespace':
      body = { spec: obj({}), status: obj({}) };
      break;
    case '/Node':
      body = { spec: obj({}), status: obj({ daemonEndpoints: obj({ kubeletEndpoint: obj({ Port: 0 }) }) }) };
      break;
    case '/ConfigMap':
    case '/Secret':
    case '/ServiceAccount':
    case '/Endpoints':
    case '/ReplicationController':
      body = {};
      break;
    default:
      return undefined;
  }
  return obj({ metadata: meta(), ...body });
}

/** `v` with every key of `zero` it lacks added (maps recursively), as a Go round trip does. */
export function zeroFill(v: ValueMap, zero: ValueMap): ValueMap {
  const out = newMap();
  for (const k of Object.keys(v)) {
    const z = getKey(zero, k);
    const x = v[k];
    out[k] = isMap(x) && isMap(z) ? zeroFill(x, z) : x;
  }
  for (const k of Object.keys(zero)) {
    if (getKey(v, k) === undefined && k !== 'apiVersion' && k !== 'kind') out[k] = zero[k];
  }
  return out;
}

// ---- defaulting functions ------------------------------------------------------------------

type Mutable = ValueMap;

function copy(v: Value): Value {
  if (Array.isArray(v)) return v.map(copy);
  if (!isMap(v)) return v;
  const out = newMap();
  for (const k of Object.keys(v)) out[k] = copy(v[k]);
  return out;
}

function setDefault(m: Mutable, key: string, value: Value): void {
  if (getKey(m, key) === undefined || getKey(m, key) === null) m[key] = value;
}

function child(m: Mutable, key: string): Mutable | undefined {
  const c = getKey(m, key);
  return isMap(c) ? c : undefined;
}

function defaultContainer(c: Mutable): void {
  setDefault(c, 'terminationMessagePath', '/dev/termination-log');
  setDefault(c, 'terminationMessagePolicy', 'File');
  const image = getKey(c, 'image');
  if (getKey(c, 'imagePullPolicy') === undefined && typeof image === 'string') {
    const tag = /:([^/:@]+)$/.exec(image.split('@')[0])?.[1];
    c.imagePullPolicy = image.includes('@') ? 'IfNotPresent' : !tag || tag === 'latest' ? 'Always' : 'IfNotPresent';
  }
  setDefault(c, 'resources', newMap());
  const ports = getKey(c, 'ports');
  if (Array.isArray(ports)) for (const p of ports) if (isMap(p)) setDefault(p, 'protocol', 'TCP');
  const env = getKey(c, 'env');
  if (Array.isArray(env)) {
    for (const e of env) {
      const fieldRef = isMap(e) ? child(child(e, 'valueFrom') ?? newMap(), 'fieldRef') : undefined;
      if (fieldRef) setDefault(fieldRef, 'apiVersion', 'v1');
    }
  }
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const p = child(c, probe);
    if (!p) continue;
    setDefault(p, 'timeoutSeconds', 1);
    setDefault(p, 'periodSeconds', 10);
    setDefault(p, 'successThreshold', 1);
    setDefault(p, 'failureThreshold', 3);
    const http = child(p, 'httpGet');
    if (http) setDefault(http, 'scheme', 'HTTP');
  }
}

function defaultPodSpec(spec: Mutable): void {
  setDefault(spec, 'restartPolicy', 'Always');
  setDefault(spec, 'terminationGracePeriodSeconds', 30);
  setDefault(spec, 'dnsPolicy', 'ClusterFirst');
  setDefault(spec, 'securityContext', newMap());
  setDefault(spec, 'schedulerName', 'default-scheduler');
  for (const key of ['containers', 'initContainers']) {
    const list = getKey(spec, key);
    if (Array.isArray(list)) for (const c of list) if (isMap(c)) defaultContainer(c);
  }
  const volumes = getKey(spec, 'volumes');
  if (Array.isArray(volumes)) {
    for (const v of volumes) {
      if (!isMap(v)) continue;
      const hostPath = child(v, 'hostPath');
      if (hostPath) setDefault(hostPath, 'type', '');
      for (const src of ['configMap', 'secret']) {
        const s = child(v, src);
        if (s) setDefault(s, 'defaultMode', 420);
      }
    }
  }
}

function defaultTemplate(spec: Mutable): void {
  const template = child(spec, 'template');
  const podSpec = template && child(template, 'spec');
  if (podSpec) defaultPodSpec(podSpec);
}

/** The defaulting functions of the common built-in kinds (a copy; the input is not changed). */
export function builtinDefaults(group: string, kind: string, object: ValueMap): ValueMap {
  const o = copy(object) as Mutable;
  const spec = child(o, 'spec');
  switch (`${group}/${kind}`) {
    case 'apps/Deployment':
      if (!spec) break;
      setDefault(spec, 'replicas', 1);
      setDefault(spec, 'revisionHistoryLimit', 10);
      setDefault(spec, 'progressDeadlineSeconds', 600);
      {
        const strategy = child(spec, 'strategy') ?? (spec.strategy = newMap());
        setDefault(strategy as Mutable, 'type', 'RollingUpdate');
        if (getKey(strategy as Mutable, 'type') === 'RollingUpdate') {
          const ru = child(strategy as Mutable, 'rollingUpdate') ?? ((strategy as Mutable).rollingUpdate = newMap());
          setDefault(ru as Mutable, 'maxUnavailable', '25%');
          setDefault(ru as Mutable, 'maxSurge', '25%');
        }
      }
      defaultTemplate(spec);
      break;
    case 'apps/DaemonSet':
      if (!spec) break;
      setDefault(spec, 'revisionHistoryLimit', 10);
      {
        const us = child(spec, 'updateStrategy') ?? (spec.updateStrategy = newMap());
        setDefault(us as Mutable, 'type', 'RollingUpdate');
        if (getKey(us as Mutable, 'type') === 'RollingUpdate') {
          const ru = child(us as Mutable, 'rollingUpdate') ?? ((us as Mutable).rollingUpdate = newMap());
          setDefault(ru as Mutable, 'maxUnavailable', 1);
          setDefault(ru as Mutable, 'maxSurge', 0);
        }
      }
      defaultTemplate(spec);
      break;
    case 'apps/StatefulSet':
      if (!spec) break;
      setDefault(spec, 'replicas', 1);
      setDefault(spec, 'revisionHistoryLimit', 10);
      setDefault(spec, 'podManagementPolicy', 'OrderedReady');
      {
        const us = child(spec, 'updateStrategy') ?? (spec.updateStrategy = newMap());
        setDefault(us as Mutable, 'type', 'RollingUpdate');
        if (getKey(us as Mutable, 'type') === 'RollingUpdate') {
          const ru = child(us as Mutable, 'rollingUpdate') ?? ((us as Mutable).rollingUpdate = newMap());
          setDefault(ru as Mutable, 'partition', 0);
        }
      }
      defaultTemplate(spec);
      break;
    case 'apps/ReplicaSet':
    case '/ReplicationController':
      if (!spec) break;
      setDefault(spec, 'replicas', 1);
      defaultTemplate(spec);
      break;
    case 'batch/Job':
      if (!spec) break;
      setDefault(spec, 'backoffLimit', 6);
      setDefault(spec, 'completions', 1);
      setDefault(spec, 'parallelism', 1);
      setDefault(spec, 'completionMode', 'NonIndexed');
      setDefault(spec, 'suspend', false);
      defaultTemplate(spec);
      break;
    case '/Pod':
      if (spec) defaultPodSpec(spec);
      break;
    case '/Service':
      if (!spec) break;
      setDefault(spec, 'type', 'ClusterIP');
      setDefault(spec, 'sessionAffinity', 'None');
      {
        const ports = getKey(spec, 'ports');
        if (Array.isArray(ports)) {
          for (const p of ports) {
            if (!isMap(p)) continue;
            setDefault(p, 'protocol', 'TCP');
            if (getKey(p, 'targetPort') === undefined && getKey(p, 'port') !== undefined) p.targetPort = getKey(p, 'port')!;
          }
        }
      }
      break;
    default:
      break;
  }
  return o;
}
