/**
 * Go's zero fields of the built-in kinds (go-zero-fields.generated.ts, derived from the protobuf
 * tables: src/server/go-zero-fields.ts). kube-apiserver decodes a body into a Go struct and writes
 * it back with Go's JSON encoder, so every struct of a built-in object carries the fields that
 * encoder always writes, at their zero when the body left them out: `rules: null` in a Role,
 * `roleRef: {apiGroup: "", kind: "", name: ""}` in a ClusterRoleBinding, `creationTimestamp: null`
 * in every ObjectMeta, `lastProbeTime: null` in a pod condition, `status: {}`.
 */
import { deepCopy, getKey, isMap, type ValueMap } from '../value/value.js';
import { GO_ZERO_FIELD_ROWS } from './go-zero-fields.generated.js';
import { parseJson } from './object-paths.js';

const texts = new Map<string, string>(GO_ZERO_FIELD_ROWS.map(([name, json]) => [name, json]));
const parsed = new Map<string, ValueMap>();

function zeroOf(typeName: string): ValueMap | undefined {
  let z = parsed.get(typeName);
  if (z) return z;
  const text = texts.get(typeName);
  if (text === undefined) return undefined;
  const v = parseJson(text);
  if (!isMap(v)) return undefined;
  z = v;
  parsed.set(typeName, z);
  return z;
}

/**
 * The JSON of the Go zero value of a built-in struct type (`io.k8s.api.rbac.v1.Role`): the fields
 * Go always writes, a fresh copy; undefined for a type with none (or not built in).
 */
export function goZeroObject(typeName: string): ValueMap | undefined {
  const z = zeroOf(typeName);
  return z ? deepCopy(z) : undefined;
}

/** Adds to `node` (in place) the zero of every field Go always writes for `typeName` that it lacks. */
export function fillGoZeroFields(node: ValueMap, typeName: string): void {
  const z = zeroOf(typeName);
  if (!z) return;
  for (const k of Object.keys(z)) if (getKey(node, k) === undefined) node[k] = deepCopy(z[k]);
}
