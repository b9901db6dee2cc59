import { SsaError } from '../errors/ssa-error.js';
import type { Value } from '../value/value.js';
import type { AtomDecl, ElementRelationship, ScalarKind, SchemaDecl, TypeDef, TypeRef } from './model.js';

/**
 * A schema with its type references resolved, as the typed layer walks it. Resolution is lazy:
 * a broken reference only fails when an object actually reaches it (as in the reference).
 */
export interface Atom {
  readonly scalar?: ScalarKind;
  readonly list?: ListAtom;
  readonly map?: MapAtom;
  /** For messages: `named type: X` or `inlined`. */
  readonly description: string;
}

export interface ListAtom {
  readonly element: LazyType;
  /** `atomic`, `associative`, or anything else (which current Kubernetes rejects when merging). */
  readonly elementRelationship: ElementRelationship;
  readonly keys: readonly string[];
}

export interface MapAtom {
  readonly fields: ReadonlyMap<string, FieldInfo>;
  /** Type of keys that are not declared fields; undefined = such keys are rejected. */
  readonly element: LazyType | undefined;
  /** The element type's name when it is a named type (reconcile skips deduced maps by name). */
  readonly elementTypeName: string | undefined;
  readonly atomic: boolean;
  readonly elementRelationship: ElementRelationship;
}

export interface FieldInfo {
  readonly name: string;
  readonly type: LazyType;
  /** Present only when the schema declares a default (used to complete list keys). */
  readonly hasDefault: boolean;
  readonly default: Value | undefined;
  /**
   * Strategic merge patch metadata of this field, as its declaration gives it (see FieldDecl):
   * for a struct's list field `containers`, `atom.map.fields.get('containers')` carries
   * `patchStrategy: 'merge'` and `patchMergeKey: 'name'`. Undefined when not declared; a list
   * with no patch strategy is replaced as a whole by a strategic merge patch. Not used by the
   * ownership engine.
   */
  readonly patchStrategy?: string;
  readonly patchMergeKey?: string;
  /**
   * The field's schema says `nullable: true` (OpenAPI): a null there is a value, so a declared
   * default does not replace it. Not used by the ownership engine.
   */
  readonly nullable?: boolean;
}

/** A type reference that resolves on first use; `get()` throws an SsaError('SCHEMA_TYPE'). */
export interface LazyType {
  get(): Atom;
}

export class Schema {
  private readonly defs = new Map<string, TypeDef>();
  private readonly resolved = new Map<string, Atom>();

  constructor(readonly decl: SchemaDecl) {
    // A later definition of the same name wins, as in the reference.
    for (const t of decl.types) this.defs.set(t.name, t);
  }

  hasType(name: string): boolean {
    return this.defs.has(name);
  }

  typeNames(): string[] {
    return [...this.defs.keys()];
  }

  /** The atom of a named type (throws when the name is unknown or the atom empty). */
  named(name: string): Atom {
    return this.resolveRef({ namedType: name });
  }

  /** A lazy handle on a named type, for roots that may not exist. */
  lazyNamed(name: string): LazyType {
    return this.lazy({ namedType: name });
  }

  resolveRef(ref: TypeRef): Atom {
    let base: Atom;
    if (ref.namedType !== undefined) {
      const name = ref.namedType;
      const cached = this.resolved.get(name);
      if (cached) base = cached;
      else {
        const def = this.defs.get(name);
        if (!def) throw new SsaError('SCHEMA_TYPE', `schema error: no type found matching: ${name}`);
        base = this.buildAtom(def, `named type: ${name}`);
        this.resolved.set(name, base);
      }
    } else {
      base = this.buildAtom(ref.inlined ?? {}, 'inlined');
    }
    const rel = ref.elementRelationship;
    if (rel === undefined || rel === '') return base;
    return overrideRelationship(base, rel, ref.namedType ?? 'inlined type');
  }

  private lazy(ref: TypeRef): LazyType {
    let atom: Atom | undefined;
    return {
      get: () => (atom ??= this.resolveRef(ref)),
    };
  }

  private buildAtom(decl: AtomDecl, description: string): Atom {
    if (!decl.scalar && !decl.list && !decl.map) {
      throw new SsaError('SCHEMA_TYPE', `schema error: invalid atom: ${description}`);
    }
    const atom: { -readonly [K in keyof Atom]: Atom[K] } = { description };
    if (decl.scalar) atom.scalar = decl.scalar;
    if (decl.list) {
      atom.list = {
        element: this.lazy(decl.list.elementType),
        elementRelationship: decl.list.elementRelationship ?? '',
        keys: decl.list.keys ?? [],
      };
    }
    if (decl.map) {
      const fields = new Map<string, FieldInfo>();
      for (const f of decl.map.fields ?? []) {
        fields.set(f.name, {
          name: f.name,
          type: this.lazy(f.type),
          hasDefault: f.default !== undefined,
          default: f.default,
          ...(f.patchStrategy !== undefined ? { patchStrategy: f.patchStrategy } : {}),
          ...(f.patchMergeKey !== undefined ? { patchMergeKey: f.patchMergeKey } : {}),
          ...(f.type.nullable ? { nullable: true } : {}),
        });
      }
      const rel = decl.map.elementRelationship ?? '';
      atom.map = {
        fields,
        element: decl.map.elementType ? this.lazy(decl.map.elementType) : undefined,
        elementTypeName: decl.map.elementType?.namedType,
        atomic: rel === 'atomic',
        elementRelationship: rel,
      };
    }
    return atom;
  }
}

/**
 * A field-level `elementRelationship` on a reference to `base` (engine-semantics §3.1): it replaces
 * the map's relationship when the type has a map, else the list's (a type that is both, such as
 * the untyped atomic one, keeps its list as it is); on a type with neither, the reference resolves
 * to nothing, as structured-merge-diff's Resolve has it.
 */
function overrideRelationship(base: Atom, rel: ElementRelationship, typeName: string): Atom {
  if (base.map) return { ...base, map: { ...base.map, elementRelationship: rel, atomic: rel === 'atomic' } };
  if (base.list) return { ...base, list: { ...base.list, elementRelationship: rel } };
  throw new SsaError('SCHEMA_TYPE', `schema error: no type found matching: ${typeName}`);
}

/** Which of an atom's alternatives handles a value (see engine-semantics §3.1, deduceAtom). */
export type Handler = 'scalar' | 'list' | 'map';

export function handlerFor(atom: Atom, v: Value | undefined): Handler {
  if (v !== null && v !== undefined) {
    if (typeof v === 'object') {
      if (Array.isArray(v)) {
        if (atom.list) return 'list';
      } else if (atom.map) return 'map';
    } else if (atom.scalar) return 'scalar';
  }
  // Null or no matching alternative: map, then scalar, then list.
  return atom.map ? 'map' : atom.scalar ? 'scalar' : 'list';
}
