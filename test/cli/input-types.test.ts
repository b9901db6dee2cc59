/**
 * Every value read from an input file is checked for its type where it is read: a map or a list
 * where an object's identity needs a string is an input error at FILE:line:column with the field
 * path (exit 2) in every command that reads objects, never an internal error (exit 70) or a
 * wrong answer (issue 16, item 1).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-input-types-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const GOOD = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields: []\ndata:\n  a: "1"\n';
const manifest = file('manifest.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "1"\n');

/** Live objects with one identity field replaced by a map or a list; where that value starts. */
const cases = [
  { field: 'apiVersion', text: GOOD.replace('apiVersion: v1\n', 'apiVersion:\n  x: null\n'), at: '2:3', found: 'a map' },
  { field: 'apiVersion', text: GOOD.replace('apiVersion: v1\n', 'apiVersion: [v1]\n'), at: '1:13', found: 'a list' },
  { field: 'kind', text: GOOD.replace('kind: ConfigMap\n', 'kind: {a: b}\n'), at: '2:7', found: 'a map' },
  { field: 'metadata.name', text: GOOD.replace('  name: c\n', '  name: [c]\n'), at: '4:9', found: 'a list' },
  { field: 'metadata.name', text: GOOD.replace('  name: c\n', '  name: {x: 1}\n'), at: '4:9', found: 'a map' },
  { field: 'metadata.namespace', text: GOOD.replace('  namespace: default\n', '  namespace: {x: 1}\n'), at: '5:14', found: 'a map' },
  { field: 'metadata', text: 'apiVersion: v1\nkind: ConfigMap\nmetadata: [a]\n', at: '3:11', found: 'a list' },
];

describe('a map or a list where a string belongs', () => {
  for (const c of cases) {
    for (const command of ['preview', 'blame', 'explain'] as const) {
      it(`${c.field} as ${c.found} in a live object: ${command} exits 2 at FILE:line:column`, async () => {
        const live = file(`live-${command}-${c.field}-${c.at.replace(':', '-')}.yaml`, c.text);
        const args =
          command === 'preview' ? ['preview', '-f', manifest, '--live', live] : command === 'blame' ? ['blame', live] : ['explain', live, '.data.a'];
        const r = await runCli(args);
        expect(r.stderr).toBe(`ssa-sim ${command}: ${live}:${c.at}: .${c.field}: expected a string, found ${c.found}\n`.replace('.metadata: expected a string', '.metadata: expected a map'));
        expect(r.code).toBe(2);
      });
    }
  }

  it('in the manifest, too', async () => {
    const live = file('good.yaml', GOOD);
    const bad = file('bad-manifest.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: [a]\n');
    const r = await runCli(['preview', '-f', bad, '--live', live]);
    expect(r.stderr).toBe(`ssa-sim preview: ${bad}:5:14: .metadata.namespace: expected a string, found a list\n`);
    expect(r.code).toBe(2);
  });

  it('in an item of a List: the item is named', async () => {
    const list = file('list.yaml', `apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: {x: 1}\n  metadata: {name: c}\n`);
    const r = await runCli(['blame', list]);
    expect(r.stderr).toBe(`ssa-sim blame: ${list}:5:9: items[0].kind: expected a string, found a map\n`);
    expect(r.code).toBe(2);
  });
});

