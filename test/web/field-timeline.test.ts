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
