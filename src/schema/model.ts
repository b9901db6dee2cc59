import type { Value } from '../value/value.js';

/**
 * The schema model, as the reference's schema YAML declares it (see
 * ../shared/reference/kubernetes-schema.yaml): named types, each an atom that may be a scalar, a
 * list and/or a map. These are plain declarations; `schema.ts` resolves them for the typed layer.
 */
export interface SchemaDecl {
  readonly types: readonly TypeDef[];
}

export interface TypeDef extends AtomDecl {
  readonly name: string;
}

export interface AtomDecl {
  /** 'numeric' | 'string' | 'boolean' | 'untyped' (others rejected by the loader). */
  readonly scalar?: ScalarKind;
  readonly list?: ListDecl;
  readonly map?: MapDecl;
}

/**
 * The four kinds the reference knows. A schema may name any other (`scalar: number`): it is read
 * as written, and only a value reaching such a field fails (typed/validate.ts), as in the reference.
 */
export type ScalarKind = 'numeric' | 'string' | 'boolean' | 'untyped' | (string & {});

/** `atomic` | `associative` for lists; `atomic` | `separable` (or anything else: granular) for maps. */
export type ElementRelationship = string;

/** A reference to a type: by name, or an inline atom; optionally overriding the relationship. */
export interface TypeRef {
  readonly namedType?: string;
  readonly inlined?: AtomDecl;
  /** Field-level override of the referenced map's or list's elementRelationship. */
  readonly elementRelationship?: ElementRelationship;
  /** Parsed and kept; has no effect on merging (as in the reference). */
  readonly nullable?: boolean;
}

export interface ListDecl {
  readonly elementType: TypeRef;
  readonly elementRelationship?: ElementRelationship;
  readonly keys?: readonly string[];
}

export interface MapDecl {
  readonly fields?: readonly FieldDecl[];
  readonly elementType?: TypeRef;
  readonly elementRelationship?: ElementRelationship;
  /** Parsed and kept for completeness; ignored by merging, as in the reference. */
  readonly unions?: readonly Value[];
}

export interface FieldDecl {
  readonly name: string;
  readonly type: TypeRef;
  /** Only used to complete associative-list keys. `undefined` = no default. */
  readonly default?: Value;
  /**
   * Strategic merge patch metadata (OpenAPI `x-kubernetes-patch-strategy` /
   * `x-kubernetes-patch-merge-key`), kept for the API server's strategic merge patch; the
   * ownership engine ignores both. `patchStrategy` is the annotation's text, e.g. `merge`,
   * `merge,retainKeys`, `retainKeys` or `replace`; `patchMergeKey` names the field of a list's
   * items that identifies them when merging. Both are undefined when the source says nothing.
   */
  readonly patchStrategy?: string;
  readonly patchMergeKey?: string;
}
