/**
 * An OpenAPI document, as a Kubernetes API server serves it, to named types and kinds:
 * - v2 (`swagger: "2.0"`, `/openapi/v2`): `definitions`, references `#/definitions/<name>`;
 * - v3 (`openapi: 3.x`, `/openapi/v3/apis/<group>/<version>`): `components.schemas`, references
 *   `#/components/schemas/<name>`, usually wrapped in a one-element `allOf`.
 * Each definition becomes a type of the same name (node rules in convert-schema-node.ts).
 * `x-kubernetes-group-version-kind` maps apiVersion + kind to it; the resource name and scope
 * come from `paths` when the document has them (`/apis/<g>/<v>/namespaces/{namespace}/<plural>`).
 */
import { getKey, isMap, type Value } from '../../value/value.js';
import type { TypeDef } from '../model.js';
import { pointerJoin } from '../read-document.js';
import type { KindInfo } from '../schema-catalog.js';
import { type ConvertOptions, convertSchemaNode, describe, schemaError } from './convert-schema-node.js';

export interface OpenApiImport {
  readonly openApiVersion: 2 | 3;
  readonly types: TypeDef[];
  readonly kinds: KindInfo[];
  readonly warnings: string[];
}

export interface OpenApiOptions {
  readonly file?: string;
  readonly locate?: ConvertOptions['locate'];
}

/** Kubernetes reads quantities (`type: string` in the documents) as untyped scalars. */
const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity';

/** Is this document an OpenAPI v2 or v3 document (rather than schema YAML or a CRD)? */
export function openApiVersionOf(doc: Value): 2 | 3 | undefined {
  if (!isMap(doc)) return undefined;
  const swagger = getKey(doc, 'swagger');
  if (typeof swagger === 'string' && swagger.startsWith('2')) return 2;
  const openapi = getKey(doc, 'openapi');
  if (typeof openapi === 'string' && openapi.startsWith('3')) return 3;
  if (isMap(getKey(doc, 'definitions') ?? null)) return 2;
  const components = getKey(doc, 'components');
  if (isMap(components ?? null) && getKey(components as never, 'schemas') !== undefined) return 3;
  return undefined;
}

export function openApiToSchema(doc: Value, opts: OpenApiOptions = {}): OpenApiImport {
  const version = openApiVersionOf(doc);
  if (version === undefined || !isMap(doc)) {
    throw schemaError(opts, '', 'not an OpenAPI document: expected "swagger: 2.0" with "definitions", or "openapi: 3.x" with "components.schemas"');
  }
  const defsPointer = version === 2 ? '/definitions' : '/components/schemas';
  const defs = version === 2 ? getKey(doc, 'definitions') : getKey(getKey(doc, 'components') as never, 'schemas');
  if (!isMap(defs ?? null)) throw schemaError(opts, defsPointer, `expected a map of schemas, got ${describe(defs)}`);
  const definitions = defs as Record<string, Value>;
  const warnings: string[] = [];
  const names = Object.keys(definitions);
  const convertOpts: ConvertOptions = {
    ...opts,
    refPrefix: version === 2 ? '#/definitions/' : '#/components/schemas/',
    untypedWithProperties: version === 2 ? 'struct' : 'any',
    patchMetadata: true,
    knownTypes: new Set(names),
    warn: (m) => warnings.push(m),
  };
  const resources = resourcesFromPaths(getKey(doc, 'paths'));
  const types: TypeDef[] = [];
  const kinds: KindInfo[] = [];
  const seenKinds = new Map<string, string>();
  for (const name of names) {
    const pointer = pointerJoin(defsPointer, name);
    const def = definitions[name];
    if (isMap(def) && getKey(def, '$ref') !== undefined) {
      warnings.push(`${opts.file ?? 'document'}: ${pointer}: a definition that only refers to another is skipped`);
      continue;
    }
    const atom = name === QUANTITY ? { scalar: 'untyped' as const } : convertSchemaNode(def, pointer, false, convertOpts);
    types.push({ name, ...atom });
    const gvks = isMap(def) ? getKey(def, 'x-kubernetes-group-version-kind') : undefined;
    if (gvks === undefined || gvks === null) continue;
    const list = Array.isArray(gvks) ? gvks : [gvks];
    list.forEach((g, i) => {
      const gp = Array.isArray(gvks) ? pointerJoin(pointerJoin(pointer, 'x-kubernetes-group-version-kind'), i) : pointerJoin(pointer, 'x-kubernetes-group-version-kind');
      const gvk = readGvk(g);
      if (!gvk) throw schemaError(opts, gp, 'expected {group, version, kind} with string values');
      const apiVersion = gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`;
      const key = `${apiVersion} ${gvk.kind}`;
      const earlier = seenKinds.get(key);
      if (earlier !== undefined) {
        warnings.push(`${opts.file ?? 'document'}: ${gp}: ${apiVersion} ${gvk.kind} is already the kind of ${earlier}; ${name} is not used for it`);
        return;
      }
      seenKinds.set(key, name);
      const res = resources.get(key);
      kinds.push({ apiVersion, ...gvk, typeName: name, ...(res ?? {}) });
    });
  }
  return { openApiVersion: version, types, kinds, warnings };
}

function readGvk(g: Value): { group: string; version: string; kind: string } | undefined {
  if (!isMap(g)) return undefined;
  const group = getKey(g, 'group') ?? '';
  const version = getKey(g, 'version');
  const kind = getKey(g, 'kind');
  if (typeof group !== 'string' || typeof version !== 'string' || typeof kind !== 'string' || version === '' || kind === '') return undefined;
  return { group, version, kind };
}

const PATH = /^\/apis?\/(?:([^/{}]+)\/)?([^/{}]+)\/(namespaces\/\{namespace\}\/)?([^/{}]+)(?:\/\{name\})?$/;
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

/** apiVersion + kind → plural resource and scope, from the operations of `paths`. Subresources are skipped. */
function resourcesFromPaths(paths: Value | undefined): Map<string, { resource: string; namespaced: boolean }> {
  const out = new Map<string, { resource: string; namespaced: boolean }>();
  if (!isMap(paths ?? null)) return out;
  const p = paths as Record<string, Value>;
  for (const path of Object.keys(p)) {
    if (path.includes('/watch/')) continue;
    const m = PATH.exec(path);
    const item = p[path];
    if (!m || !isMap(item)) continue;
    for (const method of METHODS) {
      const op = getKey(item, method);
      if (!isMap(op ?? null)) continue;
      const gvk = readGvk(getKey(op as never, 'x-kubernetes-group-version-kind') ?? null);
      if (!gvk) continue;
      const apiVersion = gvk.group === '' ? gvk.version : `${gvk.group}/${gvk.version}`;
      const key = `${apiVersion} ${gvk.kind}`;
      if (!out.has(key)) out.set(key, { resource: m[4], namespaced: m[3] !== undefined });
    }
  }
  return out;
}
