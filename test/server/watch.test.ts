/**
 * Watches over HTTP: the current objects as ADDED, then MODIFIED and DELETED as they happen;
 * from a resourceVersion, the log since then; bookmarks; selectors; 410 when the log does not
 * reach back; and real `kubectl get -w` seeing a change.
 */
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/index.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';
import { openWidgetCrd } from './open-widget-crd.js';

/** Reads a watch stream's events until `count` have come (or the timeout), then stops it. */
async function watchEvents(s: RunningServer, path: string, count: number, during: () => Promise<void> = async () => {}, headers: Record<string, string> = {}): Promise<any[]> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), 10_000);
  const r = await fetch(s.url + path, { signal: ctrl.signal, headers });
  expect(r.status).toBe(200);
  const reader = r.body!.getReader();
  const events: any[] = [];
  let buffer = '';
  const doing = during();
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += Buffer.from(value).toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        events.push(JSON.parse(buffer.slice(0, nl)));
        buffer = buffer.slice(nl + 1);
      }
    }
  } finally {
    clearTimeout(timer);
    ctrl.abort();
    await doing;
  }
  return events;
}

const cm = (name: string, data: Record<string, string>, labels: Record<string, string> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data });

describe('watch', () => {
  it('sends the current objects as ADDED, then changes as MODIFIED and DELETED', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('a', { x: '1' }), JSON_HEADERS);
    const events = await watchEvents(s, '/api/v1/namespaces/default/configmaps?watch=1', 4, async () => {
      await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('b', { x: '1' }), JSON_HEADERS);
      await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/a', '{"data":{"x":"2"}}', { 'Content-Type': 'application/merge-patch+json' });
      await call(s, 'DELETE', '/api/v1/namespaces/default/configmaps/b');
      await call(s, 'POST', '/api/v1/namespaces/kube-system/configmaps', cm('other', {}), JSON_HEADERS);
    });
    expect(events.map((e) => `${e.type} ${e.object.metadata.name}`)).toEqual(['ADDED a', 'ADDED b', 'MODIFIED a', 'DELETED b']);
    expect(events[2].object.data).toEqual({ x: '2' });
    const rvs = events.slice(1).map((e) => Number(e.object.metadata.resourceVersion));
    expect([...rvs].sort((x, y) => x - y)).toEqual(rvs);
  });

  it('from a resourceVersion: what happened since, then bookmarks when allowed; selectors filter', async () => {
    const s = await start();
    const listed = (await call(s, 'GET', '/api/v1/configmaps')).json.metadata.resourceVersion;
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('a', {}, { app: 'web' }), JSON_HEADERS);
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('b', {}, { app: 'db' }), JSON_HEADERS);
    const events = await watchEvents(s, `/api/v1/configmaps?watch=true&resourceVersion=${listed}&allowWatchBookmarks=true&labelSelector=app%3Dweb`, 2);
    expect(events[0]).toMatchObject({ type: 'ADDED', object: { metadata: { name: 'a' } } });
    // An empty ConfigMap: Go's zero ObjectMeta writes creationTimestamp: null.
    expect(events[1]).toEqual({ type: 'BOOKMARK', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { resourceVersion: String(Number(listed) + 2), creationTimestamp: null } } });
  });

  it("a bookmark is an empty object of the watched kind, as a real server's watch cache writes it", async () => {
    const s = await start();
    await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(openWidgetCrd()), JSON_HEADERS);
    const rv = (await call(s, 'GET', '/apis/apps/v1/deployments')).json.metadata.resourceVersion;
    const firstLine = async (path: string) => {
      const ctrl = new AbortController();
      const r = await fetch(`${s.url}${path}`, { signal: ctrl.signal });
      const reader = r.body!.getReader();
      let text = '';
      while (!text.includes('\n')) text += Buffer.from((await reader.read()).value!).toString('utf8');
      ctrl.abort();
      return text.slice(0, text.indexOf('\n'));
    };
    // A built-in kind: its Go zero fields, and replicas 0 from converting the internal zero object.
    expect(await firstLine(`/apis/apps/v1/deployments?watch=true&allowWatchBookmarks=true&resourceVersion=${rv}`)).toBe(
      `{"type":"BOOKMARK","object":{"kind":"Deployment","apiVersion":"apps/v1","metadata":{"resourceVersion":"${rv}","creationTimestamp":null},"spec":{"replicas":0,"selector":null,"template":{"metadata":{"creationTimestamp":null},"spec":{"containers":null}},"strategy":{}},"status":{}}}`,
    );
    // A custom resource: unstructured, keys sorted.
    expect(await firstLine(`/apis/example.com/v1/widgets?watch=true&allowWatchBookmarks=true&resourceVersion=${rv}`)).toBe(
      `{"type":"BOOKMARK","object":{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"resourceVersion":"${rv}"}}}`,
    );
  });

  it('a resourceVersion the log does not reach is a 410 Expired event', async () => {
    const s = await start();
    await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('a', {}), JSON_HEADERS);
    const events = await watchEvents(s, '/api/v1/configmaps?watch=1&resourceVersion=1', 1);
    expect(events[0]).toMatchObject({ type: 'ERROR', object: { kind: 'Status', reason: 'Expired', code: 410 } });
  });

  it('watch streams end at timeoutSeconds and when the server closes', async () => {
    const s = await start();
    const r = await fetch(s.url + '/api/v1/configmaps?watch=1&timeoutSeconds=1', { signal: AbortSignal.timeout(10_000) });
    expect(await r.text()).toBe('');
  });
});

