/**
 * Core Events are selectable by the fields their registry strategy lists (pkg/registry/core/event,
 * ToSelectableFields): `involvedObject.*`, `reason`, `reportingComponent`, `source` (the source
 * component, else the reporting controller) and `type`. `kubectl describe` finds an object's events
 * with them (`involvedObject.name=...,involvedObject.namespace=...,involvedObject.kind=...,
 * involvedObject.uid=...`), so a server without them answered a 400 and describe showed none.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { call, JSON_HEADERS, start } from './http-client.js';

const available = kubectlAvailable();

function event(name: string, involved: Record<string, string>, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: involved,
    reason: 'Scheduled',
    message: 'Successfully assigned default/p1 to node-1',
    type: 'Normal',
    source: { component: 'default-scheduler' },
    firstTimestamp: '2024-01-01T00:00:00Z',
    lastTimestamp: '2024-01-01T00:00:00Z',
    count: 1,
    ...extra,
  };
}

describe.skipIf(!available)('real kubectl: events by field selector', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('kubectl describe shows the events of the object; get --field-selector filters them', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['run', 'p1', '--image=nginx'])).code).toBe(0);
    const uid = (await s.k.run(['get', 'pod', 'p1', '-o', 'jsonpath={.metadata.uid}'])).stdout;
    const file = s.k.file('events.json', JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [event('p1.1', { kind: 'Pod', namespace: 'default', name: 'p1', uid, apiVersion: 'v1' }), event('other.1', { kind: 'Pod', namespace: 'default', name: 'other', apiVersion: 'v1' }, { reason: 'Pulled', type: 'Warning', source: {}, reportingComponent: 'kubelet' })] }));
    expect((await s.k.run(['create', '-f', file])).code).toBe(0);

    const described = await s.k.run(['describe', 'pod', 'p1']);
    expect(described.stderr).toBe('');
    expect(described.stdout).toMatch(/\nEvents:\n  Type    Reason     Age +From +Message\n  ----    ------     ---- +---- +-------\n  Normal  Scheduled  \S+ +default-scheduler  Successfully assigned default\/p1 to node-1\n$/);

    expect((await s.k.run(['get', 'events', '--field-selector', 'involvedObject.name=p1', '-o', 'name'])).stdout).toBe('event/p1.1\n');
    expect((await s.k.run(['get', 'events', '--field-selector', 'type=Warning,source=kubelet', '-o', 'name'])).stdout).toBe('event/other.1\n');
    expect(await s.k.run(['get', 'events', '--field-selector', 'reason=Killing'])).toEqual({ code: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
  });
});

describe('the selectable fields of core Events', () => {
  it('every field the strategy lists, and still a 400 for others', async () => {
    const server = await start();
    const e = event('e1', { kind: 'Pod', namespace: 'default', name: 'p1', uid: 'u-1', apiVersion: 'v1', resourceVersion: '7', fieldPath: 'spec.containers{web}' }, { reportingComponent: 'kubelet' });
    expect((await call(server, 'POST', '/api/v1/namespaces/default/events', JSON.stringify(e), JSON_HEADERS)).status).toBe(201);
    const names = async (selector: string) => (await call(server, 'GET', `/api/v1/namespaces/default/events?fieldSelector=${encodeURIComponent(selector)}`)).json.items.map((i: any) => i.metadata.name);
    for (const selector of [
      'involvedObject.kind=Pod',
      'involvedObject.namespace=default',
      'involvedObject.name=p1',
      'involvedObject.uid=u-1',
      'involvedObject.apiVersion=v1',
      'involvedObject.resourceVersion=7',
      'involvedObject.fieldPath=spec.containers{web}',
      'reason=Scheduled',
      'reportingComponent=kubelet',
      'source=default-scheduler',
      'type=Normal',
      'metadata.name=e1',
    ]) {
      expect([selector, await names(selector)]).toEqual([selector, ['e1']]);
    }
    expect(await names('type!=Normal')).toEqual([]);
    const bad = await call(server, 'GET', '/api/v1/namespaces/default/events?fieldSelector=message%3Dx');
    expect([bad.status, bad.json.message]).toEqual([400, 'field label not supported: message']);
  });
});
