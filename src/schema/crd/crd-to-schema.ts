/**
 * CustomResourceDefinition manifests to types, as the Kubernetes API server builds the merge
 * schema of a custom resource:
 * - one type per served version, named like Kubernetes names it (`com.example.stable.v1.CronTab`
 *   for group `stable.example.com`), from that version's `schema.openAPIV3Schema`, converted with
 *   the OpenAPI rules (convert-schema-node.ts) after the structural-schema checks;
 * - the root, and every `x-kubernetes-embedded-resource` object, get `apiVersion` and `kind`
 *   (strings) and `metadata` (the built-in ObjectMeta), as the API server adds them;
 * - a version without a schema is deduced (every list atomic); `x-kubernetes-preserve-unknown-fields`
 *   makes undeclared fields deduced below the node that sets it, the root included.
 * apiextensions.k8s.io/v1beta1 manifests are read too (`spec.validation`, `spec.version`,
 * `preserveUnknownFields` true unless set false); a v1beta1 schema that is not structural is
 * deduced with a warning, as Kubernetes did, where v1 rejects it.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../../value/value.js';
import { DEDUCED_TYPE_NAME } from '../deduced.js';
import type { SourcePosition } from '../../errors/ssa-error.js';
import type { TypeDef } from '../model.js';
import { convertSchemaNode, describe, schemaError } from '../openapi/convert-schema-node.js';
import { pointerJoin } from '../read-document.js';
import type { KindInfo, KindSubresources, PrinterColumn } from '../schema-catalog.js';
import { structuralViolations } from './structural-schema.js';

export const OBJECT_META_TYPE = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const REF_PREFIX = '#/components/schemas/';

export interface CrdImport {
  readonly types: TypeDef[];
  readonly kinds: KindInfo[];
  readonly warnings: string[];
}

export interface CrdOptions {
  readonly file?: string;
  /** Line and column of the node at `pointer` in document `index`. */
  readonly locate?: (index: number, pointer: string) => SourcePosition | undefined;
}

/**
 * Types and kinds of every CRD in `documents` (each a CRD, or a List of CRDs). Throws
 * SsaError('SCHEMA_PARSE') naming the file, the JSON pointer and the line of the first problem.
 */
export function crdsToSchema(documents: readonly Value[], opts: CrdOptions = {}): CrdImport {
  const out: CrdImport = { types: [], kinds: [], warnings: [] };
  documents.forEach((doc, index) => {
    const ctx = { file: opts.file, locate: opts.locate ? (p: string) => opts.locate!(index, p) : undefined };
    const items = isMap(doc) && isListKind(getKey(doc, 'kind')) ? getKey(doc, 'items') : undefined;
    if (items !== undefined) {
      if (!Array.isArray(items)) throw schemaError(ctx, '/items', `expected a list of CustomResourceDefinitions, got ${describe(items)}`);
      items.forEach((item, i) => crdToSchema(item, `/items/${i}`, ctx, out));
    } else crdToSchema(doc, '', ctx, out);
  });
  return out;
}

function isListKind(kind: Value | undefined): boolean {
  return kind === 'List' || kind === 'CustomResourceDefinitionList';
}

interface Ctx {
  readonly file?: string;
  readonly locate?: (pointer: string) => SourcePosition | undefined;
}

