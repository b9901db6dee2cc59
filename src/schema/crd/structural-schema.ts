/**
 * The structural-schema rules a CustomResourceDefinition's `openAPIV3Schema` must follow (the
 * ones that decide merge semantics, as the Kubernetes API server checks them): a type on every
 * node (except int-or-string and preserve-unknown-fields nodes), `object` at the root, items on
 * arrays, `properties` and `additionalProperties` not both, no `$ref`, and the x-kubernetes-*
 * list and map annotations only where they make sense. Value validations (allOf, anyOf, oneOf,
 * not) are not walked: they cannot change a node's type.
 */
import { getKey, isMap, type Value, type ValueMap } from '../../value/value.js';
import { describe } from '../openapi/convert-schema-node.js';
import { pointerJoin } from '../read-document.js';

export interface Violation {
  readonly pointer: string;
  readonly message: string;
}

const TYPES = ['object', 'array', 'string', 'integer', 'number', 'boolean'];
const MAX_DEPTH = 256;

/** Every violation of the rules in the schema at `pointer` (empty when the schema is structural). */
export function structuralViolations(schema: Value, pointer: string): Violation[] {
  const out: Violation[] = [];
  const at = (p: string, message: string): void => {
    out.push({ pointer: p, message });
  };
  const walk = (node: Value, p: string, root: boolean, depth: number): void => {
    if (depth > MAX_DEPTH) return at(p, `schema nested deeper than ${MAX_DEPTH} levels`);
    if (!isMap(node)) return at(p, `expected a schema (a map), got ${describe(node)}`);
    if (getKey(node, '$ref') !== undefined) at(pointerJoin(p, '$ref'), '$ref is not allowed in a CRD schema');
    const type = getKey(node, 'type');
    const intOrString = getKey(node, 'x-kubernetes-int-or-string') === true;
    const preserve = getKey(node, 'x-kubernetes-preserve-unknown-fields') === true;
    if (type === undefined || type === null || type === '') {
      if (root) at(pointerJoin(p, 'type'), 'the root of a CRD schema must have type: object');
      else if (!intOrString && !preserve) at(pointerJoin(p, 'type'), 'must have a type (only x-kubernetes-int-or-string or x-kubernetes-preserve-unknown-fields nodes may leave it out)');
    } else if (typeof type !== 'string' || !TYPES.includes(type)) {
      at(pointerJoin(p, 'type'), `unknown type ${describe(type)} (expected ${TYPES.join(', ')})`);
    } else if (root && type !== 'object') {
      at(pointerJoin(p, 'type'), `the root of a CRD schema must have type: object, not ${type}`);
    }
    checkAnnotations(node, p, typeof type === 'string' ? type : '', at);

    const props = getKey(node, 'properties');
    if (props !== undefined && props !== null) {
      const pp = pointerJoin(p, 'properties');
      if (!isMap(props)) at(pp, `expected a map of properties, got ${describe(props)}`);
      else for (const name of Object.keys(props)) walk(props[name], pointerJoin(pp, name), false, depth + 1);
    }
    const additional = getKey(node, 'additionalProperties');
    if (isMap(additional ?? null)) walk(additional as ValueMap, pointerJoin(p, 'additionalProperties'), false, depth + 1);
    if (props !== undefined && props !== null && (additional === true || isMap(additional ?? null))) {
      at(pointerJoin(p, 'additionalProperties'), 'properties and additionalProperties are mutually exclusive');
    }
    const items = getKey(node, 'items');
    if (type === 'array' && (items === undefined || items === null)) at(p, 'an array must say the type of its items (`items`)');
    if (items !== undefined && items !== null) {
      if (Array.isArray(items)) at(pointerJoin(p, 'items'), 'items must be one schema, not a list of schemas');
      else walk(items, pointerJoin(p, 'items'), false, depth + 1);
    }
  };
  walk(schema, pointer, true, 0);
  return out;
}

function checkAnnotations(node: ValueMap, p: string, type: string, at: (p: string, m: string) => void): void {
  const listType = getKey(node, 'x-kubernetes-list-type');
  const keys = getKey(node, 'x-kubernetes-list-map-keys');
  const mapType = getKey(node, 'x-kubernetes-map-type');
  if (listType !== undefined && listType !== null) {
    const lp = pointerJoin(p, 'x-kubernetes-list-type');
    if (type !== 'array') at(lp, 'x-kubernetes-list-type is only allowed on arrays');
    else if (listType !== 'atomic' && listType !== 'set' && listType !== 'map') at(lp, `unknown list type ${describe(listType)} (expected atomic, set or map)`);
    else {
      const items = getKey(node, 'items');
      const itemType = isMap(items ?? null) ? getKey(items as ValueMap, 'type') : undefined;
      if (listType === 'map') {
        const kp = pointerJoin(p, 'x-kubernetes-list-map-keys');
        if (itemType !== 'object') at(pointerJoin(p, 'items'), 'the items of a list of type map must be objects');
        if (!Array.isArray(keys) || keys.length === 0) at(kp, 'a list of type map needs x-kubernetes-list-map-keys (a non-empty list of field names)');
        else if (isMap(items ?? null)) {
          const props = getKey(items as ValueMap, 'properties');
          keys.forEach((k, i) => {
            if (typeof k !== 'string') return at(pointerJoin(kp, i), `expected a field name, got ${describe(k)}`);
            const prop = isMap(props ?? null) ? getKey(props as ValueMap, k) : undefined;
            if (!isMap(prop ?? null)) return at(pointerJoin(kp, i), `key ${JSON.stringify(k)} is not a property of the items`);
            const kt = getKey(prop as ValueMap, 'type');
            if (kt === 'object' || kt === 'array') at(pointerJoin(kp, i), `key ${JSON.stringify(k)} must be a scalar, not ${kt}`);
          });
        }
      }
      if (listType === 'set' && isMap(items ?? null)) {
        const it = items as ValueMap;
        if (itemType === 'object' && getKey(it, 'x-kubernetes-map-type') !== 'atomic') {
          at(pointerJoin(p, 'items'), 'the items of a list of type set must be scalars or atomic (x-kubernetes-map-type: atomic)');
        }
        if (itemType === 'array' && getKey(it, 'x-kubernetes-list-type') !== 'atomic') {
          at(pointerJoin(p, 'items'), 'the items of a list of type set must be scalars or atomic (x-kubernetes-list-type: atomic)');
        }
      }
    }
  }
  if (keys !== undefined && keys !== null && listType !== 'map') {
    at(pointerJoin(p, 'x-kubernetes-list-map-keys'), 'x-kubernetes-list-map-keys needs x-kubernetes-list-type: map');
  }
  if (mapType !== undefined && mapType !== null) {
    const mp = pointerJoin(p, 'x-kubernetes-map-type');
    if (type !== 'object') at(mp, 'x-kubernetes-map-type is only allowed on objects');
    else if (mapType !== 'atomic' && mapType !== 'granular') at(mp, `unknown map type ${describe(mapType)} (expected atomic or granular)`);
  }
  if (getKey(node, 'x-kubernetes-embedded-resource') === true && type !== 'object') {
    at(pointerJoin(p, 'x-kubernetes-embedded-resource'), 'x-kubernetes-embedded-resource needs type: object');
  }
}