describe('managedFields of a live file', () => {
  const entry = (fieldsType: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - manager: m\n    operation: Apply\n    apiVersion: v1\n${fieldsType}    fieldsV1: {f:data: {f:a: {}}}\ndata:\n  a: "1"\n`;
  const other = file('m6.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\ndata:\n  a: "2"\n');

  it('a missing fieldsType and an empty one are the same error, naming the file, the position and the object (server: §1.3)', async () => {
    const missing = file('missing-fields-type.yaml', entry(''));
    const empty = file('empty-fields-type.yaml', entry('    fieldsType: ""\n'));
    for (const command of ['preview', 'blame', 'explain'] as const) {
      const results = [];
      for (const [live, at] of [
        [missing, '7:5'],
        [empty, '10:17'],
      ] as const) {
        const args = command === 'preview' ? ['preview', '-f', other, '--live', live, '--field-manager', 'x'] : command === 'blame' ? ['blame', live] : ['explain', live, '.data.a'];
        const r = await runCli(args);
        expect(r.stderr).toBe(`ssa-sim ${command}: ${live}:${at}: configmap/c: metadata.managedFields[0].fieldsType: missing fieldsType in managed fields entry 0\n`);
        results.push(r.code);
      }
      expect(results).toEqual([2, 2]);
    }
  });

  it('any other error in an entry names the file and the object as well', async () => {
    const bad = file('bad-operation.yaml', entry('    fieldsType: FieldsV1\n').replace('operation: Apply', 'operation: Patch'));
    const r = await runCli(['preview', '-f', other, '--live', bad, '--field-manager', 'x']);
    expect(r.stderr).toBe(`ssa-sim preview: ${bad}:8:16: configmap/c: metadata.managedFields[0].operation: operation must be \`Apply\` or \`Update\`\n`);
    expect(r.code).toBe(2);
  });
});

describe('managedFields that no API server writes', () => {
  const live = (lines: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - manager: m\n    operation: Apply\n${lines}    fieldsType: FieldsV1\n    fieldsV1: {f:data: {f:a: {}}}\ndata:\n  a: "1"\n`;
  const other = file('m7.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\ndata:\n  a: "2"\n');
  const cases = [
    { name: 'a time that is not RFC 3339', lines: '    apiVersion: v1\n    time: yesterday\n', at: '10:11', path: 'time', message: '"yesterday" is not an RFC 3339 time such as 2024-02-24T15:24:31Z' },
    { name: 'a day that does not exist', lines: '    apiVersion: v1\n    time: "2024-02-30T00:00:00Z"\n', at: '10:11', path: 'time', message: '"2024-02-30T00:00:00Z" is not an RFC 3339 time such as 2024-02-24T15:24:31Z' },
    { name: 'a date without a time', lines: '    apiVersion: v1\n    time: 2024-01-01\n', at: '10:11', path: 'time', message: '"2024-01-01" is not an RFC 3339 time such as 2024-02-24T15:24:31Z' },
    { name: 'no apiVersion (apiserver-semantics §1.3)', lines: '    time: "2024-01-01T00:00:00Z"\n', at: '7:5', path: 'apiVersion', message: 'apiVersion must not be empty' },
  ];
  for (const c of cases) {
    it(`${c.name}: an input error at the entry in blame, explain and preview (exit 2)`, async () => {
      const f = file(`mf-${c.path}-${c.at.replace(':', '-')}-${cases.indexOf(c)}.yaml`, live(c.lines));
      for (const command of ['preview', 'blame', 'explain'] as const) {
        const args = command === 'preview' ? ['preview', '-f', other, '--live', f, '--field-manager', 'x'] : command === 'blame' ? ['blame', f] : ['explain', f, '.data.a'];
        const r = await runCli(args);
        expect(r.stderr).toBe(`ssa-sim ${command}: ${f}:${c.at}: configmap/c: metadata.managedFields[0].${c.path}: ${c.message}\n`);
        expect(r.code).toBe(2);
      }
    });
  }
});

describe('a manifest object without apiVersion or kind', () => {
  const live = file('validate-live.yaml', GOOD);
  // kubectl v1.32's own texts (kubectl apply -f, checked against a real kubectl), at the object's position.
  const cases = [
    { name: 'no apiVersion', text: 'kind: ConfigMap\nmetadata:\n  name: c\n', data: 'apiVersion not set' },
    { name: 'no kind', text: 'apiVersion: v1\nmetadata:\n  name: c\n', data: 'kind not set' },
    { name: 'neither', text: 'metadata:\n  name: c\n', data: '[apiVersion not set, kind not set]' },
    { name: 'a null apiVersion', text: 'apiVersion: null\nkind: ConfigMap\nmetadata:\n  name: c\n', data: 'apiVersion not set' },
  ];
  for (const c of cases) {
    it(`${c.name}: kubectl's validation error, with the file and line (preview, diff, explain -f)`, async () => {
      const f = file(`validate-${cases.indexOf(c)}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n---\n${c.text}`);
      const text = `${f}:6:1: error validating ${JSON.stringify(f)}: error validating data: ${c.data}; if you choose to ignore these errors, turn validation off with --validate=false`;
      for (const args of [
        ['preview', '-f', f, '--live', live],
        ['diff', '-f', f, '--live', live],
        ['explain', live, '.data.a', '-f', f, '--field-manager', 'x'],
      ]) {
        const r = await runCli(args);
        expect([r.stderr, r.code]).toEqual([`ssa-sim ${args[0]}: ${text}\n`, 2]);
      }
    });
  }
});

