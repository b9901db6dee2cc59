/**
 * The playground's "your own objects" with custom resources: the CRDs and schemas given in the
 * page are what `--schema FILE` gives `ssa-sim blame` and `preview` — the same owners per line,
 * the same preview, the same errors (naming the schema's file, line and column).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOwnObjects, type SchemaText, withSchemaText } from '../../src/web/own-objects.js';
import { runOwnPreview } from '../../src/web/own-preview.js';
import { runCli } from '../cli/run-io.js';
import { CRD, MANIFEST, OPENAPI, WIDGET } from '../support/widget-crd.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-own-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

const files = {
  crd: file('widget-crd.yaml', CRD),
  live: file('widget.yaml', WIDGET),
  manifest: file('widget-manifest.yaml', MANIFEST),
};
const crdText: SchemaText = { name: files.crd, text: CRD };

describe('your own objects: custom resources with their CRDs or schemas', () => {
  for (const flag of ['--schema', '--crd']) {
    it(`a CRD given in the page: the owners blame ${flag} gives`, async () => {
      const cli = await runCli(['blame', files.live, flag, files.crd, '-o', 'json']);
      expect(cli.code).toBe(0);
      const page = readOwnObjects(WIDGET, files.live, [crdText]);
      expect(page.problem).toBeUndefined();
      expect(page.objects.map((o) => o.report)).toEqual(JSON.parse(cli.stdout).objects);
      // The atomic list's item is owned through the list, by flux: the CRD decided it.
      const item = page.objects[0].model.rows.find((r) => r.text.trim() === '- a.example.com')!;
      expect(item.owners.map((t) => t.manager)).toEqual(['flux']);
      expect(item.viaAtomic).toBe(true);
    });
  }

  it('the schema decides: the same dump under a schema where the list is a set has no atomic owner', async () => {
    const schema = file('widget-openapi.json', OPENAPI);
    const cli = await runCli(['blame', files.live, '--schema', schema, '-o', 'json']);
    expect(cli.code).toBe(0);
    const page = readOwnObjects(WIDGET, files.live, [{ name: schema, text: OPENAPI }]);
    expect(page.objects.map((o) => o.report)).toEqual(JSON.parse(cli.stdout).objects);
    const item = page.objects[0].model.rows.find((r) => r.text.trim() === '- a.example.com')!;
    expect(item.viaAtomic).toBe(false);
  });

  it('without it, the error blame gives', async () => {
    const cli = await runCli(['blame', files.live]);
    expect(cli.code).toBe(2);
    const page = readOwnObjects(WIDGET, files.live, []);
    expect(`ssa-sim blame: ${page.problem!.message}\n`).toBe(cli.stderr);
  });

  it('a schema that cannot be read: the error blame --schema gives, shown in the schema\'s own text', async () => {
    const broken = CRD.replace('    schema:\n', '    schema: [\n');
    const bad = file('broken-crd.yaml', broken);
    const cli = await runCli(['blame', files.live, '--schema', bad]);
    expect(cli.code).toBe(2);
    const page = readOwnObjects(WIDGET, files.live, [{ name: bad, text: broken }]);
    expect(page.objects).toEqual([]);
    expect(`ssa-sim blame: ${page.problem!.message}\n`).toBe(cli.stderr);
    const marked = page.problem!.excerpt.find((l) => l.marked);
    expect(marked?.text).toBe(broken.split('\n')[page.problem!.line! - 1]);
    expect(page.problem!.title).toBe('The schemas could not be read');
  });

  it('the preview applies with the same schema: what preview --schema prints', async () => {
    const live = readOwnObjects(WIDGET, files.live, [crdText]);
    const now = '2022-08-02T10:00:00Z';
    const page = runOwnPreview(live, { manifestText: MANIFEST, manifestName: files.manifest, fieldManager: 'argo', clientSide: false, force: false, now });
    expect(page.problem).toBeUndefined();
    const args = ['preview', '-f', files.manifest, '--live', files.live, '--schema', files.crd, '--field-manager', 'argo', '--now', now];
    const json = await runCli([...args, '-o', 'json']);
    expect(JSON.parse(JSON.stringify(page.preview!.report))).toEqual(JSON.parse(json.stdout));
    const text = await runCli([...args, '--color', 'never']);
    expect(page.output!.head + page.output!.body).toBe(text.stdout);
    expect(page.output!.stderr).toBe(text.stderr);
    expect(page.output!.exitCode).toBe(text.code);
    // argo conflicts with flux on the atomic list and with kubectl-edit on the label.
    expect(page.preview!.report.conflicts.map((c) => [c.path, c.manager])).toEqual([
      ['.spec.hosts', 'flux'],
      ['.spec.labels.team', 'kubectl-edit'],
    ]);
  });

  it('a file given again under the same name replaces the first; others keep their order', () => {
    const a = { name: 'a.yaml', text: 'A' };
    const b = { name: 'b.yaml', text: 'B' };
    const a2 = { name: 'a.yaml', text: 'A2' };
    expect(withSchemaText([a, b], a2)).toEqual([a2, b]);
    expect(withSchemaText([a], b)).toEqual([a, b]);
  });
});
