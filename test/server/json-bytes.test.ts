/**
 * JSON answers byte for byte as kube-apiserver writes them with Go's encoding/json: compact
 * (`json.Encoder.Encode`: one line ending in a newline), or indented by two spaces with no final
 * newline (`json.MarshalIndent`) for `?pretty=true`, an Accept clause with `pretty=1`, or a
 * person's tool (a User-Agent starting `curl`, `Wget` or `Mozilla/5.0`; `?pretty=false` wins);
 * `<`, `>` and `&` in strings written as `\u003c`, `\u003e`, `\u0026` (Go escapes HTML), in
 * objects, failures and watch events alike.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';

const CM = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: '<b>&c' } });

describe('JSON bytes', () => {
  it('compact with a final newline, HTML characters escaped', async () => {
    const s = await start();
    const created = await call(s, 'POST', '/api/v1/namespaces/default/configmaps', CM, { ...JSON_HEADERS, 'User-Agent': 'kubectl/v1.32.4' });
    expect(created.status).toBe(201);
    expect(created.body.endsWith('}\n')).toBe(true);
    expect(created.body.split('\n')).toHaveLength(2);
    expect(created.body).toContain('"data":{"a":"\\u003cb\\u003e\\u0026c"}');
    expect(created.json.data.a).toBe('<b>&c');
    const missing = await call(s, 'GET', '/api/v1/namespaces/default/configmaps/a&b', undefined, { 'User-Agent': 'kubectl/v1.32.4' });
    expect(missing.body).toBe('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"configmaps \\"a\\u0026b\\" not found","reason":"NotFound","details":{"name":"a\\u0026b","kind":"configmaps"},"code":404}\n');
  });

  it('indented for curl, Wget, browsers, ?pretty=true and pretty=1; ?pretty=false wins over the User-Agent', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', CM, JSON_HEADERS);
    const path = '/api/v1/namespaces/default/configmaps/c';
    const pretty = [
      [path, { 'User-Agent': 'curl/8.5.0' }],
      [path, { 'User-Agent': 'Wget/1.21' }],
      [path, { 'User-Agent': 'Mozilla/5.0 (X11)' }],
      [`${path}?pretty=true`, { 'User-Agent': 'kubectl' }],
      [path, { 'User-Agent': 'kubectl', Accept: 'application/json;pretty=1' }],
    ] as const;
    for (const [p, headers] of pretty) {
      const got = await call(s, 'GET', p, undefined, headers);
      expect(got.body.startsWith('{\n  "'), JSON.stringify(headers)).toBe(true);
      expect(got.body, JSON.stringify(headers)).toContain('\n  "kind": "ConfigMap",\n');
      expect(got.body.endsWith('\n}'), JSON.stringify(headers)).toBe(true);
      expect(got.body).toContain('"a": "\\u003cb\\u003e\\u0026c"');
    }
    const compact = await call(s, 'GET', `${path}?pretty=false`, undefined, { 'User-Agent': 'curl/8.5.0' });
    expect(compact.body.endsWith('}\n')).toBe(true);
    expect(compact.body.split('\n')).toHaveLength(2);
  });

  it('watch events escape HTML characters too', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', CM, JSON_HEADERS);
    const ctrl = new AbortController();
    const r = await fetch(s.url + '/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=1', { signal: ctrl.signal });
    const reader = r.body!.getReader();
    let text = '';
    while (!text.includes('\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString('utf8');
    }
    ctrl.abort();
    expect(text).toContain('"a":"\\u003cb\\u003e\\u0026c"');
  });
});
