/**
 * apimachinery's own strategic merge patch tables, run against the patches kubectl's client-side
 * apply and edit compute here (src/actors/kubectl/three-way-patch.ts) and against the API
 * server's patch application (src/apiserver/patch/strategic-merge-patch.ts).
 *
 * Upstream: k8s.io/apimachinery v0.32.13 pkg/util/strategicpatch/patch_test.go. The data files
 * beside this test (test/actors/strategicpatch/) are its tables, as data:
 * - create-cases.yaml: createStrategicMergePatchTestCaseData (TestStrategicMergePatch);
 * - raw-cases.yaml: strategicMergePatchRawTestCases (TestStrategicMergePatch), each Go
 *   `[]byte(...)` YAML text kept as a block scalar;
 * - custom-cases.yaml, custom-raw-cases.yaml: customStrategicMergePatchTestCaseData and
 *   customStrategicMergePatchRawTestCases (TestCustomStrategicMergePatch: patch application only);
 * - raw-extension-cases.yaml: replaceRawExtensionPatchTestCases (TestReplaceWithRawExtension);
 * - TestNumberConversion's cases (below, as JSON texts) with swagger-precision-item-v3.json:
 *   numbers up to int64's and float64's limits keep every digit through patch and application;
 * - swagger-merge-item-v3.json: pkg/util/strategicpatch/testdata/swagger-merge-item-v3.json (the OpenAPI v3 one: the v2 one's
 *   retainKeysMergeItem.simpleMap has `additionalProperties: "object"`, not a schema), the
 *   `mergeItem` type whose patch strategies and merge keys the tables use.
 *
 * What each case asserts, as TestStrategicMergePatch does:
 * - two-way: CreateTwoWayMergePatch(original, modified) is `twoWay`; that patch applied to
 *   `original` gives `twoWayResult`, or `modified` when there is none;
 * - three-way: CreateThreeWayMergePatch(original, modified, current, overwrite) is `threeWay`;
 *   applied to `current` it gives `result` (or fails with a message containing `expectedError`).
 * The YAML tables' documents are first put in the order sortMergeListsByName gives them (merged
 * lists by merge key, `$deleteFromPrimitiveList` and `$retainKeys` values by their text), as the
 * upstream test does; the raw cases are compared as written.
 *
 * Left out:
 * - CreateThreeWayMergePatch with overwrite=false, which reports a conflict when `current`
 *   changed a field the patch changes: kubectl apply always computes with overwrite (its
 *   `--overwrite` flag defaults to true), so the model computes only the overwriting patch. The
 *   upstream cases whose description says "conflict" are checked with overwrite, as upstream
 *   does when they have a result (all of them have one in v0.32.13).
 * - the bad-argument errors (a struct that is not a struct, bytes that are not JSON): the model
 *   takes decoded values.
 * - TestSortMergeLists: it checks the test's own normalizer, not a patch.
 * - TestUnknownField: its "diff" case (an unknown map that changed fails the patch) is compared
 *   with real kubectl in test/server/kubectl-patch-compute-errors.test.ts; its other cases need
 *   a schema that knows no field, which the model's metadata treats as no metadata at all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { patchMetaFromAtom, type PatchMetaNode } from '../../src/actors/kubectl/patch-meta.js';
import { threeWayStrategicMergePatch, twoWayStrategicMergePatch } from '../../src/actors/kubectl/three-way-patch.js';
import { applyStrategicMergePatch } from '../../src/apiserver/patch/strategic-merge-patch.js';
import { goSprint } from '../../src/apiserver/patch/go-sprint.js';
import { catalogFromOpenApi } from '../../src/schema/catalog.js';
import type { Atom } from '../../src/schema/schema.js';
import { isList, isMap, type Value, type ValueMap } from '../../src/value/value.js';
import { parseJsonExact } from '../../src/value/parse-json.js';
import { toValue } from '../../src/apiserver/object-paths.js';
import { encodeGoJson } from '../../src/fieldpath/json-text.js';

const dir = join(import.meta.dirname, 'strategicpatch');
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

const mergeItem: Atom = catalogFromOpenApi(JSON.parse(read('swagger-merge-item-v3.json')) as Value, 'swagger-merge-item-v3.json').schema.named('mergeItem');
const meta: PatchMetaNode = patchMetaFromAtom(mergeItem);

interface Case {
  readonly description: string;
  readonly original?: Value;
  readonly modified?: Value;
  readonly current?: Value;
  readonly twoWay?: Value;
  readonly threeWay?: Value;
  readonly result?: Value;
  readonly twoWayResult?: Value;
  readonly expectedError?: string;
}

/** A YAML table: `testCases` whose fields are documents. */
function tableCases(name: string): Case[] {
  return (parseYaml(read(name)) as { testCases: Case[] }).testCases;
}

