/**
 * One built-in kind as the API server serves it (what discovery reports): its group, version and
 * kind, the schema type, the REST resource (plural), the scope, the short names, and the
 * subresources modelled (`status`; `scale` with replicas at `spec.replicas` / `status.replicas`
 * and the selector at `spec.selector`). Rows are generated into kinds.generated.ts by
 * tools/gen-builtin-schema.mjs; test/schema/builtin-kinds.test.ts checks them against the reference.
 */
export interface BuiltinKindRow {
  /** `''` for the core group. */
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly typeName: string;
  /** Plural resource name: `daemonsets`. */
  readonly resource: string;
  readonly namespaced: boolean;
  readonly shortNames: readonly string[];
  /** The categories discovery reports (`all`, `api-extensions`); absent: none. */
  readonly categories?: readonly string[];
  readonly subresources: readonly ('status' | 'scale')[];
}
