/**
 * The REST operations of `/openapi/v2` and `/openapi/v3` against what kube-apiserver serves for
 * them (kubernetes/kubernetes api/openapi-spec/swagger.json and v3/apis__apps__v1_openapi.json,
 * read for Deployment; descriptions left out, as everywhere in ssa-sim's documents, and v2's
 * shared `#/parameters/...` entries read in place): each operation's query parameters by name and
 * type, in kube-openapi's order (by name, the body first), its responses and their schemas, what
 * it consumes and produces; DELETE and deletecollection answer `Status` (200, and 202 for a
 * delete) and take `DeleteOptions`, PATCH takes a `Patch` (in v3 once per patch media type),
 * lists produce the watch streams too, and every path carries `pretty`.
 */
import { describe, expect, it } from 'vitest';
import { call, start } from './http-client.js';

type Json = Record<string, any>;

const DEPLOYMENT = 'io.k8s.api.apps.v1.Deployment';
const LIST = 'io.k8s.api.apps.v1.DeploymentList';
const STATUS = 'io.k8s.apimachinery.pkg.apis.meta.v1.Status';
const DELETE_OPTIONS = 'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions';
const PATCH = 'io.k8s.apimachinery.pkg.apis.meta.v1.Patch';
const OBJECT_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];
const WATCH_TYPES = ['application/json;stream=watch', 'application/vnd.kubernetes.protobuf;stream=watch'];
const PATCH_TYPES = ['application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json', 'application/apply-patch+yaml'];

const DELETE_PARAMS = { dryRun: 'string', gracePeriodSeconds: 'integer', ignoreStoreReadErrorWithClusterBreakingPotential: 'boolean', orphanDependents: 'boolean', propagationPolicy: 'string' };
const LIST_PARAMS = {
  allowWatchBookmarks: 'boolean',
  continue: 'string',
  fieldSelector: 'string',
  labelSelector: 'string',
  limit: 'integer',
  resourceVersion: 'string',
  resourceVersionMatch: 'string',
  sendInitialEvents: 'boolean',
  timeoutSeconds: 'integer',
  watch: 'boolean',
};
const WRITE_PARAMS = { dryRun: 'string', fieldManager: 'string', fieldValidation: 'string' };

interface Expected {
  /** Query parameters: name → type, in order. */
  readonly query: Record<string, string>;
  /** Response code → schema (undefined: no schema). */
  readonly responses: Record<string, string | undefined>;
  /** The body (v2 body parameter, v3 requestBody): schema, whether required. */
  readonly body?: { readonly schema: string; readonly required: boolean };
  readonly consumes: readonly string[];
  readonly produces: readonly string[];
}

const PATHS: Record<string, Record<string, Expected>> = {
  '/apis/apps/v1/namespaces/{namespace}/deployments': {
    get: { query: LIST_PARAMS, responses: { '200': LIST, '401': undefined }, consumes: ['*/*'], produces: [...OBJECT_TYPES, ...WATCH_TYPES] },
    post: { query: WRITE_PARAMS, responses: { '200': DEPLOYMENT, '201': DEPLOYMENT, '202': DEPLOYMENT, '401': undefined }, body: { schema: DEPLOYMENT, required: true }, consumes: ['*/*'], produces: OBJECT_TYPES },
    delete: {
      query: {
        continue: 'string',
        dryRun: 'string',
        fieldSelector: 'string',
        gracePeriodSeconds: 'integer',
        ignoreStoreReadErrorWithClusterBreakingPotential: 'boolean',
        labelSelector: 'string',
        limit: 'integer',
        orphanDependents: 'boolean',
        propagationPolicy: 'string',
        resourceVersion: 'string',
        resourceVersionMatch: 'string',
        sendInitialEvents: 'boolean',
        timeoutSeconds: 'integer',
      },
      responses: { '200': STATUS, '401': undefined },
      body: { schema: DELETE_OPTIONS, required: false },
      consumes: ['*/*'],
      produces: OBJECT_TYPES,
    },
  },
  '/apis/apps/v1/namespaces/{namespace}/deployments/{name}': {
    get: { query: {}, responses: { '200': DEPLOYMENT, '401': undefined }, consumes: ['*/*'], produces: OBJECT_TYPES },
    put: { query: WRITE_PARAMS, responses: { '200': DEPLOYMENT, '201': DEPLOYMENT, '401': undefined }, body: { schema: DEPLOYMENT, required: true }, consumes: ['*/*'], produces: OBJECT_TYPES },
    patch: {
      query: { ...WRITE_PARAMS, force: 'boolean' },
      responses: { '200': DEPLOYMENT, '201': DEPLOYMENT, '401': undefined },
      body: { schema: PATCH, required: true },
      consumes: PATCH_TYPES,
      produces: OBJECT_TYPES,
    },
    delete: { query: DELETE_PARAMS, responses: { '200': STATUS, '202': STATUS, '401': undefined }, body: { schema: DELETE_OPTIONS, required: false }, consumes: ['*/*'], produces: OBJECT_TYPES },
  },
  '/apis/apps/v1/deployments': {
    get: { query: {}, responses: { '200': LIST, '401': undefined }, consumes: ['*/*'], produces: [...OBJECT_TYPES, ...WATCH_TYPES] },
  },
};
/** Path-level parameters (v2: path parameters typed; the list across namespaces has the list's query parameters there). */
const PATH_PARAMS: Record<string, Record<string, string>> = {
  '/apis/apps/v1/namespaces/{namespace}/deployments': { namespace: 'path', pretty: 'query' },
  '/apis/apps/v1/namespaces/{namespace}/deployments/{name}': { name: 'path', namespace: 'path', pretty: 'query' },
  '/apis/apps/v1/deployments': { ...Object.fromEntries(Object.keys(LIST_PARAMS).map((k) => [k, 'query'])), pretty: 'query' },
};

