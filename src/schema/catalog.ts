/**
 * Schema catalogs: where ssa-sim finds the type of an object from its apiVersion and kind.
 *
 * - `builtinCatalog()`: the built-in Kubernetes kinds (see docs/schemas.md for the list).
 * - `catalogFromSchemaYaml(text, file)`, `catalogFromOpenApi(doc, file)` (v2 or v3, detected),
 *   `catalogFromCrd(manifest, file)`, `catalogFromText(text, file, 'schema' | 'crd')`.
 * - `combineCatalogs(a, b, ...)`: later sources override earlier types and kinds of the same name.
 * - `loadSchemaSources({schemaFiles, crdFiles, builtin})`: what `--schema FILE` / `--crd FILE` load.
 * - `resolveKind(catalog, apiVersion, kind, {allowDeduced})`: the type, or a message naming the
 *   sources searched; `withDeducedFallback(catalog)` and `undeclaredFieldWarnings(...)` for fields
 *   a schema does not know.
 * Strategic-merge-patch metadata is on the resolved fields: `FieldInfo.patchStrategy` and
 * `FieldInfo.patchMergeKey` (src/schema/schema.ts).
 */
export type { CatalogParts, KindInfo, PrinterColumn, ResolvedKind, ResolveKindOptions, SchemaCatalog } from './schema-catalog.js';
export { catalogParts, combineCatalogs, makeCatalog, resolveKind, splitApiVersion } from './schema-catalog.js';
export { BUILTIN_SOURCE, builtinCatalog } from './builtin/builtin-catalog.js';
export { BUILTIN_KINDS, kubernetesTypeName } from './builtin/kinds.js';
export { catalogFromCrd, catalogFromOpenApi, catalogFromSchemaYaml, catalogFromText } from './catalog-from-source.js';
export { loadSchemaSources, type SchemaSourceOptions } from './load-schema-sources.js';
export { undeclaredFields, undeclaredFieldWarnings, withDeducedFallback } from './deduced-fallback.js';
