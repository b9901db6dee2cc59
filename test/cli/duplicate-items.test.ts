/**
 * Duplicated items of a keyed list are owned as one (engine-semantics §4.2: the engine's field
 * set holds a duplicated key once, with nothing under it): a manager owning the item owns every
 * copy's fields with it, and an apply that changes them conflicts on the item (checked with
 * preview, the API server's answer). blame and explain say so; an item written by position is
 * read as its key, and explain says the key names several items.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-duplicates-');

const LIVE = `apiVersion: v1
kind: Pod
metadata:
  name: p
  namespace: default
  managedFields:
  - manager: alice
    operation: Update
    apiVersion: v1
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:containers:
          k:{"name":"app"}:
            .: {}
            f:env:
              .: {}
              k:{"name":"X"}: {}
spec:
  containers:
  - name: app
    image: nginx
    env:
    - name: X
      value: "1"
    - name: X
      value: "2"
`;
const live = join(dir, 'pod.yaml');
const manifest = join(dir, 'x3.yaml');
writeFileSync(live, LIVE);
writeFileSync(manifest, 'apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: default}\nspec:\n  containers:\n  - name: app\n    image: nginx\n    env:\n    - name: X\n      value: "3"\n');
const now = ['--now', '2026-01-10T00:00:00Z'];

describe('duplicated keyed items are owned as one', () => {
  it('the API server: changing a copy\'s value conflicts with the item\'s owner', async () => {
    const p = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'carol']);
    expect(p.stderr).toContain('conflict with "alice" using v1: .spec.containers[name="app"].env[name="X"]\n');
  });

  it('blame: every copy\'s lines are the item\'s owner\'s', async () => {
    const r = await runCli(['blame', live, '--time', 'none', '--color', 'never']);
    expect(r.stdout).toContain('alice (Update) |     - name: X\nalice (Update) |       value: "1"\nalice (Update) |     - name: X\nalice (Update) |       value: "2"\n');
  });

  it('explain: owned as part of the item, not "nobody owns it"', async () => {
    const r = await runCli(['explain', live, '.spec.containers[name="app"].env[name="X"].value', ...now]);
    expect(r.stdout).not.toContain('nobody owns it');
    expect(r.stdout).toContain('  owned as part of .spec.containers[name="app"].env[name="X"] (2 items with this key: the engine owns them as one item, nothing under it apart) by alice (Update at v1, since 2026-01-01T00:00:00Z, 9d ago)\n');
  });

  it('explain by position: the asked copy\'s value, and the key names two items', async () => {
    const r = await runCli(['explain', live, '.spec.containers[0].env[1].value', ...now]);
    expect(r.stdout).toContain('  value: "2"\n');
    expect(r.stdout).toContain('  .spec.containers[name="app"].env[name="X"] names 2 items of the list (duplicates): this is the one at position 1.\n');
  });
});
