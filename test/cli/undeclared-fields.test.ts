/**
 * A manifest field the schema does not declare: the server's text stays byte for byte (the typed
 * patch error of server-side apply, kubectl's strict decoding 400 of client-side apply), and the CLI
 * adds where the field is in the manifest (FILE:line:column) and "did you mean" from the names the
 * schema declares there (issue 10).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { capturedAwsNode } from './captured.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-undeclared-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const live = file('live.yaml', capturedAwsNode());
const daemonSet = vpcCniManifest({ version: 'v1.11.4-eksbuild.1' })
  .split('---\n')
  .find((d) => d.includes('kind: DaemonSet'))!;
const now = ['--now', '2022-09-01T10:00:00Z'];

/** 1-based line and column of the first `needle` in `text`. */
function position(text: string, needle: string): string {
  const i = text.indexOf(needle);
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  const column = i - before.lastIndexOf('\n');
  return `${line}:${column}`;
}

const typo = daemonSet.replace('  updateStrategy:', '  updateStrategi:\n    x: 1\n  updateStrategy:');
const bad = file('bad.yaml', typo);
const serverText = 'Error from server: failed to create typed patch object (kube-system/aws-node; apps/v1, Kind=DaemonSet): .spec.updateStrategi: field not declared in schema\n';

describe('preview: a field the schema does not declare', () => {
  it('server-side (kubectl and eks alike): the server\'s text unchanged, then where it is and what was meant', async () => {
    for (const manager of [[], ['--field-manager', 'eks']]) {
      const r = await runCli(['preview', '-f', bad, '--live', live, ...manager, ...now]);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`${serverText}${bad}:${position(typo, 'updateStrategi:')}: .spec.updateStrategi: not declared in the schema of DaemonSet apps/v1; did you mean "updateStrategy"?\n`);
    }
  });

  it('-o json: the report has the same lines as fieldErrors', async () => {
    const r = await runCli(['preview', '-f', bad, '--live', live, '-o', 'json', ...now]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).fieldErrors).toEqual([`${bad}:${position(typo, 'updateStrategi:')}: .spec.updateStrategi: not declared in the schema of DaemonSet apps/v1; did you mean "updateStrategy"?`]);
  });

  it('client-side: kubectl\'s strict decoding error unchanged, then the same line', async () => {
    const r = await runCli(['preview', '-f', bad, '--live', live, '--client-side', ...now]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/for: ".*bad.yaml": error when patching ".*bad.yaml": strict decoding error: unknown field "spec.updateStrategi"\n/);
    expect(r.stderr.endsWith(`\n${bad}:${position(typo, 'updateStrategi:')}: .spec.updateStrategi: not declared in the schema of DaemonSet apps/v1; did you mean "updateStrategy"?\n`)).toBe(true);
  });

  it('inside a keyed list item: the item\'s own line, by its key', async () => {
    const text = daemonSet.replace('      - name: aws-node\n', '      - name: aws-node\n        imagePullPolicyy: Always\n');
    expect(text).not.toBe(daemonSet);
    const f = file('item.yaml', text);
    const r = await runCli(['preview', '-f', f, '--live', live, '--field-manager', 'eks', ...now]);
    expect(r.code).toBe(1);
    const path = '.spec.template.spec.containers[name="aws-node"].imagePullPolicyy';
    expect(r.stderr).toContain(`: ${path}: field not declared in schema\n`);
    expect(r.stderr).toContain(`${f}:${position(text, 'imagePullPolicyy')}: ${path}: not declared in the schema of DaemonSet apps/v1; did you mean "imagePullPolicy"?\n`);
  });

  it('a new object (create) with a field nothing resembles: the location, no suggestion', async () => {
    const text = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\n  namespace: kube-system\ndata:\n  a: "1"\nzzz: 2\n';
    const f = file('cm.yaml', text);
    const ssa = await runCli(['preview', '-f', f, '--live', live, ...now]);
    expect(ssa.stderr).toBe(`Error from server: failed to create typed patch object (kube-system/extra; /v1, Kind=ConfigMap): .zzz: field not declared in schema\n${f}:8:1: .zzz: not declared in the schema of ConfigMap v1\n`);
    const csa = await runCli(['preview', '-f', f, '--live', live, '--client-side', ...now]);
    expect(csa.stderr).toBe(`Error from server (BadRequest): error when creating "${f}": strict decoding error: unknown field "zzz"\n${f}:8:1: .zzz: not declared in the schema of ConfigMap v1\n`);
  });
});

describe('explain -f: the same lines under the failed apply', () => {
  it('text and -o json', async () => {
    const r = await runCli(['explain', live, '.spec.updateStrategy.type', '-f', bad, '--field-manager', 'eks', ...now]);
    const line = `${bad}:${position(typo, 'updateStrategi:')}: .spec.updateStrategi: not declared in the schema of DaemonSet apps/v1; did you mean "updateStrategy"?`;
    expect(r.stdout).toContain(`  - the apply fails: ${serverText.trim()}\n    ${line}\n`);
    const json = await runCli(['explain', live, '.spec.updateStrategy.type', '-f', bad, '--field-manager', 'eks', '-o', 'json', ...now]);
    const apply = JSON.parse(json.stdout).objects[0].apply;
    expect(apply.error).toBe(serverText.trim());
    expect(apply.fieldErrors).toEqual([line]);
  });
});
