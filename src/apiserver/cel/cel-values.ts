/**
 * A custom resource's value as CEL sees it, typed by its structural schema as k8s.io/apiserver
 * 1.32 types it (pkg/cel/common/values.go, UnstructuredToVal): an `integer` is an int, a `number`
 * a double (also when written as an integer), `x-kubernetes-int-or-string` an int or a string, a
 * string of format `date-time` or `date` a timestamp, `duration` a duration, `byte` bytes; an
 * object with properties (or an embedded resource, which also has apiVersion, kind and
 * metadata.name and generateName) shows only its declared properties that are not null, each
 * under its escaped name (escape.ts); an object with `additionalProperties` is a map of its own keys; any other
 * object is empty; an untyped value kept by `x-kubernetes-preserve-unknown-fields` is as decoded.
 *
 * A `x-kubernetes-list-type: set` list of scalars equals another with the same items in any order,
 * as unstructuredSetList does. Not modelled: the same for a set of objects or lists, and the
 * equality of `map` lists by their keys (they compare in order here).
 */
import { getKey, isList, isMap, type Value, type ValueMap } from '../../value/value.js';
import { celName } from './escape.js';

/** A schema with the properties every object of a kind (or an embedded resource) shows to CEL (WithTypeAndObjectMeta). */
export function withTypeAndObjectMeta(schema: ValueMap): ValueMap {
  const properties = getKey(schema, 'properties');
  return {
    ...schema,
    properties: {
      ...(isMap(properties) ? properties : {}),
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object', properties: { name: { type: 'string' }, generateName: { type: 'string' } } },
    },
  };
}

export interface Conversions {
  duration(text: string): unknown;
}

/** `value` under `schema` as a CEL value: bigint ints, number doubles, Maps for objects, arrays for lists. */
export function celValue(value: Value, schema: ValueMap | undefined, conv: Conversions): unknown {
  if (value === null) return null;
  if (schema === undefined) return untyped(value);
  if (getKey(schema, 'x-kubernetes-int-or-string') === true) return typeof value === 'string' ? value : asInt(value);
  const type = getKey(schema, 'type');
  if (type === 'object') {
    if (!isMap(value)) return untyped(value);
    const embedded = getKey(schema, 'x-kubernetes-embedded-resource') === true;
    const s = embedded ? withTypeAndObjectMeta(schema) : schema;
    const properties = getKey(s, 'properties');
    if (isMap(properties)) {
      const out = new Map<string, unknown>();
      for (const [key, sub] of Object.entries(properties)) {
        const name = celName(key);
        // A null property is absent (has() is false), as unstructuredMap.Find has it.
        if (name !== undefined && Object.hasOwn(value, key) && value[key] !== null && isMap(sub)) out.set(name, celValue(value[key] as Value, sub, conv));
      }
      return out;
    }
    const additional = getKey(s, 'additionalProperties');
    if (isMap(additional)) return new Map(Object.entries(value).map(([k, v]) => [k, celValue(v, additional, conv)]));
    return new Map<string, unknown>();
  }
  if (type === 'array') {
    const items = getKey(schema, 'items');
    if (!isList(value)) return untyped(value);
    const list = value.map((v) => celValue(v, isMap(items) ? items : undefined, conv));
    return getKey(schema, 'x-kubernetes-list-type') === 'set' ? asSet(list) : list;
  }
  if (type === 'string' && typeof value === 'string') {
    switch (getKey(schema, 'format')) {
      case 'date-time':
      case 'date': {
        const t = new Date(value);
        return Number.isNaN(t.getTime()) ? value : t;
      }
      case 'duration':
        return conv.duration(value) ?? value;
      case 'byte':
        return bytes(value);
      default:
        return value;
    }
  }
  if (type === 'number' && (typeof value === 'number' || typeof value === 'bigint')) return Number(value);
  if (type === 'integer' && (typeof value === 'number' || typeof value === 'bigint')) return asInt(value);
  return untyped(value);
}

/**
 * A set list of scalars as a JavaScript Set, which the evaluator compares without regard to order
 * (unstructuredSetList's equality) and otherwise treats as a list (index, size, macros). Items that
 * are not scalars, or repeated ones, keep the array.
 */
function asSet(list: unknown[]): unknown {
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean';
  const set = new Set(list);
  return list.every(scalar) && set.size === list.length ? set : list;
}

function asInt(v: Value): unknown {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  return v;
}

/** A value without a schema (kept unknown fields): integers as ints, other numbers as doubles. */
function untyped(v: Value): unknown {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return asInt(v);
  if (isList(v)) return v.map(untyped);
  return new Map(Object.entries(v).map(([k, x]) => [k, untyped(x as Value)]));
}

function bytes(base64: string): Uint8Array | string {
  try {
    const binary = atob(base64);
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return base64;
  }
}
