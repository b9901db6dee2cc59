/**
 * A field its last owner stops applying is pruned, and the API server may write it again:
 * a Deployment's replicas comes back as the default, 1 (scenarios/shared-field-release.yaml,
 * step 5; kubernetes#67135). The ownership line said "nobody owns it now, but it stays in the
 * object" there, while the value went from 3 to 1 and the step's own explanation says it was
 * pruned. A released field whose value is not the one it had says that its value changed; one
 * whose value is the same (a field the server writes again as it was) still stays.
 */
import { describe, expect, it } from 'vitest';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import type { OwnerEntry } from '../../src/scenarios/owners.js';
import type { Value } from '../../src/value/value.js';
import { runCli } from '../cli/run-io.js';

const replicas = [fieldElement('spec'), fieldElement('replicas')];
const teamB = (paths: (typeof replicas)[]): OwnerEntry => ({ manager: 'team-b', operation: 'Apply', apiVersion: 'apps/v1', subresource: '', time: undefined, set: FieldSet.fromPaths(paths) });
const deployment = (n: number): Value => ({ spec: { replicas: n } });

describe('a released field whose value changed', () => {
  it('says its value changed, not that it stays', () => {
    const lines = ownershipChanges([teamB([replicas])], [], deployment(3), deployment(1));
    expect(lines.map((l) => [l.kind, l.text])).toEqual([
      ['released-changed', 'team-b released .spec.replicas: nobody owns it now, and its value changed'],
      ['entry-gone', 'team-b no longer owns any field: its managedFields entry is gone'],
    ]);
  });

  it('a field with the same value stays, as before', () => {
    const lines = ownershipChanges([teamB([replicas])], [], deployment(3), deployment(3));
    expect(lines[0].text).toBe('team-b released .spec.replicas: nobody owns it now, but it stays in the object');
  });

  it('a map or list released is about its own key, never its contents: it stays', () => {
    const spec = [fieldElement('spec')];
    const lines = ownershipChanges([teamB([spec])], [], deployment(3), deployment(1));
    expect(lines[0].text).toBe('team-b released .spec: nobody owns it now, but it stays in the object');
  });

  it('scenarios/shared-field-release.yaml, step 5, as run prints it', async () => {
    const r = await runCli(['run', 'scenarios/shared-field-release.yaml']);
    expect(r.code).toBe(0);
    const step5 = r.stdout.slice(r.stdout.indexOf('Step 5/5'));
    expect(step5).toContain('      team-b released .spec.replicas: nobody owns it now, and its value changed\n');
  });
});
