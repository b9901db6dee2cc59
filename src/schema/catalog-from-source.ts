/**
 * Catalogs from each kind of schema source: schema YAML (the reference's format), OpenAPI v2/v3
 * documents, CustomResourceDefinitions, or a file's text in any of these (detected).
 */
import { type SourcePosition, SsaError } from '../errors/ssa-error.js';
import { getKey, isMap, type Value } from '../value/value.js';
import { builtinCatalog } from './builtin/builtin-catalog.js';
import { APIEXTENSIONS_PREFIX, BUILTIN_KINDS, GROUP_SHORT_NAMES } from './builtin/kinds.js';
import { crdsToSchema, OBJECT_META_TYPE } from './crd/crd-to-schema.js';
import type { AtomDecl, TypeDef, TypeRef } from './model.js';
import { openApiToSchema, openApiVersionOf } from './openapi/openapi-to-schema.js';
import { parseSchema } from './parse-schema.js';
import { readDocuments } from './read-document.js';
import { catalogParts, type KindInfo, makeCatalog, type SchemaCatalog } from './schema-catalog.js';

/**
 * A catalog of a schema YAML document. The format says nothing about kinds; types named as
 * Kubernetes names its kinds (`io.k8s.api.<group>.<version>.<Kind>` with apiVersion, kind and
 * metadata fields) are taken to serve that kind.
 */
export function catalogFromSchemaYaml(text: string, file?: string): SchemaCatalog {
  const decl = parseSchema(text, file === undefined ? {} : { file });
  return makeCatalog({ types: decl.types, kinds: conventionalKinds(decl.types), sources: [`schema file ${file ?? '(text)'}`] });
}

/** A catalog of an OpenAPI v2 or v3 document (detected). `locate` finds lines for messages. */
export function catalogFromOpenApi(doc: Value, file?: string, locate?: (pointer: string) => SourcePosition | undefined): SchemaCatalog {
  const imported = openApiToSchema(doc, { ...(file !== undefined ? { file } : {}), ...(locate ? { locate } : {}) });
  return makeCatalog({
    types: imported.types,
    kinds: imported.kinds,
    warnings: imported.warnings,
    sources: [`OpenAPI v${imported.openApiVersion} document ${file ?? '(value)'}`],
  });
}

/**
 * A catalog of CustomResourceDefinitions: `manifest` is one CRD, a List of CRDs, or an array of
 * documents (each a CRD or a List). The built-in ObjectMeta types come along, for `metadata`.
 */
export function catalogFromCrd(
  manifest: Value | readonly Value[],
  file?: string,
  locate?: (document: number, pointer: string) => SourcePosition | undefined,
): SchemaCatalog {
  const documents = Array.isArray(manifest) ? (manifest as readonly Value[]) : [manifest as Value];
  const imported = crdsToSchema(documents, { ...(file !== undefined ? { file } : {}), ...(locate ? { locate } : {}) });
  return makeCatalog({
    types: [...builtinClosure(OBJECT_META_TYPE), ...imported.types],
    kinds: imported.kinds,
    warnings: imported.warnings,
    sources: [`CRD file ${file ?? '(value)'}`],
  });
}

/**
 * A catalog of a file's text. `as: 'crd'` reads CustomResourceDefinitions; `as: 'schema'` detects
 * schema YAML (`types:`), OpenAPI v2/v3, or CRDs. YAML or JSON, detected.
 */
export function catalogFromText(text: string, file: string, as: 'schema' | 'crd'): SchemaCatalog {
  const read = readDocuments(text, file);
  const docs = read.documents;
  if (docs.length === 0) throw new SsaError('SCHEMA_PARSE', `${file}: the file is empty`, { source: { file } });
  const isCrdLike = docs.every((d) => isMap(d) && (getKey(d, 'kind') === 'CustomResourceDefinition' || getKey(d, 'kind') === 'List' || getKey(d, 'kind') === 'CustomResourceDefinitionList'));
  if (as === 'crd' || isCrdLike) return catalogFromCrd(docs, file, read.locate);
  if (docs.length > 1) {
    throw new SsaError('SCHEMA_PARSE', `${file}: a schema file holds one document (found ${docs.length}); only CRD files may hold several`, { source: { file } });
  }
  const doc = docs[0];
  if (openApiVersionOf(doc) !== undefined) return catalogFromOpenApi(doc, file, (p) => read.locate(0, p));
  if (isMap(doc) && getKey(doc, 'types') !== undefined) return catalogFromSchemaYaml(text, file);
  throw new SsaError(
    'SCHEMA_PARSE',
    `${file}: not a schema: expected schema YAML (a "types" list), an OpenAPI v2 document ("swagger: 2.0", "definitions"), an OpenAPI v3 document ("openapi: 3.x", "components.schemas") or CustomResourceDefinitions`,
    { source: { file } },
  );
}

/** The built-in declarations of a type and every type it reaches. */
function builtinClosure(root: string): TypeDef[] {
  const types = catalogParts(builtinCatalog()).types;
  const byName = new Map(types.map((t) => [t.name, t]));
  const seen = new Set<string>();
  const visitRef = (r: TypeRef): void => {
    if (r.namedType !== undefined) visit(r.namedType);
    if (r.inlined) visitAtom(r.inlined);
  };
  const visitAtom = (a: AtomDecl): void => {
    if (a.list) visitRef(a.list.elementType);
    for (const f of a.map?.fields ?? []) visitRef(f.type);
    if (a.map?.elementType) visitRef(a.map.elementType);
  };
  const visit = (name: string): void => {
    const t = byName.get(name);
    if (!t || seen.has(name)) return;
    seen.add(name);
    visitAtom(t);
  };
  visit(root);
  return types.filter((t) => seen.has(t.name));
}

const SHORT_TO_GROUP = new Map(Object.entries(GROUP_SHORT_NAMES).map(([group, short]) => [short, group]));
const KUBE_TYPE = /^io\.k8s\.api\.([a-z0-9]+)\.(v[0-9a-z]+)\.([A-Z][A-Za-z0-9]*)$/;

/** Kinds implied by Kubernetes' type naming convention (see catalogFromSchemaYaml). */
function conventionalKinds(types: readonly TypeDef[]): KindInfo[] {
  const kinds: KindInfo[] = [];
  for (const t of types) {
    let group: string | undefined;
    let version: string | undefined;
    let kind: string | undefined;
    const m = KUBE_TYPE.exec(t.name);
    if (m) {
      group = SHORT_TO_GROUP.get(m[1]);
      [version, kind] = [m[2], m[3]];
    } else if (t.name.startsWith(`${APIEXTENSIONS_PREFIX}.`)) {
      const rest = t.name.slice(APIEXTENSIONS_PREFIX.length + 1).split('.');
      if (rest.length === 2) [group, version, kind] = ['apiextensions.k8s.io', rest[0], rest[1]];
    }
    if (group === undefined || version === undefined || kind === undefined) continue;
    const fields = new Set((t.map?.fields ?? []).map((f) => f.name));
    if (!fields.has('apiVersion') || !fields.has('kind') || !fields.has('metadata')) continue;
    const apiVersion = group === '' ? version : `${group}/${version}`;
    const known = BUILTIN_KINDS.find((k) => k.apiVersion === apiVersion && k.kind === kind);
    kinds.push({
      apiVersion,
      group,
      version,
      kind,
      typeName: t.name,
      ...(known?.resource !== undefined ? { resource: known.resource } : {}),
      ...(known?.namespaced !== undefined ? { namespaced: known.namespaced } : {}),
    });
  }
  return kinds;
}

