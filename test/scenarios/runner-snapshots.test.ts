import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FieldSet } from '../../src/fieldpath/set.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { modeRunner, parseScenario, runScenario, snapshotAt } from '../../src/scenarios/index.js';
import { ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import type { OwnerEntry } from '../../src/scenarios/owners.js';

const text = `name: three steps
mode: engine
steps:
  - apply: {manager: a, apiVersion: v1, object: {x: 1, z: 1}}
  - update: {manager: b, apiVersion: v1, object: {x: 2, z: 1}}
  - apply: {manager: a, apiVersion: v1, object: {z: 1}}
`;

describe('the runner keeps one frozen snapshot per step', () => {
  const scenario = parseScenario(text, 's.yaml');
  const run = runScenario(scenario, modeRunner(scenario, { readFile: () => '' }));

  it('stepping back gives the earlier state, stepping forward the later one', () => {
    expect(snapshotAt(run, -1).objects[0].object).toBeNull();
    expect(snapshotAt(run, 0).objects[0].object).toEqual({ x: 1, z: 1 });
    expect(snapshotAt(run, 1).objects[0].object).toEqual({ x: 2, z: 1 });
    expect(snapshotAt(run, 2).objects[0].object).toEqual({ x: 2, z: 1 });
    expect(snapshotAt(run, 0).objects[0].owners.map((o) => o.manager)).toEqual(['a']);
    expect(snapshotAt(run, 1).objects[0].owners.map((o) => o.manager)).toEqual(['a', 'b']);
    // And back again: nothing later changed what an earlier step saw.
    expect(snapshotAt(run, 0).objects[0].object).toEqual({ x: 1, z: 1 });
  });

  it("each step starts from the previous step's snapshot, and snapshots are frozen", () => {
    expect(run.steps[1].before).toBe(run.steps[0].after);
    const snap = snapshotAt(run, 0);
    expect(Object.isFrozen(snap)).toBe(true);
    expect(Object.isFrozen(snap.objects[0])).toBe(true);
    expect(() => {
      (snap.objects[0].object as { x: number }).x = 99;
    }).toThrow(TypeError);
  });

  it('reports what changed in ownership at each step', () => {
    expect(run.steps[1].changes[0].changes.map((c) => c.text)).toEqual(['b took .x from a']);
    expect(run.steps[2].changes).toEqual([]);
  });
});

describe('snapshots a run shares with nobody are not frozen', () => {
  const eks = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scenarios', 'eks-vpc-cni-addon.yaml'), 'utf8');
  const env = (freezeSnapshots?: boolean) => ({ readFile: () => '', ...(freezeSnapshots === undefined ? {} : { freezeSnapshots }) });

  it('freezeSnapshots: false (the command line): the same run, nothing frozen; the default freezes', () => {
    const scenario = parseScenario(eks, 'eks.yaml');
    const plain = runScenario(scenario, modeRunner(scenario, env(false)));
    const frozen = runScenario(scenario, modeRunner(scenario, env()));
    expect(Object.isFrozen(plain.steps[3].after)).toBe(false);
    expect(Object.isFrozen(plain.steps[3].after.objects[0].object)).toBe(false);
    expect(Object.isFrozen(frozen.steps[3].after)).toBe(true);
    expect(Object.isFrozen(frozen.steps[3].after.objects[0].object)).toBe(true);
    const shown = (run: typeof plain) => run.steps.map((s) => [s.result, s.after.objects.map((o) => [o.display, o.object]), s.changes.map((c) => c.changes.map((x) => x.text)), s.passed]);
    expect(shown(plain)).toEqual(shown(frozen));
    expect(plain.passed).toBe(true);
  });

  it('the engine mode too', () => {
    const scenario = parseScenario(text, 's.yaml');
    const plain = runScenario(scenario, modeRunner(scenario, env(false)));
    expect(Object.isFrozen(plain.steps[0].after)).toBe(false);
    expect(plain.steps.map((s) => s.after.objects[0].object)).toEqual(run3().steps.map((s) => s.after.objects[0].object));
  });
});

function run3() {
  const scenario = parseScenario(text, 's.yaml');
  return runScenario(scenario, modeRunner(scenario, { readFile: () => '' }));
}

function entry(manager: string, paths: string[], operation: 'Apply' | 'Update' = 'Apply', subresource = ''): OwnerEntry {
  return { manager, operation, apiVersion: 'v1', subresource, time: undefined, set: FieldSet.fromPaths(paths.map((p) => p.split('.').filter(Boolean).map(fieldElement))) };
}

describe('ownership changes in plain words', () => {
  it('took, shares, owns', () => {
    const before = [entry('csa', ['.a', '.b', '.c', '.d', '.e'], 'Update')];
    const after = [entry('csa', ['.b', '.c', '.d', '.e'], 'Update'), entry('eks', ['.a', '.b', '.c', '.d', '.e', '.f'])];
    expect(ownershipChanges(before, after, null, null).map((c) => c.text)).toEqual([
      'eks took .a from csa',
      'eks now shares 4 fields with csa',
      'eks now owns .f',
    ]);
  });

  it('gave up, released, removed, entry gone', () => {
    const before = [entry('a', ['.x', '.y', '.z']), entry('b', ['.x'])];
    const after = [entry('b', ['.x'])];
    const obj = { x: 1, y: 2 };
    expect(ownershipChanges(before, after, { x: 1, y: 2, z: 3 }, obj).map((c) => c.text)).toEqual([
      'a gave up .x; b still owns it',
      'a released .y: nobody owns it now, but it stays in the object',
      'removed .z: no manager left',
      'a no longer owns any field: its managedFields entry is gone',
    ]);
  });

  it('a line on a topmost path covers the fields under it, whether the paths are listed or counted', () => {
    // Two subtrees (listed, one line each) and thirteen (counted, one line): the same fields either way.
    const few = ownershipChanges([entry('a', ['.p', '.p.q', '.p.r', '.s', '.s.t'])], [], { p: { q: 1, r: 2 }, s: { t: 3 } }, {});
    expect(few.map((c) => [c.text, c.fields.length])).toEqual([
      ['removed .p (and 2 fields under it): no manager left', 3],
      ['removed .s (and 1 field under it): no manager left', 2],
      ['a no longer owns any field: its managedFields entry is gone', 0],
    ]);
    const tops = 'abcdefghijklm'.split('').map((c) => `.${c}`);
    const many = ownershipChanges([entry('a', tops.flatMap((t) => [t, `${t}.x`]))], [], Object.fromEntries(tops.map((t) => [t.slice(1), { x: 1 }])), {});
    expect(many[0].text).toBe('removed 26 fields: no manager left');
    expect(many[0].fields.length).toBe(26);
  });

  it('names entries of the same manager apart', () => {
    const before = [entry('kubectl', ['.a'], 'Update')];
    const after = [entry('kubectl', ['.a']), entry('kubectl', [], 'Update')].filter((e) => !e.set.isEmpty());
    expect(ownershipChanges(before, after, { a: 1 }, { a: 1 }).map((c) => c.text)).toEqual([
      'kubectl (Apply) took .a from kubectl (Update)',
      'kubectl (Update) no longer owns any field: its managedFields entry is gone',
    ]);
    const scale = [entry('kube-controller-manager', ['.spec.replicas'], 'Update', 'scale')];
    expect(ownershipChanges([entry('kubectl', ['.spec.replicas'])], scale, {}, {}).map((c) => c.text)[0]).toBe(
      'kube-controller-manager (/scale) took .spec.replicas from kubectl',
    );
  });
});
