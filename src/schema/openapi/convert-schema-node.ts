/**
 * One OpenAPI schema node (v2 or v3, or a CRD's openAPIV3Schema) to the schema model, with the
 * rules Kubernetes uses to build its merge schemas (kube-openapi `schemaconv`):
 *
 * - `type: object` with `properties` is a struct: one field per property (its `default` kept, to
 *   complete list keys), `x-kubernetes-map-type: atomic` makes it atomic (`granular`: separable).
 *   Undeclared keys are rejected unless `additionalProperties` gives their type, or
 *   `x-kubernetes-preserve-unknown-fields: true` is set here or on an enclosing node (they are
 *   then deduced).
 * - `type: object` without properties is a free-form map of `additionalProperties` (deduced
 *   values when it is absent or `true`).
 * - `type: array`: `x-kubernetes-list-type` atomic / set / map (+ `x-kubernetes-list-map-keys`);
 *   with no list type, `x-kubernetes-patch-strategy: merge` makes it associative, keyed by
 *   `x-kubernetes-patch-merge-key` (a set when there is no key), `retainKeys` atomic; any other
 *   unannotated list is atomic.
 * - `integer` and `number` are numeric, `boolean` boolean, `string` string when it has no
 *   format or format `byte`, untyped otherwise (`date-time`, `int-or-string`, ...).
 * - No type: anything (untyped scalar, atomic list, deduced map), as Kubernetes does for
 *   `x-kubernetes-int-or-string` and preserve-unknown-fields nodes.
 * - `$ref` (or a single-element `allOf` holding one, as v3 documents wrap references) names a type;
 *   `x-kubernetes-map-type` beside it overrides that type's relationship for this use.
 *
 * Problems are SsaError('SCHEMA_PARSE') naming the file, the JSON pointer of the node and, when
 * the caller can locate it, its line.
 */
import { SsaError, type SourcePosition } from '../../errors/ssa-error.js';
import { getKey, isMap, type Value, type ValueMap } from '../../value/value.js';
import { ATOMIC_UNTYPED_TYPE_NAME, DEDUCED_TYPE_NAME } from '../deduced.js';
import type { AtomDecl, FieldDecl, ListDecl, MapDecl, TypeRef } from '../model.js';
import { pointerJoin } from '../read-document.js';

export interface ConvertOptions {
  /** File name for messages. */
  readonly file?: string;
  /** Where `$ref`s point (`#/definitions/`, `#/components/schemas/`); undefined: `$ref` is an error. */
  readonly refPrefix?: string;
  /**
   * How a node with `properties` but no `type` reads: as a struct (OpenAPI v2, as Kubernetes'
   * proto models read it) or as "anything" with those fields (v3 and CRDs).
   */
  readonly untypedWithProperties: 'struct' | 'any';
  /** Keep `x-kubernetes-patch-*` on fields (not for CRDs, which cannot carry them). */
  readonly patchMetadata: boolean;
  /** Finds the line of a node, for messages. */
  readonly locate?: (pointer: string) => SourcePosition | undefined;
  /** Collects warnings (e.g. a `$ref` to a type this document does not define). */
  readonly warn?: (message: string) => void;
  /** Types the document defines, to warn about references to others. */
  readonly knownTypes?: ReadonlySet<string>;
}

const UNTYPED_LIST: ListDecl = { elementType: { namedType: ATOMIC_UNTYPED_TYPE_NAME }, elementRelationship: 'atomic' };

export function schemaError(opts: Pick<ConvertOptions, 'file' | 'locate'>, pointer: string, detail: string): SsaError {
  const pos = opts.locate?.(pointer);
  const source: SourcePosition = { ...(opts.file !== undefined ? { file: opts.file } : {}), ...pos };
  const where = [source.file, source.line, source.column].filter((x) => x !== undefined).join(':');
  const at = pointer === '' ? '(document root)' : pointer;
  return new SsaError('SCHEMA_PARSE', `${where ? `${where}: ` : ''}${at}: ${detail}`, { path: pointer, source });
}

/** Converts the schema node at `pointer` into an atom. `preserve`: an enclosing node preserves unknown fields. */
export function convertSchemaNode(node: Value, pointer: string, preserve: boolean, opts: ConvertOptions): AtomDecl {
  return new Converter(opts).atom(node, pointer, preserve, 0);
}

/** The type name a local `$ref` points to, or an error for any other reference. */
export function refTarget(ref: Value, pointer: string, opts: ConvertOptions): string {
  if (typeof ref !== 'string') throw schemaError(opts, pointer, `$ref must be a string`);
  if (opts.refPrefix === undefined) throw schemaError(opts, pointer, '$ref is not allowed here');
  if (!ref.startsWith(opts.refPrefix) || ref.length === opts.refPrefix.length) {
    throw schemaError(opts, pointer, `$ref ${JSON.stringify(ref)} must point into ${opts.refPrefix}`);
  }
  return ref.slice(opts.refPrefix.length).replace(/~1/g, '/').replace(/~0/g, '~');
}

