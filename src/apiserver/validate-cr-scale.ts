/**
 * A custom resource's scale checks, which its strategy runs on every write of a CRD with a
 * `/scale` subresource (apiextensions-apiserver v0.32.9 pkg/registry/customresource/validator.go
 * ValidateScaleSpec and ValidateScaleStatus): the replica counts at specReplicasPath and
 * statusReplicasPath read as unstructured.NestedInt64 reads them (absent: 0), each an int64
 * from 0 to 2^31-1. Field paths are the CRD's JSON paths as written (`.spec.replicas`).
 */
import { isList, isMap, type Value, type ValueMap } from '../value/value.js';
import { invalidValue } from './field-error.js';
import type { FieldError } from './status.js';
import type { ScaleSubresource } from './types.js';

const MAX_INT32 = 2147483647;

/** ValidateScaleSpec (when `spec`) and ValidateScaleStatus of `obj`. */
export function crScaleErrors(scale: ScaleSubresource | undefined, obj: ValueMap, spec: boolean): FieldError[] {
  if (!scale) return [];
  return [...(spec ? replicasErrors(scale.specReplicasPath, obj) : []), ...replicasErrors(scale.statusReplicasPath, obj)];
}

function replicasErrors(path: readonly string[], obj: ValueMap): FieldError[] {
  const field = `.${path.join('.')}`;
  const r = nestedInt64(obj, path);
  if ('error' in r) return [invalidValue(field, 0, r.error)];
  if (r.value < 0) return [invalidValue(field, r.value, 'should be a non-negative integer')];
  if (r.value > MAX_INT32) return [invalidValue(field, r.value, `should be less than or equal to ${MAX_INT32}`)];
  return [];
}

/** unstructured.NestedInt64: 0 when absent; an accessor error naming the first value of the wrong type. */
function nestedInt64(obj: ValueMap, path: readonly string[]): { value: number } | { error: string } {
  let cur: Value = obj;
  for (let i = 0; i < path.length; i++) {
    if (!isMap(cur)) {
      return { error: `${jsonPath(path.slice(0, i))} accessor error: ${goV(cur)} is of the type ${goT(cur)}, expected map[string]interface{}` };
    }
    if (!Object.hasOwn(cur, path[i])) return { value: 0 };
    cur = cur[path[i]];
  }
  if (typeof cur === 'bigint') return { value: Number(cur) };
  if (typeof cur === 'number' && Number.isInteger(cur)) return { value: cur };
  if (cur === null) return { value: 0 }; // a nil value: not found
  return { error: `${jsonPath(path)} accessor error: ${goV(cur)} is of the type ${goT(cur)}, expected int64` };
}

function jsonPath(fields: readonly string[]): string {
  return `.${fields.join('.')}`;
}

/** Go's %T of a decoded JSON value. */
function goT(v: Value): string {
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'bigint') return 'int64';
  if (isList(v)) return '[]interface {}';
  if (isMap(v)) return 'map[string]interface {}';
  return '<nil>';
}

/** Go's %v of a decoded JSON value (maps with sorted keys, as fmt prints them). */
function goV(v: Value): string {
  if (v === null) return '<nil>';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (isList(v)) return `[${v.map(goV).join(' ')}]`;
  const m = v as ValueMap;
  return `map[${Object.keys(m).sort().map((k) => `${k}:${goV(m[k])}`).join(' ')}]`;
}