function crdToSchema(crd: Value, at: string, ctx: Ctx, out: CrdImport): void {
  const fail: (pointer: string, detail: string) => never = (pointer, detail) => {
    throw schemaError(ctx, pointer, detail);
  };
  const where = (pointer: string) => `${ctx.file ?? 'CRD'}: ${pointer || '(document root)'}`;
  if (!isMap(crd)) fail(at, `expected a CustomResourceDefinition (a map), got ${describe(crd)}`);
  const apiVersion = getKey(crd, 'apiVersion');
  const kind = getKey(crd, 'kind');
  if (kind !== 'CustomResourceDefinition' || (apiVersion !== 'apiextensions.k8s.io/v1' && apiVersion !== 'apiextensions.k8s.io/v1beta1')) {
    fail(at, `not a CustomResourceDefinition: apiVersion ${describe(apiVersion)}, kind ${describe(kind)} (expected apiextensions.k8s.io/v1, kind CustomResourceDefinition)`);
  }
  const v1beta1 = apiVersion === 'apiextensions.k8s.io/v1beta1';
  const sp = pointerJoin(at, 'spec');
  const spec = getKey(crd, 'spec');
  if (!isMap(spec ?? null)) fail(sp, `expected a map, got ${describe(spec)}`);
  const s = spec as ValueMap;
  const str = (m: ValueMap, key: string, p: string): string => {
    const v = getKey(m, key);
    if (typeof v !== 'string' || v === '') fail(pointerJoin(p, key), `expected a non-empty string, got ${describe(v)}`);
    return v as string;
  };
  const group = str(s, 'group', sp);
  const np = pointerJoin(sp, 'names');
  const names = getKey(s, 'names');
  if (!isMap(names ?? null)) fail(np, `expected a map, got ${describe(names)}`);
  const crKind = str(names as ValueMap, 'kind', np);
  const plural = str(names as ValueMap, 'plural', np);
  // The CRD's defaulting gives an empty singular the lower-cased kind.
  const singularValue = getKey(names as ValueMap, 'singular');
  const singular = typeof singularValue === 'string' && singularValue !== '' ? singularValue : crKind.toLowerCase();
  const shortNamesValue = getKey(names as ValueMap, 'shortNames');
  const shortNames = Array.isArray(shortNamesValue) && shortNamesValue.every((n) => typeof n === 'string') ? (shortNamesValue as string[]) : undefined;
  const categoriesValue = getKey(names as ValueMap, 'categories');
  const categories = Array.isArray(categoriesValue) && categoriesValue.length > 0 && categoriesValue.every((n) => typeof n === 'string') ? (categoriesValue as string[]) : undefined;
  const scope = getKey(s, 'scope') ?? (v1beta1 ? 'Namespaced' : undefined);
  if (scope !== 'Namespaced' && scope !== 'Cluster') fail(pointerJoin(sp, 'scope'), `expected Namespaced or Cluster, got ${describe(scope)}`);
  const preserveAll = getKey(s, 'preserveUnknownFields') === true || (v1beta1 && getKey(s, 'preserveUnknownFields') !== false);

  // The versions, each with the schema that applies to it (v1beta1: possibly the shared one).
  const shared = v1beta1 ? sharedSchema(s, sp) : undefined;
  const topSubresources = v1beta1 ? readSubresources(getKey(s, 'subresources'), pointerJoin(sp, 'subresources'), fail) : undefined;
  const topColumns = v1beta1 ? readPrinterColumns(getKey(s, 'additionalPrinterColumns'), pointerJoin(sp, 'additionalPrinterColumns'), 'JSONPath', fail) : undefined;
  const versions: {
    name: string;
    served: boolean;
    schema: Value | undefined;
    pointer: string;
    subresources: KindSubresources | undefined;
    columns: PrinterColumn[] | undefined;
  }[] = [];
  const vp = pointerJoin(sp, 'versions');
  const vs = getKey(s, 'versions');
  if (Array.isArray(vs) && vs.length > 0) {
    vs.forEach((v, i) => {
      const p = pointerJoin(vp, i);
      if (!isMap(v)) fail(p, `expected a version (a map), got ${describe(v)}`);
      const name = str(v, 'name', p);
      const served = getKey(v, 'served');
      if (typeof served !== 'boolean') fail(pointerJoin(p, 'served'), `expected true or false, got ${describe(served)}`);
      const own = versionSchema(v, p, fail);
      const subresources = readSubresources(getKey(v, 'subresources'), pointerJoin(p, 'subresources'), fail) ?? topSubresources;
      const columns = readPrinterColumns(getKey(v, 'additionalPrinterColumns'), pointerJoin(p, 'additionalPrinterColumns'), v1beta1 ? 'JSONPath' : 'jsonPath', fail) ?? topColumns;
      versions.push({ name, served: served as boolean, ...(own ?? shared ?? { schema: undefined, pointer: p }), subresources, columns });
    });
  } else if (v1beta1 && typeof getKey(s, 'version') === 'string') {
    versions.push({ name: getKey(s, 'version') as string, served: true, ...(shared ?? { schema: undefined, pointer: sp }), subresources: topSubresources, columns: topColumns });
  } else {
    fail(vp, 'expected a non-empty list of versions');
  }

  const typePrefix = group.split('.').reverse().join('.');
  for (const v of versions) {
    if (!v.served) continue;
    const kindInfo = (typeName: string): KindInfo => ({
      apiVersion: `${group}/${v.name}`,
      group,
      version: v.name,
      kind: crKind,
      typeName,
      namespaced: scope === 'Namespaced',
      resource: plural,
      singular,
      ...(shortNames ? { shortNames } : {}),
      ...(categories ? { categories } : {}),
      ...(v.subresources ? { subresources: v.subresources } : {}),
      ...(v.columns && v.columns.length > 0 ? { printerColumns: v.columns } : {}),
      custom: true,
    });
    if (v.schema === undefined) {
      out.warnings.push(`${where(v.pointer)}: ${group}/${v.name} ${crKind} has no schema: its objects are deduced (every list atomic)`);
      out.kinds.push(kindInfo(DEDUCED_TYPE_NAME));
      continue;
    }
    const violations = structuralViolations(v.schema, v.pointer);
    if (violations.length > 0) {
      const first = violations[0];
      if (!v1beta1) fail(first.pointer, `the schema is not structural: ${first.message}${violations.length > 1 ? ` (and ${violations.length - 1} more problems)` : ''}`);
      out.warnings.push(
        `${where(first.pointer)}: ${group}/${v.name} ${crKind}: the schema is not structural (${first.message}${violations.length > 1 ? `, and ${violations.length - 1} more` : ''}): its objects are deduced (every list atomic), as Kubernetes treats them`,
      );
      out.kinds.push(kindInfo(DEDUCED_TYPE_NAME));
      continue;
    }
    const typeName = `${typePrefix}.${v.name}.${crKind}`;
    const atom = convertSchemaNode(withKubeNativeProperties(v.schema, true), v.pointer, preserveAll, {
      ...ctx,
      refPrefix: REF_PREFIX,
      untypedWithProperties: 'any',
      patchMetadata: false,
    });
    out.types.push({ name: typeName, ...atom });
    out.kinds.push({ ...kindInfo(typeName), openApiSchema: v.schema });
  }
}

