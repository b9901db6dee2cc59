/**
 * A marked line names the managedFields entries the step is about as the line's owners name
 * them: a 409 on a field owned by `m`'s Update entry and one on a field owned by its Apply entry
 * read "409: conflicts with m (Update)" and "409: conflicts with m (Apply)", as the owner tags do
 * (and as the 409 itself tells them apart: `"m" using v1` and `"m"`). The mark said
 * "conflicts with m" on both, so two entries of one manager looked the same; a conflict with a
 * subresource's entry left out the subresource the 409 names.
 */
import { describe, expect, it } from 'vitest';
import { fieldTimeline } from '../../src/web/field-timeline.js';
import { pageModel } from '../../src/web/page-model.js';
import { runSessionTo, startSession } from '../../src/web/session.js';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { libraryFromDisk } from './library.js';

const files = libraryFromDisk();

function run(text: string, pos: number) {
  const file = 'scenarios/row-mark-entries.yaml';
  return pageModel(runSessionTo(startSession(text, file, libraryEnvironment(files, file)), pos), pos);
}

const TWO_ENTRIES = `name: two entries of one manager
description: m applies a, then merge-patches b; other applies both.
clock: {start: "2024-03-01T12:00:00Z", tick: 1m}
steps:
  - title: m applies a
    request:
      verb: apply
      body: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {a: "1"}}
      options: {fieldManager: m}
  - title: m patches b
    request:
      verb: patch
      target: {apiVersion: v1, kind: ConfigMap, namespace: default, name: c}
      patchType: merge
      patch: {data: {b: "2"}}
      options: {fieldManager: m}
  - title: other applies a and b
    request:
      verb: apply
      body: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {a: "x", b: "y"}}
      options: {fieldManager: other}
    expect:
      error: "Apply failed with 2 conflicts: conflicts with \\"m\\":\\n- .data.a\\nconflicts with \\"m\\" using v1:\\n- .data.b"
`;

describe("a marked line names the entry, as the line's owners do", () => {
  it('a 409 on fields of two entries of one manager: each mark names its entry', () => {
    const m = run(TWO_ENTRIES, 3);
    expect(m.result?.error).toContain('conflicts with "m" using v1');
    const row = (path: string) => m.object!.rows.find((r) => r.path === path)!;
    expect(row('.data.a').owners.map((o) => o.label)).toEqual(['m (Apply)']);
    expect(row('.data.b').owners.map((o) => o.label)).toEqual(['m (Update)']);
    expect(row('.data.a').mark).toEqual({ kind: 'conflict', text: '409: conflicts with m (Apply)' });
    expect(row('.data.b').mark).toEqual({ kind: 'conflict', text: '409: conflicts with m (Update)' });
  });

  it("a 409 on a field a subresource's entry owns names the subresource, as the owner tag does", () => {
    // scenarios/kubernetes-tests/scale-subresource.yaml has such a conflict; find its step.
    const file = 'scenarios/kubernetes-tests/scale-subresource.yaml';
    const text = files.get(file)!;
    let s = startSession(text, file, libraryEnvironment(files, file));
    s = runSessionTo(s, s.scenario!.steps.length);
    const checked: string[] = [];
    for (let pos = 1; pos <= s.steps.length; pos++) {
      const m = pageModel(s, pos);
      for (const c of m.result?.conflicts ?? []) {
        if (c.owner === undefined || !c.owner.includes('with subresource')) continue;
        const row = m.object!.rows.find((r) => r.path === c.path)!;
        const tags = row.owners.filter((o) => o.manager === c.manager).map((o) => o.label);
        expect(tags.length, `${pos} ${c.path}`).toBe(1);
        expect(row.mark?.text, `${pos} ${c.path}`).toContain(`conflicts with ${tags[0]}`);
        checked.push(`${pos} ${c.path}`);
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});

describe('a line whose owners did not change is not marked as changed', () => {
  it("when its owner's manager gains a second entry (its name then says which), the line keeps its owner", () => {
    // Step 2: m's merge patch gives m an Update entry for .data.b; .data.a stays with m's Apply entry.
    const m = run(TWO_ENTRIES, 2);
    const row = (path: string) => m.object!.rows.find((r) => r.path === path)!;
    expect(row('.data.a').owners.map((o) => o.label)).toEqual(['m (Apply)']);
    expect(row('.data.a').changed).toBe(false);
    expect(row('.data.b').changed).toBe(true);
    const file = 'scenarios/row-mark-entries.yaml';
    const s = runSessionTo(startSession(TWO_ENTRIES, file, libraryEnvironment(files, file)), 2);
    expect(fieldTimeline(s, m.object!.display, '.data.a').map((p) => p.changed)).toEqual([false, true, false, false]);
  });
});
