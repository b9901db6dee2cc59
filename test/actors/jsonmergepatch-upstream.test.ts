/**
 * apimachinery's jsonmergepatch tables — the three-way JSON merge patch `kubectl apply` sends
 * for a custom resource — run against the model (threeWayJsonMergePatch and keepOrDeleteNull in
 * src/actors/kubectl/three-way-patch.ts) and the API server's merge patch application
 * (src/apiserver/patch/merge-patch.ts).
 *
 * Upstream: k8s.io/apimachinery v0.32.13 pkg/util/jsonmergepatch/patch_test.go; the data files in
 * test/actors/jsonmergepatch/ are its tables as written: filterNullTestCaseData
 * (TestKeepOrDeleteNullInObj) and createJSONMergePatchTestCaseData
 * (TestCreateThreeWayJSONMergePatch: the patch, and `current` patched with it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { keepOrDeleteNull, threeWayJsonMergePatch } from '../../src/actors/kubectl/three-way-patch.js';
import { applyMergePatch } from '../../src/apiserver/patch/merge-patch.js';
import type { ValueMap } from '../../src/value/value.js';

const table = <T>(name: string): T[] => (parseYaml(readFileSync(join(import.meta.dirname, 'jsonmergepatch', name), 'utf8')) as { testCases: T[] }).testCases;

interface FilterNullCase {
  readonly description: string;
  readonly originalObj: ValueMap;
  readonly expectedWithNull: ValueMap;
  readonly expectedWithoutNull: ValueMap;
}

interface ThreeWayCase {
  readonly description: string;
  readonly original?: ValueMap;
  readonly modified?: ValueMap;
  readonly current?: ValueMap;
  readonly threeWay?: ValueMap;
  readonly result?: ValueMap;
}

describe('jsonmergepatch TestKeepOrDeleteNullInObj', () => {
  for (const c of table<FilterNullCase>('filter-null-cases.yaml')) {
    it(c.description, () => {
      expect(keepOrDeleteNull(c.originalObj, true)).toEqual(c.expectedWithNull);
      expect(keepOrDeleteNull(c.originalObj, false)).toEqual(c.expectedWithoutNull);
    });
  }
});

describe('jsonmergepatch TestCreateThreeWayJSONMergePatch', () => {
  for (const c of table<ThreeWayCase>('three-way-cases.yaml')) {
    it(c.description, () => {
      const patch = threeWayJsonMergePatch(c.original, c.modified ?? {}, c.current ?? {});
      expect(patch).toEqual(c.threeWay ?? {});
      expect(applyMergePatch(c.current ?? {}, patch)).toEqual(c.result ?? {});
    });
  }
});