/**
 * A CRD's `subresources` (per version in v1, at the top in v1beta1): `status: {}` and `scale:
 * {specReplicasPath, statusReplicasPath, labelSelectorPath}`, the paths as JSON paths of field
 * names (`.spec.replicas`). Undefined when absent.
 */
function readSubresources(node: Value | undefined, p: string, fail: (p: string, d: string) => never): KindSubresources | undefined {
  if (node === undefined || node === null) return undefined;
  if (!isMap(node)) fail(p, `expected a map (status, scale), got ${describe(node)}`);
  const status = getKey(node, 'status');
  if (status !== undefined && status !== null && !isMap(status)) fail(pointerJoin(p, 'status'), `expected a map ({}), got ${describe(status)}`);
  const scaleNode = getKey(node, 'scale');
  if (scaleNode === undefined || scaleNode === null) return { status: status !== undefined && status !== null };
  const sc = pointerJoin(p, 'scale');
  if (!isMap(scaleNode)) fail(sc, `expected a map (specReplicasPath, statusReplicasPath, labelSelectorPath), got ${describe(scaleNode)}`);
  const path = (key: string, required: boolean): string[] | undefined => {
    const v = getKey(scaleNode, key);
    if (v === undefined && !required) return undefined;
    const at = pointerJoin(sc, key);
    if (typeof v !== 'string') fail(at, `expected a JSON path such as .spec.replicas, got ${describe(v)}`);
    const text = v as string;
    if (!/^(\.[^.[\]]+)+$/.test(text)) fail(at, `expected a JSON path of field names such as .spec.replicas (no indexes), got ${JSON.stringify(text)}`);
    return text.slice(1).split('.');
  };
  const specReplicasPath = path('specReplicasPath', true)!;
  const statusReplicasPath = path('statusReplicasPath', true)!;
  const labelSelectorPath = path('labelSelectorPath', false);
  return {
    status: status !== undefined && status !== null,
    scale: { specReplicasPath, statusReplicasPath, ...(labelSelectorPath ? { labelSelectorPath } : {}) },
  };
}

