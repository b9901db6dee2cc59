import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

describe('ssa-sim fieldset', () => {
  it('decode: FieldsV1 JSON to paths', async () => {
    const r = await runCli(['fieldset', 'decode'], { stdin: '{"f:data":{".":{},"f:key":{}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"app\\"}":{".":{},"f:image":{}}}}}' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('.data\n.data.key\n.spec.containers[name="app"]\n.spec.containers[name="app"].image\n');
  });

  it('decode: the managedFields of an object as kubectl prints them', async () => {
    const obj = `apiVersion: v1
kind: ConfigMap
metadata:
  name: x
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:key: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2022-08-22T23:08:23Z"
`;
    const r = await runCli(['fieldset', 'decode', '-'], { stdin: obj });
    expect(r.stdout).toBe('kubectl-client-side-apply (Update, v1, 2022-08-22T23:08:23Z):\n  .data\n  .data.key\n');
  });

  it('encode: paths to FieldsV1, byte for byte as the API server writes it', async () => {
    const r = await runCli(['fieldset', 'encode'], { stdin: '.data.key\n.data\n.spec.containers[name="app"].image\n' });
    expect(r.stdout).toBe('{"f:data":{".":{},"f:key":{}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"app\\"}":{"f:image":{}}}}}\n');
  });

  it('encode with --object reads field names that contain dots', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const d = mkdtempSync(join(tmpdir(), 'ssa-fs-'));
    writeFileSync(join(d, 'o.yaml'), 'metadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: "{}"\n');
    const r = await runCli(['fieldset', 'encode', '--object', join(d, 'o.yaml')], { stdin: '.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration\n' });
    expect(r.stdout).toBe('{"f:metadata":{"f:annotations":{"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}\n');
  });

  it('bad input names the line and column', async () => {
    const r = await runCli(['fieldset', 'encode'], { stdin: '.a\n  spec.x\n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ssa-sim fieldset: <stdin>:2:3: expected a field path such as .spec.replicas or .spec.containers[name="app"].image, found "spec.x"\n');
    const d = await runCli(['fieldset', 'decode'], { stdin: '{"k:notjson":{}}' });
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/^ssa-sim fieldset: <stdin>:1:1: not FieldsV1: /);
  });

  it('usage errors exit 2', async () => {
    expect((await runCli(['fieldset'])).code).toBe(2);
    expect((await runCli(['fieldset', 'frob'])).stderr).toContain('unknown subcommand "frob"');
    expect((await runCli(['fieldset', '--help'])).code).toBe(0);
  });
});