const available = kubectlAvailable();

describe.skipIf(!available)('kubectl get -w', () => {
  it('sees a change made while it watches', { timeout: 120_000 }, async () => {
    let watchStarted!: () => void;
    const started = new Promise<void>((r) => (watchStarted = r));
    const s = await start({
      now: () => new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      onRequest: (e) => {
        if (/(^|&)watch=true(&|$)/.test(e.query)) watchStarted();
      },
    });
    const k = new KubectlSession(s.kubeconfig);
    try {
      await call(s, 'POST', '/api/v1/namespaces/default/configmaps', cm('watched', { a: '1' }), JSON_HEADERS);
      const watching = k.run(['get', 'configmaps', '-w', '--output-watch-events'], 60_000);
      // Once kubectl's watch request has arrived its watch is registered (same turn), so the change is seen.
      await started;
      await call(s, 'PATCH', '/api/v1/namespaces/default/configmaps/watched', '{"data":{"b":"2"}}', { 'Content-Type': 'application/merge-patch+json' });
      // Closing the server ends the watch cleanly (after what it was sent), and kubectl with it.
      await s.close();
      const out = await watching;
      const lines = out.stdout.trimEnd().split('\n');
      expect(lines[0].split(/\s{2,}/)).toEqual(['EVENT', 'NAME', 'DATA', 'AGE']);
      expect(lines[1].split(/\s{2,}/).slice(0, 3)).toEqual(['ADDED', 'watched', '1']);
      expect(lines[2].split(/\s{2,}/).slice(0, 3)).toEqual(['MODIFIED', 'watched', '2']);
    } finally {
      k.dispose();
    }
  });

  it("sees a CRD's creation, then each write of its controllers, as a real server's watchers do", async () => {
    const s = await start();
    const rv = Number((await call(s, 'GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions')).json.metadata.resourceVersion);
    const events = await watchEvents(s, `/apis/apiextensions.k8s.io/v1/customresourcedefinitions?watch=true&resourceVersion=${rv}`, 3, async () => {
      await call(s, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', JSON.stringify(openWidgetCrd()), JSON_HEADERS);
    });
    expect(events.map((e) => [e.type, e.object.metadata.resourceVersion, e.object.status.conditions?.map((c: any) => `${c.type}=${c.status}`) ?? null])).toEqual([
      ['ADDED', String(rv + 1), null],
      ['MODIFIED', String(rv + 2), ['NamesAccepted=True', 'Established=False']],
      ['MODIFIED', String(rv + 3), ['NamesAccepted=True', 'Established=True']],
    ]);
  });
});
