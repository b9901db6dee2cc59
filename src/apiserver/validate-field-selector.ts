/**
 * kube-apiserver 1.32's `validateObjectFieldSelector` (a downward API fieldRef in an env var or a
 * downwardAPI volume item): apiVersion and fieldPath required, the path one that
 * `ConvertDownwardAPIFieldLabel` knows for v1 (`spec.host` read as `spec.nodeName`; a subscript
 * only of labels or annotations, whose key must be a qualified name, an annotation's lower-cased),
 * then one of the paths the caller allows.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { invalidValue, notSupported, required } from './field-error.js';
import { isQualifiedName } from './name-validation.js';
import type { FieldError } from './status.js';

const text = (v: Value | undefined, key: string): string => {
  const s = isMap(v) ? getKey(v, key) : undefined;
  return typeof s === 'string' ? s : '';
};

/** The labels ConvertDownwardAPIFieldLabel accepts for v1 pods. */
const CONVERTIBLE = [
  'metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.restartPolicy',
  'spec.serviceAccountName', 'spec.schedulerName', 'status.phase', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs',
];

/** The paths an env var may read (`validEnvDownwardAPIFieldPathExpressions`), sorted as `sets.List` gives them. */
export const ENV_FIELD_PATHS = ['metadata.name', 'metadata.namespace', 'metadata.uid', 'spec.nodeName', 'spec.serviceAccountName', 'status.hostIP', 'status.hostIPs', 'status.podIP', 'status.podIPs'];
/** The paths a downwardAPI volume item may read (`validVolumeDownwardAPIFieldPathExpressions`), sorted. */
export const VOLUME_FIELD_PATHS = ['metadata.annotations', 'metadata.labels', 'metadata.name', 'metadata.namespace', 'metadata.uid'];

/** `fieldpath.SplitMaybeSubscriptedPath`: `metadata.labels['key']` as the path and the key. */
function splitSubscript(fieldPath: string): { path: string; subscript: string } | undefined {
  if (!fieldPath.endsWith("']")) return undefined;
  const s = fieldPath.slice(0, -2);
  const at = s.indexOf("['");
  if (at <= 0) return undefined;
  return { path: s.slice(0, at), subscript: s.slice(at + 2) };
}

/** `ConvertDownwardAPIFieldLabel` for a label: the internal path, or the error text. */
function convert(apiVersion: string, label: string): { path: string } | { error: string } {
  if (apiVersion !== 'v1') return { error: `unsupported pod version: ${apiVersion}` };
  const split = splitSubscript(label);
  if (split) return split.path === 'metadata.annotations' || split.path === 'metadata.labels' ? { path: label } : { error: `field label does not support subscript: ${label}` };
  if (CONVERTIBLE.includes(label)) return { path: label };
  if (label === 'spec.host') return { path: 'spec.nodeName' };
  return { error: `field label not supported: ${label}` };
}

/** The fieldRef at `field` (`...valueFrom.fieldRef`), reading one of `allowed`. */
export function objectFieldSelectorErrors(ref: Value, allowed: readonly string[], field: string): FieldError[] {
  const apiVersion = text(ref, 'apiVersion');
  if (apiVersion === '') return [required(`${field}.apiVersion`)];
  const fieldPath = text(ref, 'fieldPath');
  if (fieldPath === '') return [required(`${field}.fieldPath`)];
  const converted = convert(apiVersion, fieldPath);
  if ('error' in converted) return [invalidValue(`${field}.fieldPath`, fieldPath, `error converting fieldPath: ${converted.error}`)];
  const split = splitSubscript(converted.path);
  if (split) {
    const key = split.path === 'metadata.annotations' ? split.subscript.toLowerCase() : split.subscript;
    return isQualifiedName(key).map((msg) => invalidValue(field, key, msg));
  }
  return allowed.includes(converted.path) ? [] : [notSupported(`${field}.fieldPath`, converted.path, allowed)];
}
