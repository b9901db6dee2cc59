/**
 * YAML errors inside YAML a scenario embeds as text (a `manifests: |` block, kubectl's `-p`
 * text, a manifest file it names) are reported where they are: the scenario file's own line and
 * column (or the named file's), never an inner `<manifests>:4:7`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-embedded-'));
function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

async function stderrOf(path: string): Promise<string> {
  const r = await runCli(['run', path]);
  expect(r.code).toBe(2);
  return r.stderr;
}

describe('errors inside embedded YAML point into the scenario file', () => {
  it('a literal block of manifests: the line and column in the file', async () => {
    const f = file(
      'literal.yaml',
      `name: bad manifests
steps:
  - title: apply
    kubectl-apply:
      manifests: |
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: x
         namespace: y
        data: {a: "1"}
`,
    );
    const err = await stderrOf(f);
    expect(err).toMatch(new RegExp(`^ssa-sim run: ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:10:9: steps\\[0\\]\\.kubectl-apply\\.manifests: `));
    expect(err).not.toContain('<manifests>');
  });

  it('a literal block with an indentation indicator and a keep chomping', async () => {
    const f = file('indicator.yaml', 'name: x\nsteps:\n  - server-side-apply:\n      fieldManager: m\n      manifests: |2+\n          apiVersion: v1\n          kind: [ConfigMap\n')
    expect(await stderrOf(f)).toMatch(/indicator\.yaml:(7|8):\d+: steps\[0\]\.server-side-apply\.manifests: /);
  });

  it('a one-line quoted text: the column inside the quotes', async () => {
    const f = file('quoted.yaml', 'name: x\nsteps:\n  - kubectl-apply: {manifests: "kind: [a"}\n');
    expect(await stderrOf(f)).toMatch(/quoted\.yaml:3:\d+: steps\[0\]\.kubectl-apply\.manifests: /);
  });

  it("kubectl-patch's -p text", async () => {
    const f = file(
      'patch.yaml',
      'name: x\nobjects:\n  - {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}}\nsteps:\n  - kubectl-patch:\n      resource: configmap/c\n      patch: |\n        data:\n          a: "1"\n         b: "2"\n',
    );
    expect(await stderrOf(f)).toMatch(/patch\.yaml:10:9: steps\[0\]\.kubectl-patch\.patch: /);
  });

  it('a manifest file the scenario names: its own name, line and column', async () => {
    file('broken-manifest.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n namespace: y\n');
    const f = file('names-file.yaml', 'name: x\nsteps:\n  - kubectl-apply: {manifests: {file: broken-manifest.yaml}}\n');
    const err = await stderrOf(f);
    expect(err).toMatch(/broken-manifest\.yaml:5:1: /);
    expect(err).toContain('steps[0].kubectl-apply: manifests.file (named at ');
    expect(err).not.toContain('<manifests>');
  });

  it('a folded block, whose lines do not map one to one: the block, and the line inside it', async () => {
    const f = file('folded.yaml', 'name: x\nsteps:\n  - kubectl-apply:\n      manifests: >\n        kind: [a\n');
    expect(await stderrOf(f)).toMatch(/folded\.yaml:4:18: steps\[0\]\.kubectl-apply\.manifests: line \d+, column \d+ of the text: /);
  });
});

describe('a raw request with a text body the server cannot decode', () => {
  it("keeps the server's 400, and a note names the scenario's line and column", async () => {
    const f = file('request.yaml', 'name: x\nsteps:\n  - request:\n      verb: apply\n      target: {apiVersion: v1, kind: ConfigMap, name: c, namespace: default}\n      options: {fieldManager: m}\n      body: |\n        apiVersion: v1\n        kind: [ConfigMap\n    expect: {succeeds: false}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/HTTP 400: /);
    expect(r.stdout).toMatch(/note: the request's body does not read as YAML at \S*request\.yaml:(9|10):\d+: /);
  });
});
