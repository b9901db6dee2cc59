/**
 * `kubectl get events` over `ssa-sim serve` prints the Event printer's columns
 * (pkg/printers/internalversion printEvent): LAST SEEN (lastTimestamp, else the first seen; a
 * series' last observed time), TYPE, REASON, OBJECT (`kind/name`, kind lower-cased), MESSAGE
 * (trimmed), and with `-o wide` SUBOBJECT, SOURCE (the source component, else the reporting
 * controller, and the host, else the reporting instance), FIRST SEEN (firstTimestamp, else
 * eventTime), COUNT (a series' count, or count, or 1) and NAME.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const T1 = '2024-01-01T00:10:00Z';

const EVENTS = {
  apiVersion: 'v1',
  kind: 'List',
  items: [
    {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web.1' },
      involvedObject: { kind: 'Pod', name: 'web', namespace: 'default', fieldPath: 'spec.containers{nginx}' },
      reason: 'Pulled',
      message: 'Container image "nginx" already present on machine\n',
      type: 'Normal',
      source: { component: 'kubelet', host: 'node-1' },
      firstTimestamp: '2024-01-01T00:01:00Z',
      lastTimestamp: '2024-01-01T00:07:00Z',
      count: 4,
    },
    {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: 'web.2' },
      involvedObject: { kind: 'Deployment', name: 'web', namespace: 'default' },
      reason: 'ScalingReplicaSet',
      message: 'Scaled up replica set web-1 to 1',
      type: 'Normal',
      eventTime: '2024-01-01T00:02:00.000000Z',
      reportingComponent: 'deployment-controller',
      reportingInstance: 'cp-1',
      action: 'Scale',
    },
  ],
};

describe.skipIf(!available)('kubectl get events over ssa-sim serve', () => {
  const c = tableCluster(async ({ k }) => {
    await createAll(k, 'events.json', JSON.stringify(EVENTS));
  }, { read: T1 });

  it('LAST SEEN, TYPE, REASON, OBJECT, MESSAGE', { timeout: 60_000 }, async () => {
    expect(await c.k.run(['get', 'events'])).toEqual({
      code: 0,
      stdout: [
        'LAST SEEN   TYPE     REASON              OBJECT           MESSAGE',
        '3m          Normal   Pulled              pod/web          Container image "nginx" already present on machine',
        '8m          Normal   ScalingReplicaSet   deployment/web   Scaled up replica set web-1 to 1',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('-o wide adds SUBOBJECT, SOURCE, FIRST SEEN, COUNT and NAME', { timeout: 60_000 }, async () => {
    expect((await c.k.run(['get', 'events', '-o', 'wide'])).stdout).toBe(
      [
        'LAST SEEN   TYPE     REASON              OBJECT           SUBOBJECT                SOURCE                        MESSAGE                                              FIRST SEEN   COUNT   NAME',
        '3m          Normal   Pulled              pod/web          spec.containers{nginx}   kubelet, node-1               Container image "nginx" already present on machine   9m           4       web.1',
        '8m          Normal   ScalingReplicaSet   deployment/web                            deployment-controller, cp-1   Scaled up replica set web-1 to 1                     8m           1       web.2',
        '',
      ].join('\n'),
    );
  });

  it('the Table declares the printer\'s columns', async () => {
    const table = await call(c.server, 'GET', '/api/v1/namespaces/default/events', undefined, { Accept: 'application/json;as=Table;g=meta.k8s.io;v=v1' });
    expect(table.json.columnDefinitions.map((c: any) => [c.name, c.type, c.format, c.priority, c.description])).toEqual([
      ['Last Seen', 'string', '', 0, 'The time at which the most recent occurrence of this event was recorded.'],
      ['Type', 'string', '', 0, 'Type of this event (Normal, Warning), new types could be added in the future'],
      ['Reason', 'string', '', 0, "This should be a short, machine understandable string that gives the reason for the transition into the object's current status."],
      ['Object', 'string', '', 0, 'The object that this event is about.'],
      ['Subobject', 'string', '', 1, expect.stringContaining('If referring to a piece of an object instead of an entire object')],
      ['Source', 'string', '', 1, 'The component reporting this event. Should be a short machine understandable string.'],
      ['Message', 'string', '', 0, 'A human-readable description of the status of this operation.'],
      ['First Seen', 'string', '', 1, 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)'],
      ['Count', 'string', '', 1, 'The number of times this event has occurred.'],
      ['Name', 'string', 'name', 1, expect.stringContaining('Name must be unique within a namespace.')],
    ]);
  });
});
