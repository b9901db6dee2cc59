/**
 * Bytes that are not text: kubectl reads YAML with go-yaml, which refuses bytes that are not
 * UTF-8 and control characters ("yaml: invalid leading UTF-8 octet", "control characters are not
 * allowed"). ssa-sim used to read such files with Node's lenient decoder, turning each bad byte
 * into U+FFFD and answering about a value nobody wrote. Every command that reads a file or
 * standard input now refuses them at FILE:line:column (exit 2).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-input-encoding-'));
const file = (name: string, content: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, content);
  return p;
};

const LIVE = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - manager: m\n    operation: Apply\n    apiVersion: v1\n    fieldsType: FieldsV1\n    fieldsV1: {f:data: {f:a: {}}}\ndata:\n  a: "VALUE"\n';
const MANIFEST = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\ndata:\n  a: "VALUE"\n';
const SCENARIO = 'name: n\nsteps:\n  - kubectl-apply:\n      manifests: |\n        apiVersion: v1\n        kind: ConfigMap\n        metadata: {name: c, namespace: default}\n        data: {a: "VALUE"}\n';

/** The text with VALUE replaced by the given bytes (after an "x", so the column is VALUE's plus one). */
const withBytes = (text: string, bytes: number[]) => {
  const [before, after] = text.split('VALUE');
  return Buffer.concat([Buffer.from(before + 'x'), Buffer.from(bytes), Buffer.from(after)]);
};

const BAD = [
  { what: 'a byte that starts no UTF-8 character', bytes: [0xff], message: 'not UTF-8 text: byte 0xff (save the file as UTF-8)' },
  { what: 'a cut-off UTF-8 sequence', bytes: [0xc3], message: 'not UTF-8 text: byte 0xc3 (save the file as UTF-8)' },
  { what: 'an overlong encoding', bytes: [0xc0, 0xaf], message: 'not UTF-8 text: byte 0xc0 (save the file as UTF-8)' },
  { what: 'an encoded surrogate', bytes: [0xed, 0xa0, 0x80], message: 'not UTF-8 text: byte 0xed (save the file as UTF-8)' },
  { what: 'a control character', bytes: [0x01], message: 'control character U+0001 is not allowed in YAML (write "\\u0001" in a double-quoted string)' },
  { what: 'DEL', bytes: [0x7f], message: 'control character U+007F is not allowed in YAML (write "\\u007F" in a double-quoted string)' },
  { what: 'a C1 control character', bytes: [0xc2, 0x80], message: 'control character U+0080 is not allowed in YAML (write "\\u0080" in a double-quoted string)' },
];

describe('bytes that are not text, in every command that reads a file', () => {
  const good = file('good-live.yaml', LIVE.replace('VALUE', '1'));
  const manifest = file('good-manifest.yaml', MANIFEST.replace('VALUE', '1'));
  BAD.forEach((b, i) => {
    it(`${b.what}: the file, line and column, exit 2`, async () => {
      const live = file(`live-${i}.yaml`, withBytes(LIVE, b.bytes));
      const man = file(`manifest-${i}.yaml`, withBytes(MANIFEST, b.bytes));
      const scenario = file(`scenario-${i}.yaml`, withBytes(SCENARIO, b.bytes));
      const runs: [string, string[], string, string][] = [
        ['blame', ['blame', live], live, '13:8'],
        ['explain', ['explain', live, '.data.a'], live, '13:8'],
        ['preview', ['preview', '-f', manifest, '--live', live], live, '13:8'],
        ['preview', ['preview', '-f', man, '--live', good], man, '7:8'],
        ['diff', ['diff', '-f', man, '--live', good], man, '7:8'],
        ['run', ['run', scenario], scenario, '8:21'],
        ['fieldset', ['fieldset', 'decode', live], live, '13:8'],
      ];
      for (const [command, args, where, at] of runs) {
        const r = await runCli(args);
        expect([command, r.stderr, r.code]).toEqual([command, `ssa-sim ${command}: ${where}:${at}: ${b.message}\n`, 2]);
      }
    });
  });

  it('standard input too (--live -, fieldset)', async () => {
    const bytes = withBytes(LIVE, [0xff]);
    const blame = await runCli(['blame', '-'], { stdin: bytes });
    expect([blame.stderr, blame.code]).toEqual(['ssa-sim blame: <stdin>:13:8: not UTF-8 text: byte 0xff (save the file as UTF-8)\n', 2]);
    const fieldset = await runCli(['fieldset', 'decode'], { stdin: bytes });
    expect([fieldset.stderr, fieldset.code]).toEqual(['ssa-sim fieldset: <stdin>:13:8: not UTF-8 text: byte 0xff (save the file as UTF-8)\n', 2]);
  });

  it('JSON text: control characters are refused, DEL and C1 characters are JSON\'s to keep', async () => {
    const json = (bytes: number[]) =>
      Buffer.concat([Buffer.from('{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"default"},"data":{"a":"x'), Buffer.from(bytes), Buffer.from('"}}\n')]);
    const bad = file('control.json', json([0x01]));
    const r = await runCli(['preview', '-f', bad, '--live', good]);
    expect([r.stderr, r.code]).toEqual([`ssa-sim preview: ${bad}:1:99: control character U+0001 is not allowed in JSON text (write it as \\u0001)\n`, 2]);
    const del = file('del.json', json([0x7f, 0xc2, 0x80]));
    expect(await runCli(['preview', '-f', del, '--live', good, '--force-conflicts'])).toMatchObject({ stderr: '', code: 0 });
  });

  it('a byte-order mark, tabs, CRLF and U+0085 are text', async () => {
    const text = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LIVE.replace('VALUE', 'a\tb\u0085c').replace(/\n/g, '\r\n'))]);
    const r = await runCli(['explain', file('bom.yaml', text), '.data.a']);
    expect([r.stderr, r.code]).toEqual(['', 0]);
    expect(r.stdout).toContain('value: "a\\tb\\Nc"');
  });
});