/**
 * A CRD's `additionalPrinterColumns` (per version in v1, where the path is `jsonPath`; v1beta1
 * also has them at the top, with `JSONPath`). Undefined when absent.
 */
function readPrinterColumns(node: Value | undefined, p: string, pathKey: string, fail: (p: string, d: string) => never): PrinterColumn[] | undefined {
  if (node === undefined || node === null) return undefined;
  if (!Array.isArray(node)) fail(p, `expected a list of columns, got ${describe(node)}`);
  return (node as Value[]).map((c, i) => {
    const at = pointerJoin(p, i);
    if (!isMap(c)) fail(at, `expected a column (name, type, jsonPath), got ${describe(c)}`);
    const text = (key: string, required: boolean): string => {
      const v = getKey(c, key);
      if ((v === undefined || v === null) && !required) return '';
      if (typeof v !== 'string' || (required && v === '')) fail(pointerJoin(at, key), `expected a ${required ? 'non-empty ' : ''}string, got ${describe(v)}`);
      return v as string;
    };
    const priority = getKey(c, 'priority') ?? 0;
    if (typeof priority !== 'number' || !Number.isInteger(priority)) fail(pointerJoin(at, 'priority'), `expected an integer, got ${describe(priority)}`);
    return {
      name: text('name', true),
      type: text('type', true),
      format: text('format', false),
      description: text('description', false),
      priority: priority as number,
      jsonPath: text(pathKey, true),
    };
  });
}

function versionSchema(v: ValueMap, p: string, fail: (p: string, d: string) => never): { schema: Value; pointer: string } | undefined {
  const schema = getKey(v, 'schema');
  if (schema === undefined || schema === null) return undefined;
  const sp = pointerJoin(p, 'schema');
  if (!isMap(schema)) fail(sp, `expected a map with openAPIV3Schema, got ${describe(schema)}`);
  const root = getKey(schema, 'openAPIV3Schema');
  if (root === undefined || root === null) return undefined;
  return { schema: root, pointer: pointerJoin(sp, 'openAPIV3Schema') };
}

function sharedSchema(spec: ValueMap, sp: string): { schema: Value; pointer: string } | undefined {
  const validation = getKey(spec, 'validation');
  if (!isMap(validation ?? null)) return undefined;
  const root = getKey(validation as ValueMap, 'openAPIV3Schema');
  if (root === undefined || root === null) return undefined;
  return { schema: root, pointer: pointerJoin(pointerJoin(sp, 'validation'), 'openAPIV3Schema') };
}

/**
 * A copy of a (structural) schema with `apiVersion`, `kind` and `metadata` declared at the root
 * and on every embedded resource, as the API server adds them before building the merge schema.
 */
function withKubeNativeProperties(node: Value, root: boolean): Value {
  if (!isMap(node)) return node;
  const out = newMap();
  for (const k of Object.keys(node)) out[k] = node[k];
  const props = getKey(node, 'properties');
  let newProps: ValueMap | undefined;
  if (isMap(props ?? null)) {
    newProps = newMap();
    for (const k of Object.keys(props as ValueMap)) newProps[k] = withKubeNativeProperties((props as ValueMap)[k], false);
  }
  const items = getKey(node, 'items');
  if (isMap(items ?? null)) out.items = withKubeNativeProperties(items as ValueMap, false);
  const additional = getKey(node, 'additionalProperties');
  if (isMap(additional ?? null)) out.additionalProperties = withKubeNativeProperties(additional as ValueMap, false);
  if (root || getKey(node, 'x-kubernetes-embedded-resource') === true) {
    newProps ??= newMap();
    newProps.apiVersion = stringSchema();
    newProps.kind = stringSchema();
    const meta = newMap();
    meta.$ref = `${REF_PREFIX}${OBJECT_META_TYPE}`;
    newProps.metadata = meta;
  }
  if (newProps) out.properties = newProps;
  return out;
}

function stringSchema(): ValueMap {
  const s = newMap();
  s.type = 'string';
  return s;
}
