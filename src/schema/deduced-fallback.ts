/**
 * Objects often carry fields their schema does not know: a newer Kubernetes release, a typo, a
 * field from an admission webhook. Rather than rejecting them (validation: `field not declared in
 * schema`), ssa-sim can treat them as deduced values (granular maps, atomic lists) and warn:
 * - `withDeducedFallback(catalog)`: the same catalog, except that every struct also accepts
 *   undeclared fields as `__untyped_deduced_` (declared fields keep their semantics);
 * - `undeclaredFields(schema, type, object)`: the paths of the fields the schema does not declare,
 *   to warn about (`.spec.template.spec.containers[name="app"].foo`);
 * - `undeclaredFieldWarnings(...)`: the same as warning lines.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { DEDUCED_TYPE_NAME } from './deduced.js';
import type { AtomDecl, TypeDef, TypeRef } from './model.js';
import { type Atom, handlerFor, type Schema } from './schema.js';
import { catalogParts, makeCatalog, type SchemaCatalog } from './schema-catalog.js';
import { stringifyJson } from '../value/stringify-json.js';

const DEDUCED_REF: TypeRef = { namedType: DEDUCED_TYPE_NAME };

/** The catalog with every struct accepting undeclared fields as deduced values. */
export function withDeducedFallback(catalog: SchemaCatalog): SchemaCatalog {
  const parts = catalogParts(catalog);
  return makeCatalog({ ...parts, types: parts.types.map(tolerantTypeDef) });
}

function tolerantTypeDef(t: TypeDef): TypeDef {
  return { name: t.name, ...tolerantAtom(t) };
}

function tolerantAtom(a: AtomDecl): AtomDecl {
  const out: { -readonly [K in keyof AtomDecl]: AtomDecl[K] } = { ...a };
  if (a.list) out.list = { ...a.list, elementType: tolerantRef(a.list.elementType) };
  if (a.map) {
    out.map = {
      ...a.map,
      ...(a.map.fields ? { fields: a.map.fields.map((f) => ({ ...f, type: tolerantRef(f.type) })) } : {}),
      elementType: a.map.elementType ? tolerantRef(a.map.elementType) : DEDUCED_REF,
    };
  }
  return out;
}

function tolerantRef(r: TypeRef): TypeRef {
  return r.inlined ? { ...r, inlined: tolerantAtom(r.inlined) } : r;
}

const MAX_DEPTH = 1000;

/**
 * Paths of the fields of `object` that type `typeName` of `schema` does not declare (and has no
 * element type for), in the reference's path notation. Only the outermost unknown field of a
 * subtree is listed. Values of the wrong kind are left to validation.
 */
export function undeclaredFields(schema: Schema, typeName: string, object: Value): string[] {
  const out: string[] = [];
  const walk = (v: Value, atom: Atom, path: string, depth: number): void => {
    if (v === null || depth > MAX_DEPTH) return;
    const handler = handlerFor(atom, v);
    if (handler === 'map' && atom.map && isMap(v)) {
      const m = atom.map;
      for (const key of Object.keys(v)) {
        const field = m.fields.get(key);
        const type = field ? field.type : m.element;
        const p = `${path}.${key}`;
        if (!type) out.push(p);
        else walk(v[key], type.get(), p, depth + 1);
      }
    } else if (handler === 'list' && atom.list && Array.isArray(v)) {
      const l = atom.list;
      const element = l.element.get();
      v.forEach((item, i) => walk(item, element, `${path}${itemElement(l.elementRelationship, l.keys, item, i)}`, depth + 1));
    }
  };
  walk(object, schema.named(typeName), '', 0);
  return out;
}

/** One warning line per undeclared field (see `undeclaredFields`). */
export function undeclaredFieldWarnings(schema: Schema, typeName: string, object: Value): string[] {
  return undeclaredFields(schema, typeName, object).map(
    (p) => `unknown field ${JSON.stringify(p)}: ${typeName} does not declare it; it is kept with deduced semantics (granular maps, atomic lists)`,
  );
}

/** `[name="x"]` for keyed items, `[="v"]` for set items, `[3]` otherwise (as the reference prints path elements). */
function itemElement(relationship: string, keys: readonly string[], item: Value, index: number): string {
  if (relationship === 'associative' && keys.length > 0 && isMap(item)) {
    const parts = [...keys]
      .sort()
      .filter((k) => getKey(item, k) !== undefined)
      .map((k) => `${k}=${stringifyJson(getKey(item, k))}`);
    if (parts.length > 0) return `[${parts.join(',')}]`;
  }
  if (relationship === 'associative' && keys.length === 0 && (item === null || typeof item !== 'object')) {
    return `[=${stringifyJson(item)}]`;
  }
  return `[${index}]`;
}
