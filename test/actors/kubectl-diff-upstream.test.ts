/**
 * kubectl diff's own unit tests, run against the pieces of `ssa-sim diff` that do the same work:
 * the YAML each side is printed as (src/manifest/format-objects.ts, as src/cli/commands/diff.ts
 * calls it) and the masking of a Secret's data (maskSecretData in src/actors/kubectl/diff.ts).
 *
 * Upstream: k8s.io/kubectl v0.32 pkg/cmd/diff/diff_test.go — TestPrinter, TestDiffVersion and
 * TestShowManagedFields (the file texts), TestMasker (its cases as data: the Secret's data before
 * and after, and what each side shows).
 *
 * Left out: TestMasker's object_removed (a `to` that does not exist comes only from
 * `kubectl diff --prune`, which is not modelled); TestDiffProgram, TestDirectory and TestDiffer
 * (temporary directories and the external program, checked against kubectl itself in
 * test/server/kubectl-diff-compare.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { maskSecretData } from '../../src/actors/kubectl/diff.js';
import type { KubeObject } from '../../src/apiserver/types.js';
import { formatObjects } from '../../src/manifest/format-objects.js';
import type { ValueMap } from '../../src/value/value.js';

const yaml = (o: ValueMap, showManagedFields = false) => formatObjects([o as KubeObject], { output: 'yaml', showManagedFields });

describe('diff_test.go: the YAML of each side', () => {
  it('TestPrinter: keys in order, lists as block sequences', () => {
    expect(yaml({ string: 'string', list: [1, 2, 3], int: 12 })).toBe('int: 12\nlist:\n- 1\n- 2\n- 3\nstring: string\n');
  });
  it('TestDiffVersion: the merged side of an object', () => {
    expect(yaml({ merged: true })).toBe('merged: true\n');
  });
  const live = { live: true, metadata: { managedFields: 'mf-data', name: 'foo' } };
  const merged = { merged: true, metadata: { managedFields: 'mf-data', name: 'foo' } };
  it('TestShowManagedFields: without managed fields', () => {
    expect(yaml(live)).toBe('live: true\nmetadata:\n  name: foo\n');
    expect(yaml(merged)).toBe('merged: true\nmetadata:\n  name: foo\n');
  });
  it('TestShowManagedFields: with managed fields', () => {
    expect(yaml(live, true)).toBe('live: true\nmetadata:\n  managedFields: mf-data\n  name: foo\n');
    expect(yaml(merged, true)).toBe('merged: true\nmetadata:\n  managedFields: mf-data\n  name: foo\n');
  });
});

// TestMasker's cases: the Secret's top level as upstream gives it (its data, or another key), and
// what each side shows. Upstream's objects have no apiVersion and kind; the masking here is for a
// v1 Secret only (kubectl diff masks only those), so each is one.
const secret = (top: ValueMap): KubeObject => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' }, ...top }) as KubeObject;
const masker: { name: string; from: ValueMap; to: ValueMap; wantFrom: ValueMap; wantTo: ValueMap }[] = [
  {
    name: 'no_changes',
    from: { data: { username: 'abc', password: '123' } },
    to: { data: { username: 'abc', password: '123' } },
    wantFrom: { data: { username: '***', password: '***' } },
    wantTo: { data: { username: '***', password: '***' } },
  },
  {
    name: 'data_key_added',
    from: { data: { username: 'abc' } },
    to: { data: { username: 'abc', password: '123' } },
    wantFrom: { data: { username: '***' } },
    wantTo: { data: { username: '***', password: '***' } },
  },
  {
    name: 'data_key_changed',
    from: { data: { username: 'abc', password: '123' } },
    to: { data: { username: 'abc', password: '456' } },
    wantFrom: { data: { username: '***', password: '*** (before)' } },
    wantTo: { data: { username: '***', password: '*** (after)' } },
  },
  {
    name: 'data_key_removed',
    from: { data: { username: 'abc', password: '123' } },
    to: { data: { username: 'abc' } },
    wantFrom: { data: { username: '***', password: '***' } },
    wantTo: { data: { username: '***' } },
  },
  {
    name: 'empty_secret_from',
    from: {},
    to: { data: { username: 'abc', password: '123' } },
    wantFrom: {},
    wantTo: { data: { username: '***', password: '***' } },
  },
  {
    name: 'empty_secret_to',
    from: { data: { username: 'abc', password: '123' } },
    to: {},
    wantFrom: { data: { username: '***', password: '***' } },
    wantTo: {},
  },
  {
    name: 'invalid_data_key',
    from: { some_other_key: { username: 'abc', password: '123' } },
    to: { some_other_key: { username: 'abc', password: '123' } },
    wantFrom: { some_other_key: { username: 'abc', password: '123' } },
    wantTo: { some_other_key: { username: 'abc', password: '123' } },
  },
];

describe('diff_test.go TestMasker', () => {
  for (const c of masker) {
    it(c.name, () => {
      const m = maskSecretData(secret(c.from), secret(c.to));
      expect(m.live).toEqual(secret(c.wantFrom));
      expect(m.merged).toEqual(secret(c.wantTo));
    });
  }
  it('object_created: nothing live, the new Secret masked', () => {
    const m = maskSecretData(undefined, secret({ data: { username: 'abc', password: '123' } }));
    expect(m.live).toBeUndefined();
    expect(m.merged).toEqual(secret({ data: { username: '***', password: '***' } }));
  });
});