const MAX_DEPTH = 256;

class Converter {
  constructor(private readonly opts: ConvertOptions) {}

  private fail(pointer: string, detail: string): never {
    throw schemaError(this.opts, pointer, detail);
  }

  atom(node: Value, pointer: string, preserveAbove: boolean, depth: number): AtomDecl {
    if (depth > MAX_DEPTH) this.fail(pointer, `schema nested deeper than ${MAX_DEPTH} levels`);
    const s = this.expectSchema(node, pointer);
    const preserve = preserveAbove || getKey(s, 'x-kubernetes-preserve-unknown-fields') === true;
    const type = this.typeOf(s, pointer);
    const hasProperties = getKey(s, 'properties') !== undefined && getKey(s, 'properties') !== null;
    switch (type) {
      case '':
        if (hasProperties && this.opts.untypedWithProperties === 'struct') return { map: this.object(s, pointer, preserve, depth) };
        return { scalar: 'untyped', list: this.list(s, pointer, preserve, depth, true), map: this.object(s, pointer, preserve, depth) };
      case 'object':
        return { map: this.object(s, pointer, preserve, depth) };
      case 'array':
        return { list: this.list(s, pointer, preserve, depth, false) };
      case 'integer':
      case 'number':
        return { scalar: 'numeric' };
      case 'boolean':
        return { scalar: 'boolean' };
      case 'string': {
        const format = getKey(s, 'format');
        if (getKey(s, 'x-kubernetes-int-or-string') === true) return { scalar: 'untyped' };
        return { scalar: format === undefined || format === null || format === '' || format === 'byte' ? 'string' : 'untyped' };
      }
      default:
        return this.fail(pointerJoin(pointer, 'type'), `unrecognized type ${JSON.stringify(type)} (expected object, array, string, integer, number or boolean)`);
    }
  }

  /** A reference to the type of a property, list item or map value. */
  ref(node: Value, pointer: string, preserve: boolean, depth: number): TypeRef {
    const s = this.expectSchema(node, pointer);
    let target: string | undefined;
    const ref = getKey(s, '$ref');
    if (ref !== undefined) target = refTarget(ref, pointerJoin(pointer, '$ref'), this.opts);
    else {
      const allOf = getKey(s, 'allOf');
      if (Array.isArray(allOf) && allOf.length === 1 && isMap(allOf[0]) && getKey(allOf[0], '$ref') !== undefined) {
        target = refTarget(getKey(allOf[0], '$ref')!, pointerJoin(pointerJoin(pointerJoin(pointer, 'allOf'), 0), '$ref'), this.opts);
      }
    }
    if (target === undefined) return { inlined: this.atom(s, pointer, preserve, depth + 1) };
    if (this.opts.knownTypes && !this.opts.knownTypes.has(target)) {
      this.opts.warn?.(`${this.opts.file ?? 'document'}: ${pointer}: refers to ${target}, which this document does not define (it must come from another schema source)`);
    }
    const rel = this.mapType(s, pointer);
    return rel === undefined ? { namedType: target } : { namedType: target, elementRelationship: rel };
  }

  private expectSchema(node: Value, pointer: string): ValueMap {
    if (!isMap(node)) this.fail(pointer, `expected a schema (a map), got ${describe(node)}`);
    return node;
  }

  private typeOf(s: ValueMap, pointer: string): string {
    const t = getKey(s, 'type');
    if (t === undefined || t === null) return '';
    if (typeof t === 'string') return t;
    if (Array.isArray(t)) {
      // OpenAPI 3.1 style: one type, possibly with "null".
      const types = t.filter((x) => x !== 'null');
      if (types.length === 1 && typeof types[0] === 'string') return types[0];
      if (types.length === 0) return '';
    }
    return this.fail(pointerJoin(pointer, 'type'), `expected one type name, got ${describe(t)}`);
  }

  private mapType(s: ValueMap, pointer: string): string | undefined {
    const v = getKey(s, 'x-kubernetes-map-type');
    if (v === undefined || v === null) return undefined;
    if (v === 'atomic') return 'atomic';
    if (v === 'granular') return 'separable';
    return this.fail(pointerJoin(pointer, 'x-kubernetes-map-type'), `unknown map type ${JSON.stringify(v)} (expected atomic or granular)`);
  }