const ref = (dialect: 2 | 3, name: string) => (dialect === 2 ? `#/definitions/${name}` : `#/components/schemas/${name}`);
const typeOf = (p: Json) => p.type ?? p.schema?.type;

function checkOperation(dialect: 2 | 3, path: string, method: string, op: Json | undefined, want: Expected): void {
  const at = `${dialect} ${method.toUpperCase()} ${path}`;
  expect(op, at).toBeDefined();
  const params: Json[] = op!.parameters ?? [];
  const query = params.filter((p) => p.in === 'query');
  expect(Object.fromEntries(query.map((p) => [p.name, typeOf(p)])), at).toEqual(want.query);
  expect(query.map((p) => p.name), at).toEqual(Object.keys(want.query));
  expect(Object.keys(op!.responses).sort(), at).toEqual(Object.keys(want.responses).sort());
  for (const [code, schema] of Object.entries(want.responses)) {
    const r = op!.responses[code];
    if (dialect === 2) {
      expect(r.schema?.$ref, `${at} ${code}`).toBe(schema === undefined ? undefined : ref(2, schema));
      continue;
    }
    if (schema === undefined) {
      expect(r.content, `${at} ${code}`).toBeUndefined();
      continue;
    }
    const types = method === 'get' && want.produces.length > OBJECT_TYPES.length ? want.produces : OBJECT_TYPES;
    expect(Object.keys(r.content).sort(), `${at} ${code}`).toEqual([...types].sort());
    for (const t of types) expect(r.content[t].schema.$ref, `${at} ${code} ${t}`).toBe(ref(3, schema));
  }
  if (dialect === 2) {
    expect(op!.consumes, at).toEqual(want.consumes);
    expect(op!.produces, at).toEqual(want.produces);
    const body = params.filter((p) => p.in === 'body');
    if (want.body) {
      expect(body, at).toHaveLength(1);
      expect(params[0], at).toBe(body[0]);
      expect(body[0].schema.$ref, at).toBe(ref(2, want.body.schema));
      expect(body[0].required === true, at).toBe(want.body.required);
    } else expect(body, at).toEqual([]);
  } else if (want.body) {
    // v3 has a request body per media type the operation consumes (kubectl looks for the
    // strategic merge patch one to choose its patch type).
    expect(Object.keys(op!.requestBody?.content ?? {}).sort(), at).toEqual([...want.consumes].sort());
    for (const t of want.consumes) expect(op!.requestBody.content[t].schema?.$ref, `${at} ${t}`).toBe(ref(3, want.body.schema));
    expect(op!.requestBody.required === true, at).toBe(want.body.required);
  } else expect(op!.requestBody, at).toBeUndefined();
}

describe('OpenAPI operations', () => {
  for (const dialect of [2, 3] as const) {
    it(`v${dialect}: parameters, bodies and responses of Deployment's operations are kube-apiserver's`, async () => {
      const s = await start();
      const doc = (await call(s, 'GET', dialect === 2 ? '/openapi/v2' : '/openapi/v3/apis/apps/v1')).json;
      for (const [path, ops] of Object.entries(PATHS)) {
        const item = doc.paths[path];
        for (const [method, want] of Object.entries(ops)) checkOperation(dialect, path, method, item?.[method], want);
        const pathParams = Object.fromEntries((item.parameters ?? []).map((p: Json) => [p.name, p.in]));
        expect(pathParams, path).toEqual(PATH_PARAMS[path]);
      }
      // Every $ref resolves; Status and DeleteOptions have the Go types' properties, Patch is any object.
      const defs: Json = dialect === 2 ? doc.definitions : doc.components.schemas;
      const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
      for (const r of new Set(refs)) expect(defs[r.replace(/^#\/(definitions|components\/schemas)\//, '')], r).toBeDefined();
      const props = (name: string) => Object.fromEntries(Object.entries(defs[name].properties as Json).map(([k, v]) => [k, v.type ?? (v.$ref ?? v.allOf?.[0]?.$ref)?.replace(/^.*\./, '')]));
      expect(props(STATUS)).toEqual({ apiVersion: 'string', code: 'integer', details: 'StatusDetails', kind: 'string', message: 'string', metadata: 'ListMeta', reason: 'string', status: 'string' });
      expect(defs[PATCH]).toEqual({ type: 'object' });
      expect(defs[STATUS]['x-kubernetes-group-version-kind']).toEqual([{ group: '', kind: 'Status', version: 'v1' }]);
      expect(props(DELETE_OPTIONS)).toEqual({
        apiVersion: 'string',
        dryRun: 'array',
        gracePeriodSeconds: 'integer',
        ignoreStoreReadErrorWithClusterBreakingPotential: 'boolean',
        kind: 'string',
        orphanDependents: 'boolean',
        preconditions: 'Preconditions',
        propagationPolicy: 'string',
      });
    });
  }
});