const DOCS = ['original', 'modified', 'current', 'twoWay', 'threeWay', 'result', 'twoWayResult'] as const;

/** A raw table: each document is YAML text (empty text: no document, as Go's nil bytes). */
function rawCases(name: string): Case[] {
  return (parseYaml(read(name)) as { testCases: Record<string, string>[] }).testCases.map((c) => {
    const out: Record<string, Value | string> = { description: c.description! };
    for (const k of DOCS) if (c[k] !== undefined && c[k].trim() !== '') out[k] = (parseYaml(c[k]) as Value) ?? null;
    if (c.expectedError !== undefined) out.expectedError = c.expectedError;
    return out as unknown as Case;
  });
}

/** Go's `%v` order of two scalars or merge-key values (strategicpatch compares their texts). */
const byText = (a: Value | undefined, b: Value | undefined) => {
  const x = a === undefined ? '<nil>' : goSprint(a);
  const y = b === undefined ? '<nil>' : goSprint(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** strategicpatch's sortMergeListsByName, the upstream test's normalizer of the YAML tables. */
function sortMergeLists(v: ValueMap, node: PatchMetaNode): ValueMap {
  const out: ValueMap = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === '$retainKeys' || k.startsWith('$deleteFromPrimitiveList/')) out[k] = (x as Value[]).slice().sort(byText);
    else if (k.startsWith('$setElementOrder/') || k === '$patch') out[k] = x;
    else if (isMap(x)) out[k] = sortMergeLists(x, node.field(k)?.node ?? emptyNode);
    else if (isList(x)) {
      const f = node.field(k);
      out[k] = f && f.strategies.includes('merge') ? sortMergeList(x, f.node, f.mergeKey ?? '') : x;
    } else out[k] = x;
  }
  return out;
}

const emptyNode: PatchMetaNode = { field: () => undefined };

function sortMergeList(list: Value[], node: PatchMetaNode, mergeKey: string): Value[] {
  if (list.length === 0) return list;
  if (!isMap(list[0])) {
    const unique: Value[] = [];
    for (const x of list) if (!unique.some((u) => u === x)) unique.push(x);
    return unique.sort(byText);
  }
  return list.map((x) => sortMergeLists(x as ValueMap, node)).sort((a, b) => byText((a as ValueMap)[mergeKey], (b as ValueMap)[mergeKey]));
}

function sortedCase(c: Case): Case {
  const out: Record<string, unknown> = { ...c };
  for (const k of DOCS) if (isMap(c[k] ?? null)) out[k] = sortMergeLists(c[k] as ValueMap, meta);
  return out as unknown as Case;
}

const asMap = (v: Value | undefined): ValueMap => (isMap(v ?? null) ? (v as ValueMap) : {});

function applied(doc: Value | undefined, patch: ValueMap): { ok: true; value: Value } | { ok: false; message: string } {
  const r = applyStrategicMergePatch(asMap(doc), patch, mergeItem);
  return r.ok ? { ok: true, value: r.value } : { ok: false, message: r.message };
}

function checkApplication(doc: Value | undefined, patch: ValueMap, expected: Value | undefined, expectedError: string | undefined): void {
  const r = applied(doc, patch);
  if (expectedError) {
    expect(r.ok ? 'no error' : r.message).toContain(expectedError);
    return;
  }
  expect(r.ok ? r.value : r.message).toEqual(expected ?? null);
}

