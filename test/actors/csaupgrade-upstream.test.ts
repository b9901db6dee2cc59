/**
 * client-go's own csaupgrade tests, run against the model of it that `kubectl apply
 * --server-side` uses (src/actors/kubectl/csa-upgrade.ts).
 *
 * Upstream: k8s.io/client-go v0.32.9 util/csaupgrade/upgrade_test.go. The data files beside this
 * test (test/actors/csaupgrade/) are its tables, as data:
 * - find-owners-cases.yaml: TestFindOwners (managedFields, operation, the field paths sought,
 *   the managers expected, in any order as upstream's ElementsMatch compares them);
 * - upgrade-cases.yaml: TestUpgradeCSA (CSA managers, SSA manager, the Subresource option, the
 *   object before and after UpgradeManagedFields).
 *
 * Left out: upstream's check that UpgradeManagedFieldsPatch's JSON patch, applied to the object,
 * gives the upgraded object; the actor builds that patch from the upgraded entries
 * (replace /metadata/managedFields, replace /metadata/resourceVersion) and real kubectl's bytes
 * for it are compared in test/server/kubectl-compare.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { findFieldsOwners, upgradeManagedFields } from '../../src/actors/kubectl/csa-upgrade.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import type { Value, ValueMap } from '../../src/value/value.js';

const dir = join(import.meta.dirname, 'csaupgrade');
const table = <T>(name: string): T[] => (parseYaml(readFileSync(join(dir, name), 'utf8')) as { testCases: T[] }).testCases;

interface FindOwnersCase {
  readonly name: string;
  readonly operation: 'Apply' | 'Update';
  readonly fields: string[][];
  readonly expectation: string[];
  readonly managedFieldsYAML: string;
}

interface UpgradeCase {
  readonly name: string;
  readonly csaManagers: string[];
  readonly ssaManager: string;
  readonly subresource?: string;
  readonly originalObject: string;
  readonly expectedObject: string;
}

describe('csaupgrade TestFindOwners', () => {
  for (const c of table<FindOwnersCase>('find-owners-cases.yaml')) {
    it(c.name, () => {
      const entries = (parseYaml(c.managedFieldsYAML) as { managedFields: Value[] }).managedFields;
      const owners = findFieldsOwners(entries, c.operation, c.fields.map((p) => p.map(fieldElement)));
      expect(owners.slice().sort()).toEqual(c.expectation.slice().sort());
    });
  }
});

describe('csaupgrade TestUpgradeCSA', () => {
  for (const c of table<UpgradeCase>('upgrade-cases.yaml')) {
    it(c.name, () => {
      const original = parseYaml(c.originalObject) as ValueMap;
      const expected = parseYaml(c.expectedObject) as ValueMap;
      const metadata = original.metadata as ValueMap;
      const entries = metadata.managedFields as Value[];
      const upgraded = upgradeManagedFields(entries, c.csaManagers, c.ssaManager, c.subresource ?? '');
      const result: ValueMap = { ...original, metadata: { ...metadata, managedFields: upgraded ?? entries } };
      expect(result).toEqual(expected);
      // nothing to do is said as nothing (kubectl then sends no patch)
      expect(upgraded === undefined).toBe(JSON.stringify(entries) === JSON.stringify((expected.metadata as ValueMap).managedFields));
    });
  }
});
