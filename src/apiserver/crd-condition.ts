/**
 * A CustomResourceDefinition's status condition as apiextensions' SetCRDCondition writes it
 * (k8s.io/apiextensions-apiserver pkg/apihelpers/helpers.go): replaced in place, its transition
 * time kept unless its status changes, or appended.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, setPath } from './object-paths.js';

export interface Condition {
  readonly type: string;
  readonly status: string;
  readonly reason: string;
  readonly message: string;
}

const text = (m: Value | undefined, key: string): string => {
  const v = isMap(m) ? getKey(m, key) : undefined;
  return typeof v === 'string' ? v : '';
};

/** SetCRDCondition: replaced in place (its transition time kept unless the status changes) or appended. */
export function withCondition(crd: ValueMap, c: Condition, now: string): ValueMap {
  const list = getPath(crd, ['status', 'conditions']);
  const conditions = Array.isArray(list) ? list : [];
  const at = conditions.findIndex((x) => isMap(x) && getKey(x, 'type') === c.type);
  const old = at >= 0 ? (conditions[at] as ValueMap) : undefined;
  const keepTime = old !== undefined && text(old, 'status') === c.status && text(old, 'lastTransitionTime') !== '';
  const m = newMap();
  m.type = c.type;
  m.status = c.status;
  m.lastTransitionTime = keepTime ? text(old, 'lastTransitionTime') : now;
  if (c.reason !== '') m.reason = c.reason;
  if (c.message !== '') m.message = c.message;
  const next = at >= 0 ? conditions.map((x, i) => (i === at ? m : x)) : [...conditions, m];
  return setPath(crd, ['status', 'conditions'], next);
}


/** RemoveCRDCondition: the conditions without the one of type `type`. */
export function withoutCondition(crd: ValueMap, type: string): ValueMap {
  const list = getPath(crd, ['status', 'conditions']);
  const conditions = Array.isArray(list) ? list : [];
  return setPath(crd, ['status', 'conditions'], conditions.filter((x) => !(isMap(x) && getKey(x, 'type') === type)));
}