function runTable(title: string, cases: readonly Case[]): void {
  describe(title, () => {
    for (const c of cases) {
      it(`${c.description} / two-way`, () => {
        const patch = twoWayStrategicMergePatch(asMap(c.original), asMap(c.modified), meta);
        expect(patch).toEqual(c.twoWay ?? {});
        checkApplication(c.original, patch, c.twoWayResult ?? c.modified, c.expectedError);
      });
      if (c.result === undefined) continue; // a conflict without overwrite: left out (see the header)
      it(`${c.description} / three-way`, () => {
        const patch = threeWayStrategicMergePatch(isMap(c.original ?? null) ? (c.original as ValueMap) : undefined, asMap(c.modified), asMap(c.current), meta);
        expect(patch).toEqual(c.threeWay ?? {});
        checkApplication(c.current, patch, c.result, c.expectedError);
      });
    }
  });
}

runTable('strategicpatch createStrategicMergePatchTestCaseData', tableCases('create-cases.yaml').map(sortedCase));
runTable('strategicpatch strategicMergePatchRawTestCases', rawCases('raw-cases.yaml'));
runTable('strategicpatch replaceRawExtensionPatchTestCases', rawCases('raw-extension-cases.yaml'));

describe('strategicpatch customStrategicMergePatchTestCaseData: applying the two-way patch', () => {
  for (const c of tableCases('custom-cases.yaml').map(sortedCase)) {
    it(c.description, () => checkApplication(c.original, asMap(c.twoWay), c.twoWayResult ?? c.modified, undefined));
  }
  for (const c of rawCases('custom-raw-cases.yaml')) {
    it(`${c.description} (raw)`, () => checkApplication(c.original, asMap(c.twoWay), c.twoWayResult ?? c.modified, c.expectedError));
  }
});

describe('strategicpatch TestNumberConversion: numbers keep every digit', () => {
  const precisionItem = catalogFromOpenApi(JSON.parse(read('swagger-precision-item-v3.json')) as Value, 'swagger-precision-item-v3.json').schema.named('precisionItem');
  const precisionMeta = patchMetaFromAtom(precisionItem);
  const json = (text: string) => toValue(parseJsonExact(text)) as ValueMap;
  const cases: [string, string, string, string, string][] = [
    ['empty', '{}', '{}', '{}', '{}'],
    ['int32 medium', '{"int32":1000000}', '{"int32":1000000,"name":"newname"}', '{"name":"newname"}', '{"int32":1000000,"name":"newname"}'],
    ['int32 max', '{"int32":2147483647}', '{"int32":2147483647,"name":"newname"}', '{"name":"newname"}', '{"int32":2147483647,"name":"newname"}'],
    ['int64 medium', '{"int64":1000000}', '{"int64":1000000,"name":"newname"}', '{"name":"newname"}', '{"int64":1000000,"name":"newname"}'],
    ['int64 max', '{"int64":9223372036854775807}', '{"int64":9223372036854775807,"name":"newname"}', '{"name":"newname"}', '{"int64":9223372036854775807,"name":"newname"}'],
    ['float32 max', '{"float32":3.4028234663852886e+38}', '{"float32":3.4028234663852886e+38,"name":"newname"}', '{"name":"newname"}', '{"float32":3.4028234663852886e+38,"name":"newname"}'],
    ['float64 max', '{"float64":1.7976931348623157e+308}', '{"float64":1.7976931348623157e+308,"name":"newname"}', '{"name":"newname"}', '{"float64":1.7976931348623157e+308,"name":"newname"}'],
  ];
  for (const [name, oldText, newText, expectedPatch, expectedResult] of cases) {
    it(name, () => {
      const patch = twoWayStrategicMergePatch(json(oldText), json(newText), precisionMeta);
      expect(encodeGoJson(patch)).toBe(expectedPatch);
      const r = applyStrategicMergePatch(json(oldText), patch, precisionItem);
      expect(r.ok ? encodeGoJson(r.value) : r.message).toBe(expectedResult);
    });
  }
});
