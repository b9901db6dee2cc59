/**
 * A list's label and field selectors are the API server's (the registry strategy knows which
 * fields of a kind are selectable): `serve(state, {verb: 'list', labelSelector, fieldSelector})`
 * answers only the matching objects, and a selector that does not parse, or names a field the kind
 * does not make selectable, is the 400 kube-apiserver answers.
 */
import { describe, expect, it } from 'vitest';
import { fail, cluster, obj, ok } from './helpers.js';

function names(list: unknown): string[] {
  return ((list as { items: { metadata: { name: string } }[] }).items ?? []).map((i) => i.metadata.name);
}

describe('list selection in the API server', () => {
  const c = cluster();
  for (const [name, labels, phase] of [['a', { app: 'web', tier: 'front' }, 'Running'], ['b', { app: 'web' }, 'Pending'], ['c', { app: 'db' }, 'Running']] as const) {
    ok(c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { containers: [{ name: 'c', image: 'i' }] }, status: { phase } })));
  }
  const list = (extra: { labelSelector?: string; fieldSelector?: string }) => c.request({ verb: 'list', apiVersion: 'v1', resource: 'pods', namespace: 'default', ...extra });

  it('answers the objects the label and field selectors match', () => {
    expect(names(ok(list({})))).toEqual(['a', 'b', 'c']);
    expect(names(ok(list({ labelSelector: 'app=web' })))).toEqual(['a', 'b']);
    expect(names(ok(list({ labelSelector: 'app in (web,db),!tier' })))).toEqual(['b', 'c']);
    expect(names(ok(list({ fieldSelector: 'metadata.name!=a' })))).toEqual(['b', 'c']);
    expect(names(ok(list({ labelSelector: 'app=web', fieldSelector: 'metadata.name=b' })))).toEqual(['b']);
  });

  it("refuses what kube-apiserver refuses, with its 400 texts", () => {
    expect(fail(list({ labelSelector: 'app in web' }))).toMatchObject({ code: 400, reason: 'BadRequest', message: 'unable to parse requirement: "app in web"' });
    expect(fail(list({ fieldSelector: 'spec.replicas=1' }))).toMatchObject({ code: 400, reason: 'BadRequest', message: 'field label not supported: spec.replicas' });
  });
});
