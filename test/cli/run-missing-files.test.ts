/**
 * A file a scenario names (a schema, a CRD, a manifest) is read from the scenario's folder. When it
 * is not there, the error names the scenario's file, line and column, the key that names the file,
 * and where it was looked for, in words (not Node's ENOENT).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-run-missing-');
mkdirSync(join(dir, 'manifests'));

function scenario(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('run: a file the scenario names is missing', () => {
  it('an engine schema file', async () => {
    const f = scenario('engine.yaml', 'name: x\nmode: engine\nschema: {type: t, file: schemas/leaf.yaml}\nsteps:\n  - apply: {manager: a, apiVersion: v1, object: {}}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:3:25: schema.file: cannot read schemas/leaf.yaml: no such file (looked for ${join(dir, 'schemas', 'leaf.yaml')}: a file named in a scenario is read from the scenario's folder)\n`);
  });

  it("a manifest file of a step's manifests", async () => {
    const f = scenario('manifest.yaml', 'name: x\nsteps:\n  - kubectl-apply: {manifests: {file: manifests/app.yaml}}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:3:39: steps[0].kubectl-apply: manifests.file: cannot read manifests/app.yaml: no such file (looked for ${join(dir, 'manifests', 'app.yaml')}: a file named in a scenario is read from the scenario's folder)\n`);
  });

  it('a folder where a file is expected', async () => {
    const f = scenario('folder.yaml', 'name: x\nsteps:\n  - kubectl-apply: {manifests: {file: manifests}}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:3:39: steps[0].kubectl-apply: manifests.file: cannot read manifests: is a directory, expected a file (looked for ${join(dir, 'manifests')}: a file named in a scenario is read from the scenario's folder)\n`);
  });

  it("a CRD file of a cluster scenario's schema: at its place in the scenario", async () => {
    const f = scenario('crd.yaml', 'name: x\nschema:\n  crds:\n    - widget-crd.yaml\nsteps:\n  - kubectl-apply: {manifests: {file: manifests/app.yaml}}\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:4:7: schema.crds[0]: cannot read widget-crd.yaml: no such file (looked for ${join(dir, 'widget-crd.yaml')}: a file named in a scenario is read from the scenario's folder)\n`);
  });

  it("a schema file of a cluster scenario's schema", async () => {
    const f = scenario('schemafile.yaml', 'name: x\nschema: {files: [a.yaml, my-schema.yaml]}\nsteps:\n  - kubectl-apply: {manifests: {file: manifests/app.yaml}}\n');
    writeFileSync(join(dir, 'a.yaml'), 'types: []\n');
    const r = await runCli(['run', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim run: ${f}:2:26: schema.files[1]: cannot read my-schema.yaml: no such file (looked for ${join(dir, 'my-schema.yaml')}: a file named in a scenario is read from the scenario's folder)\n`);
  });
});