  private object(s: ValueMap, pointer: string, preserve: boolean, depth: number): MapDecl {
    const props = getKey(s, 'properties');
    const fields: FieldDecl[] = [];
    const hasProperties = props !== undefined && props !== null;
    if (hasProperties) {
      const pp = pointerJoin(pointer, 'properties');
      if (!isMap(props)) this.fail(pp, `expected a map of properties, got ${describe(props)}`);
      for (const name of Object.keys(props)) {
        const fp = pointerJoin(pp, name);
        const prop = props[name];
        const field: { name: string; type: TypeRef; default?: Value; patchStrategy?: string; patchMergeKey?: string } = {
          name,
          type: this.ref(prop, fp, preserve, depth),
        };
        if (isMap(prop)) {
          const dflt = getKey(prop, 'default');
          if (dflt !== undefined) field.default = dflt;
          if (getKey(prop, 'nullable') === true) field.type = { ...field.type, nullable: true };
          if (this.opts.patchMetadata) {
            const strategy = getKey(prop, 'x-kubernetes-patch-strategy');
            const key = getKey(prop, 'x-kubernetes-patch-merge-key');
            if (strategy !== undefined && strategy !== null) field.patchStrategy = this.string(strategy, pointerJoin(fp, 'x-kubernetes-patch-strategy'));
            if (key !== undefined && key !== null) field.patchMergeKey = this.string(key, pointerJoin(fp, 'x-kubernetes-patch-merge-key'));
          }
        }
        fields.push(field);
      }
    }
    const rel = this.mapType(s, pointer);
    const additional = getKey(s, 'additionalProperties');
    let elementType: TypeRef | undefined;
    if (additional === undefined || additional === null) {
      if (preserve || !hasProperties) elementType = { namedType: DEDUCED_TYPE_NAME };
    } else if (additional === true) elementType = { namedType: DEDUCED_TYPE_NAME };
    else if (additional === false) elementType = undefined;
    else elementType = this.ref(additional, pointerJoin(pointer, 'additionalProperties'), preserve, depth);
    return {
      ...(hasProperties ? { fields } : {}),
      ...(elementType ? { elementType } : {}),
      ...(rel !== undefined ? { elementRelationship: rel } : {}),
    };
  }

  private list(s: ValueMap, pointer: string, preserve: boolean, depth: number, untyped: boolean): ListDecl {
    const { relationship, keys } = this.listRelationship(s, pointer);
    const items = getKey(s, 'items');
    let elementType: TypeRef;
    if (items === undefined || items === null) {
      if (!untyped) this.fail(pointer, 'an array must say the type of its items (`items`)');
      elementType = UNTYPED_LIST.elementType;
    } else if (Array.isArray(items)) {
      if (items.length !== 1) this.fail(pointerJoin(pointer, 'items'), 'arrays must have exactly one item schema');
      elementType = this.ref(items[0], pointerJoin(pointerJoin(pointer, 'items'), 0), preserve, depth);
    } else elementType = this.ref(items, pointerJoin(pointer, 'items'), preserve, depth);
    return { elementType, elementRelationship: relationship, ...(keys ? { keys } : {}) };
  }

  private listRelationship(s: ValueMap, pointer: string): { relationship: string; keys?: string[] } {
    const listType = getKey(s, 'x-kubernetes-list-type');
    if (listType !== undefined && listType !== null) {
      const lp = pointerJoin(pointer, 'x-kubernetes-list-type');
      switch (listType) {
        case 'atomic':
          return { relationship: 'atomic' };
        case 'set':
          return { relationship: 'associative' };
        case 'map': {
          const kp = pointerJoin(pointer, 'x-kubernetes-list-map-keys');
          const keys = getKey(s, 'x-kubernetes-list-map-keys');
          if (!Array.isArray(keys) || keys.length === 0) this.fail(kp, 'a list of type map needs x-kubernetes-list-map-keys (a non-empty list of field names)');
          return { relationship: 'associative', keys: keys.map((k, i) => this.string(k, pointerJoin(kp, i))) };
        }
        default:
          return this.fail(lp, `unknown list type ${JSON.stringify(listType)} (expected atomic, set or map)`);
      }
    }
    const strategy = getKey(s, 'x-kubernetes-patch-strategy');
    if (strategy !== undefined && strategy !== null) {
      switch (strategy) {
        case 'merge':
        case 'merge,retainKeys': {
          const key = getKey(s, 'x-kubernetes-patch-merge-key');
          if (key === undefined || key === null) return { relationship: 'associative' };
          return { relationship: 'associative', keys: [this.string(key, pointerJoin(pointer, 'x-kubernetes-patch-merge-key'))] };
        }
        case 'retainKeys':
          return { relationship: 'atomic' };
        default:
          return this.fail(pointerJoin(pointer, 'x-kubernetes-patch-strategy'), `unknown patch strategy ${JSON.stringify(strategy)} for a list (expected merge, merge,retainKeys or retainKeys)`);
      }
    }
    return { relationship: 'atomic' };
  }

  private string(v: Value, pointer: string): string {
    if (typeof v !== 'string') this.fail(pointer, `expected a string, got ${describe(v)}`);
    return v;
  }
}

export function describe(v: Value | undefined): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  return `${typeof v} ${JSON.stringify(v)}`;
}