describe('--now that is not an RFC 3339 time', () => {
  const live = file('now-live.yaml', GOOD);
  for (const now of ['2024', 'March 7, 2024', '2024-02-30T00:00:00Z', '2024-01-01T24:00:00Z']) {
    it(`${JSON.stringify(now)}: a usage error in blame, explain, preview and diff (it was read by Date.parse, or written into managedFields as given)`, async () => {
      for (const args of [
        ['blame', live],
        ['explain', live, '.data.a'],
        ['preview', '-f', manifest, '--live', live],
        ['diff', '-f', manifest, '--live', live],
      ]) {
        const r = await runCli([...args, '--now', now]);
        expect(r.stderr.split('\n')[0]).toBe(`ssa-sim ${args[0]}: --now must be an RFC 3339 time such as 2022-08-23T10:00:00Z, not ${JSON.stringify(now)}`);
        expect(r.code).toBe(2);
      }
    });
  }
});

describe('a null item in a keyed list', () => {
  const m = file('null-item.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: a\n    image: x\n  - null\n');
  const l = file('null-item-live.yaml', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  managedFields: []\nspec:\n  containers:\n  - name: a\n    image: x\n');
  it('server-side: the API server\'s error (exit 1)', async () => {
    const r = await runCli(['preview', '-f', m, '--live', l]);
    expect(r.stderr).toContain('associative list with keys may not have a null element');
    expect(r.code).toBe(1);
  });
  // kubectl's patcher tries the OpenAPI v3 and v2 documents, then its compiled-in types, warning
  // after each failed try (test/server/kubectl-patch-compute-errors.test.ts compares with real kubectl)
  const reason = 'list element types are not identical: [[map[image:x name:a]] [map[image:x name:a] <nil>]]';
  const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const warnings = `warning: error calculating patch from openapi v3 spec: ${reason}\nwarning: error calculating patch from openapi spec: ${reason}\n`;
  it('--client-side: kubectl cannot compute its patch, said as kubectl says it (exit 1, never 70)', async () => {
    const r = await runCli(['preview', '-f', m, '--live', l, '--client-side']);
    expect(r.stderr).toContain(warnings);
    expect(r.stderr).toMatch(
      new RegExp(`\nerror: error when applying patch:\n\nto:\n[^]*\nfor: "${quoted(m)}": error when patching "${quoted(m)}": creating patch with:\noriginal:\n[^]*\nmodified:\n[^]*\n\ncurrent:\n[^]*\n\nfor:: ${quoted(reason)}\n$`),
    );
    expect(r.code).toBe(1);
  });
  it('diff: kubectl diff computes the same patch and says the same (exit above 1)', async () => {
    const r = await runCli(['diff', '-f', m, '--live', l]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      new RegExp(`^${quoted(warnings)}error: error when patching "${quoted(m)}": creating patch with:\noriginal:\n\nmodified:\n[^]*\n\ncurrent:\n[^]*\n\nfor:: ${quoted(reason)}\n$`),
    );
    expect(r.code).toBe(2);
  });
});
