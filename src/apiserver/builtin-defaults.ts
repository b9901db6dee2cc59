/**
 * What a real server adds to built-in objects when it decodes them (apiserver-semantics §7.3):
 * the kind's Go zero value serialized (`metadata.creationTimestamp: null`, `spec.template`,
 * `status: {}`, ...), the defaulting and conversion of the Kubernetes release modelled
 * (type-defaulters.ts, per Go type) and the canonical form of every quantity
 * (quantity-fields.ts). Not used in harness mode.
 */
import type { Atom } from '../schema/schema.js';
import { deepCopy, getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { canonicalizeQuantities } from './quantity-fields.js';
import { TYPE_DEFAULTERS } from './type-defaulters.js';
import { typeNameOf, visitTyped } from './typed-walk.js';

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
    case 'batch/CronJob':
      body = { spec: obj({ schedule: '', jobTemplate: obj({ metadata: meta(), spec: obj({ template: podTemplate() }) }) }), status: obj({}) };
      break;
    case '/PersistentVolumeClaim':
      body = { spec: obj({ resources: obj({}) }), status: obj({}) };
      break;
    case '/PersistentVolume':
      body = { spec: obj({}), status: obj({}) };
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
    case 'autoscaling/HorizontalPodAutoscaler':
      // At the storage version, autoscaling/v2 (conversions.ts gives v1's from it).
      body = { spec: obj({ scaleTargetRef: obj({ kind: '', name: '' }), maxReplicas: 0 }), status: obj({ currentMetrics: null, desiredReplicas: 0 }) };
      break;
    case '/Node':
      body = { spec: obj({}), status: obj({ daemonEndpoints: obj({ kubeletEndpoint: obj({ Port: 0 }) }) }) };
      break;
    case 'apiextensions.k8s.io/CustomResourceDefinition': {
      // Names' plural and kind, a status' conditions, acceptedNames and storedVersions are not omitempty.
      const names = () => obj({ plural: '', kind: '' });
      body = {
        spec: obj({ group: '', names: names(), scope: '', versions: null }),
        status: obj({ conditions: null, acceptedNames: names(), storedVersions: null }),
      };
      break;
    }
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

// ---- defaulting -----------------------------------------------------------------------------

/**
 * The server's decode-time defaulting and conversion of a built-in object of type `atom` (a
 * copy; the input is not changed): every node's Go-type defaulter, outermost first, then the
 * canonical quantities.
 */
export function builtinDefaults(object: ValueMap, atom: Atom): ValueMap {
  const out = deepCopy(object);
  visitTyped(out, atom, (node, nodeAtom) => {
    const name = typeNameOf(nodeAtom);
    const defaulter = name === undefined ? undefined : TYPE_DEFAULTERS.get(name);
    if (defaulter) defaulter(node);
  });
  canonicalizeQuantities(out, atom);
  return out;
}
