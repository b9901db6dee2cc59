/**
 * Lists and writes over HTTP: NamespaceLifecycle as the API server answers it (its own
 * plugin, src/apiserver/namespace-lifecycle.ts), optimistic concurrency, selectors and pages,
 * Table responses.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start, TEST_NOW } from './http-client.js';

function cm(name: string, labels: Record<string, string> = {}, namespace?: string): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels, ...(namespace ? { namespace } : {}) }, data: { a: '1' } });
}

describe('namespaces must exist for namespaced writes (NamespaceLifecycle)', () => {
  it('creating in a missing namespace is a 404 for the namespace; after creating it, the write works', async () => {
    const s = await start();
    const r = await call(s, 'POST', '/api/v1/namespaces/demo/configmaps', cm('c'), JSON_HEADERS);
    expect(r.json).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'namespaces "demo" not found', reason: 'NotFound', details: { name: 'demo', kind: 'namespaces' }, code: 404 });
    const apply = await call(s, 'PATCH', '/api/v1/namespaces/demo/configmaps/c?fieldManager=x', cm('c'), { 'Content-Type': 'application/apply-patch+yaml' });
    expect(apply.json).toMatchObject({ code: 404, message: 'namespaces "demo" not found' });
    expect((await call(s, 'POST', '/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'demo' } }), JSON_HEADERS)).status).toBe(201);
    expect((await call(s, 'POST', '/api/v1/namespaces/demo/configmaps', cm('c'), JSON_HEADERS)).status).toBe(201);
  });

  it('nothing new is created in a namespace being terminated (403)', async () => {
    const s = await start();
    const ns = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'old' }, status: { phase: 'Terminating' } };
    expect((await call(s, 'POST', '/api/v1/namespaces', JSON.stringify(ns), JSON_HEADERS)).status).toBe(201);
    await call(s, 'PUT', '/api/v1/namespaces/old/status', JSON.stringify(ns), JSON_HEADERS);
    const r = await call(s, 'POST', '/api/v1/namespaces/old/configmaps', cm('c'), JSON_HEADERS);
    expect(r.json).toMatchObject({
      code: 403,
      reason: 'Forbidden',
      message: 'configmaps "c" is forbidden: unable to create new content in namespace old because it is being terminated',
      details: { name: 'c', kind: 'configmaps', causes: [{ reason: 'NamespaceTerminating', message: 'namespace old is being terminated', field: 'metadata.namespace' }] },
    });
  });
});

describe('optimistic concurrency', () => {
  it('a PUT with a stale resourceVersion is kubectl\'s 409 "the object has been modified"', async () => {
    const s = await start();
    const created = (await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('c'), JSON_HEADERS)).json;
    const stale = created.metadata.resourceVersion;
    const changed = { ...created, data: { a: '2' } };
    expect((await call(s, 'PUT', '/api/v1/namespaces/default/configmaps/c', JSON.stringify(changed), JSON_HEADERS)).status).toBe(200);
    const again = await call(s, 'PUT', '/api/v1/namespaces/default/configmaps/c', JSON.stringify({ ...created, data: { a: '3' } }), JSON_HEADERS);
    expect(again.json).toMatchObject({
      code: 409,
      reason: 'Conflict',
      message: 'Operation cannot be fulfilled on configmaps "c": the object has been modified; please apply your changes to the latest version and try again',
    });
    expect(stale).not.toBe((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).json.metadata.resourceVersion);
  });
});

describe('lists: selectors and pages', () => {
  async function seeded() {
    const s = await start();
    for (const [name, labels] of [
      ['a', { app: 'web', tier: 'front' }],
      ['b', { app: 'web', tier: 'back' }],
      ['c', { app: 'db' }],
      ['d', {}],
    ] as const) {
      expect((await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm(name, labels), JSON_HEADERS)).status).toBe(201);
    }
    expect((await call(s, 'POST', '/api/v1/namespaces/kube-system/configmaps', cm('e', { app: 'web' }), JSON_HEADERS)).status).toBe(201);
    return s;
  }
  const names = (list: any) => list.items.map((i: any) => i.metadata.name);
  const q = encodeURIComponent;

  it('label selectors: equality, inequality, sets, existence', async () => {
    const s = await seeded();
    const list = async (sel: string) => names((await call(s, 'GET', `/api/v1/namespaces/default/configmaps?labelSelector=${q(sel)}`)).json);
    expect(await list('app=web')).toEqual(['a', 'b']);
    expect(await list('app==web,tier!=front')).toEqual(['b']);
    expect(await list('app in (web,db)')).toEqual(['a', 'b', 'c']);
    expect(await list('app notin (web)')).toEqual(['c', 'd']);
    expect(await list('tier')).toEqual(['a', 'b']);
    expect(await list('!app')).toEqual(['d']);
    expect(names((await call(s, 'GET', `/api/v1/configmaps?labelSelector=${q('app=web')}`)).json)).toEqual(['a', 'b', 'e']);
    expect((await call(s, 'GET', `/api/v1/configmaps?labelSelector=${q('app=(')}`)).json).toMatchObject({ code: 400, reason: 'BadRequest' });
  });

  it('field selectors on metadata.name and metadata.namespace; others are a 400', async () => {
    const s = await seeded();
    expect(names((await call(s, 'GET', `/api/v1/configmaps?fieldSelector=${q('metadata.name=e')}`)).json)).toEqual(['e']);
    expect(names((await call(s, 'GET', `/api/v1/configmaps?fieldSelector=${q('metadata.namespace!=default')}`)).json)).toEqual(['e']);
    expect((await call(s, 'GET', `/api/v1/configmaps?fieldSelector=${q('spec.x=1')}`)).json).toMatchObject({ code: 400, message: 'field label not supported: spec.x' });
  });

  it('limit and continue page through every item once', async () => {
    const s = await seeded();
    const seen: string[] = [];
    let token = '';
    for (let i = 0; i < 10; i++) {
      const page = (await call(s, 'GET', `/api/v1/configmaps?limit=2${token ? `&continue=${q(token)}` : ''}`)).json;
      seen.push(...names(page));
      token = page.metadata.continue ?? '';
      if (!token) break;
      expect(page.metadata.remainingItemCount).toBeGreaterThan(0);
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await call(s, 'GET', '/api/v1/configmaps?limit=2&continue=nonsense')).json).toMatchObject({ code: 400 });
  });
});

describe('Table responses for kubectl get', () => {
  const TABLE = { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json' };

  it('NAME, the usual columns and AGE; one row per object, with its metadata', async () => {
    const s = await start();
    const dep = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', creationTimestamp: null },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } },
    };
    expect((await call(s, 'POST', '/apis/apps/v1/namespaces/default/deployments', JSON.stringify(dep), JSON_HEADERS)).status).toBe(201);
    const t = (await call(s, 'GET', '/apis/apps/v1/namespaces/default/deployments', undefined, TABLE)).json;
    expect(t.kind).toBe('Table');
    expect(t.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Ready', 'Up-to-date', 'Available', 'Age', 'Containers', 'Images', 'Selector']);
    expect(t.rows[0].cells).toEqual(['web', '0/3', 0, 0, '0s', 'nginx', 'nginx:1.27', 'app=web']);
    expect(t.rows[0].object).toMatchObject({ kind: 'PartialObjectMetadata', metadata: { name: 'web', namespace: 'default' } });
    const ns = (await call(s, 'GET', '/api/v1/namespaces/kube-system', undefined, TABLE)).json;
    expect(ns.rows).toHaveLength(1);
    expect(ns.rows[0].cells).toEqual(['kube-system', 'Active', '0s']);
  });

  it('a kind without columns of its own gets NAME and AGE, with ages as kubectl prints them', async () => {
    let now = TEST_NOW;
    const s = await start({ now: () => now });
    // A kind whose printer has no columns but these (kube-apiserver's printDeviceClass).
    const dc = JSON.stringify({ apiVersion: 'resource.k8s.io/v1', kind: 'DeviceClass', metadata: { name: 'fast' }, spec: {} });
    expect((await call(s, 'POST', '/apis/resource.k8s.io/v1/deviceclasses', dc, JSON_HEADERS)).status).toBe(201);
    now = '2024-05-01T10:07:30Z';
    const t = (await call(s, 'GET', '/apis/resource.k8s.io/v1/deviceclasses', undefined, { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' })).json;
    expect(t.columnDefinitions.map((c: any) => c.name)).toEqual(['Name', 'Age']);
    expect(t.rows.map((r: any) => r.cells)).toEqual([['fast', '7m30s']]);
  });
});

describe('an apply body that is not text (go-yaml reads apply bodies, and refuses such bytes)', () => {
  const APPLY = { 'Content-Type': 'application/apply-patch+yaml' };
  const body = (before: string, bytes: number[], after: string) => new Blob([Buffer.from(before), new Uint8Array(bytes), Buffer.from(after)]);
  const yaml = (bytes: number[]) => body('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "x', bytes, '"\n');
  const json = (bytes: number[]) => body('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"a":"x', bytes, '"}}');
  const cases: [string, number[], string][] = [
    ['a byte that starts no character', [0xff], 'invalid leading UTF-8 octet'],
    ['a continuation byte first', [0x80], 'invalid leading UTF-8 octet'],
    ['a sequence cut by another character', [0xc3, 0x41], 'invalid trailing UTF-8 octet'],
    ['an overlong form', [0xc0, 0xaf], 'invalid length of a UTF-8 sequence'],
    ['an encoded surrogate', [0xed, 0xa0, 0x80], 'invalid Unicode character'],
    ['a control character', [0x01], 'control characters are not allowed'],
  ];
  for (const [what, bytes, problem] of cases) {
    it(`${what}: 400 with go-yaml's words, never stored`, async () => {
      const s = await start();
      const path = '/api/v1/namespaces/default/configmaps/c?fieldManager=m';
      const y = await call(s, 'PATCH', path, yaml(bytes), APPLY);
      expect([y.status, (y.json as { message: string }).message]).toEqual([400, `error encoding patch: yaml: ${problem}`]);
      const j = await call(s, 'PATCH', path, json(bytes), APPLY);
      expect([j.status, (j.json as { message: string }).message]).toEqual([400, `error decoding YAML: error converting YAML to JSON: yaml: ${problem}`]);
      expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/c')).status).toBe(404);
    });
  }
  it('a body cut inside a character', async () => {
    const s = await start();
    const r = await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/c?fieldManager=m', body('a: ', [0xe2, 0x82], ''), APPLY);
    expect([r.status, (r.json as { message: string }).message]).toEqual([400, 'error encoding patch: yaml: incomplete UTF-8 octet sequence']);
  });
});

describe('a JSON body with a raw control character in a string (Go\'s JSON reader refuses it)', () => {
  const raw = (text: string) => new Blob([Buffer.from(text)]);
  it('create, update and patches: 400 with Go\'s words, nothing stored', async () => {
    const s = await start();
    const create = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', raw('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"q"},"data":{"a":"x\u0001y"}}'), JSON_HEADERS);
    // The JSON serializer's first read (meta.go's Interpret, with encoding/json) fails, so the
    // handler's transformDecodeError has no kind and shows the body's first 30 bytes.
    expect([create.status, (create.json as { message: string }).message]).toEqual([
      400,
      'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: invalid character \'\\x01\' in string literal ({"apiVersion":"v1","kind":"Con ...)',
    ]);
    expect((await call(s, 'GET', '/api/v1/namespaces/default/configmaps/q')).status).toBe(404);
    expect((await call(s, 'POST', '/api/v1/namespaces/default/configmaps', raw('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"q"},\n\t"data":{"a":"1"}}'), JSON_HEADERS)).status).toBe(201);
    // A strategic merge patch's text has no prefix: patch.go's strategicPatchObject answers
    // errors.NewBadRequest(err.Error()) where the others say `error decoding patch: %v`.
    for (const [type, body, char, prefix] of [
      ['application/merge-patch+json', '{"data":{"a":"x\ty"}}', "'\\t'", 'error decoding patch: '],
      ['application/strategic-merge-patch+json', '{"data":{"a":"x\u001fy"}}', "'\\x1f'", ''],
      ['application/json-patch+json', '[{"op":"add","path":"/data/b","value":"\n"}]', "'\\n'", 'error decoding patch: '],
    ]) {
      const r = await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/q', raw(body), { 'Content-Type': type });
      expect([type, r.status, (r.json as { message: string }).message]).toEqual([type, 400, `${prefix}invalid character ${char} in string literal`]);
    }
  });
});
