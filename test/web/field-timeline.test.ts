/**
 * A field's history in the playground gives the owners of the field itself, as blame's
 * `fieldOwners` and explain do, not those of the list item that starts on the same line: after
 * carol forces the image of a container whose YAML starts with `- image:`, the image is carol's
 * alone, while the item is shared with bob.
 */
import { describe, expect, it } from 'vitest';
import { fieldTimeline } from '../../src/web/field-timeline.js';
import { startSession } from '../../src/web/session.js';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { blameLines } from '../../src/scenarios/blame.js';
import { snapshotAtPosition } from '../../src/web/session.js';

const SCENARIO = `name: image first
steps:
  - title: bob applies
    server-side-apply:
      fieldManager: bob
      manifests: |
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - image: nginx:1
                name: web
  - title: carol takes the image
    server-side-apply:
      fieldManager: carol
      force: true
      manifests: |
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          template:
            spec:
              containers:
              - image: nginx:2
                name: web
`;

describe('a field\'s history: the field\'s own owners', () => {
  it('the image is carol\'s alone after she takes it, though the item starting on its line is shared', () => {
    const file = 'scenarios/image-first.yaml';
    const s = startSession(SCENARIO, file, libraryEnvironment(new Map([[file, SCENARIO]]), file));
    const display = 'deployment.apps/web -n default';
    const path = '.spec.template.spec.containers[name="web"].image';
    const view = snapshotAtPosition(s, 2)!.objects.find((o) => o.display === display)!;
    const line = blameLines(view.object, view.owners, view.type.get()).find((l) => l.path === path)!;
    // The line starts the item: blame gives the field's owners and the item's apart.
    expect(line.text.trim()).toBe('- image: nginx:2');
    expect(line.fieldOwners.map((e) => e.manager)).toEqual(['carol']);
    expect(line.item!.owners.map((e) => e.manager).sort()).toEqual(['bob', 'carol']);
    const points = fieldTimeline(s, display, path);
    expect(points[2].owners!.map((o) => o.label)).toEqual(['carol']);
    expect(points[1].owners!.map((o) => o.label)).toEqual(['bob']);
  });
});

describe('a step\'s marks reach the line where a list item starts', () => {
  it('a 409 on a duplicated item marks its lines', async () => {
    const { marksOf, objectModel } = await import('../../src/web/page-model.js');
    const { liveCluster } = await import('../../src/scenarios/offline-apply.js');
    const { clusterView } = await import('../../src/scenarios/cluster-mode.js');
    const { loadSchemaSources } = await import('../../src/schema/catalog.js');
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: 'p',
        namespace: 'default',
        managedFields: [
          { manager: 'alice', operation: 'Update', apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': { 'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:env': { '.': {}, 'k:{"name":"X"}': {} } } } } } },
        ],
      },
      spec: { containers: [{ name: 'app', image: 'nginx', env: [{ name: 'X', value: '1' }, { name: 'X', value: '2' }] }] },
    };
    const view = clusterView(liveCluster(loadSchemaSources({ builtin: true }), [pod as never], '2026-01-10T00:00:00Z')).objects[0];
    const item = '.spec.containers[name="app"].env[name="X"]';
    const model = objectModel(view, undefined, new Map(), marksOf([{ path: item, manager: 'alice' }], []));
    const marked = model.rows.filter((r) => r.mark?.kind === 'conflict').map((r) => r.text.trim());
    expect(marked).toEqual(['- name: X', '- name: X']);
  });
});
