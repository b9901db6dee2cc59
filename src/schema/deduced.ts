import type { SchemaDecl, TypeDef } from './model.js';

/**
 * The deduced schema (engine-semantics §3.6): what the reference uses for objects without a
 * schema (`DeducedParseableType`). Every scalar is untyped, every list atomic, every map a
 * separable free-form map whose values are deduced again.
 */
export const DEDUCED_TYPE_NAME = '__untyped_deduced_';

/** The same as the deduced type, except that maps are atomic too (the items of atomic lists). */
export const ATOMIC_UNTYPED_TYPE_NAME = '__untyped_atomic_';

/**
 * The declaration the reference builds for the deduced type, equal to what `parseSchema` gives
 * for its schema YAML (see the first case of ../shared/reference/vectors/suite.jsonl):
 *
 * ```yaml
 * types:
 * - name: __untyped_atomic_
 *   scalar: untyped
 *   list: { elementType: { namedType: __untyped_atomic_ }, elementRelationship: atomic }
 *   map:  { elementType: { namedType: __untyped_atomic_ }, elementRelationship: atomic }
 * - name: __untyped_deduced_
 *   scalar: untyped
 *   list: { elementType: { namedType: __untyped_atomic_ }, elementRelationship: atomic }
 *   map:  { elementType: { namedType: __untyped_deduced_ }, elementRelationship: separable }
 * ```
 * A new declaration on every call, so callers may not affect each other.
 */
export function deducedSchemaDecl(): SchemaDecl {
  const untyped = (name: string, mapElement: string, mapRelationship: string): TypeDef => ({
    name,
    scalar: 'untyped',
    list: { elementType: { namedType: ATOMIC_UNTYPED_TYPE_NAME }, elementRelationship: 'atomic' },
    map: { elementType: { namedType: mapElement }, elementRelationship: mapRelationship },
  });
  return {
    types: [
      untyped(ATOMIC_UNTYPED_TYPE_NAME, ATOMIC_UNTYPED_TYPE_NAME, 'atomic'),
      untyped(DEDUCED_TYPE_NAME, DEDUCED_TYPE_NAME, 'separable'),
    ],
  };
}
