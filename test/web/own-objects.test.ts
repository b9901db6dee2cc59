/**
 * The playground's "your own objects": a pasted `kubectl get -o yaml --show-managed-fields` dump
 * gives the same owners per line as `ssa-sim blame -o json`, and the same errors as the CLI.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatObjects } from '../../src/manifest/format-objects.js';
import { type ClusterRunState, modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { readOwnObjects } from '../../src/web/own-objects.js';
import { renderOwnObjects } from '../../src/web/render-own-objects.js';
import { capturedAwsNode } from '../cli/captured.js';
import { runCli } from '../cli/run-io.js';
import { libraryFromDisk, repoRoot } from './library.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-own-objects-'));

/** Every object a library scenario ends with, as one dump of several documents. */
function scenarioEndState(file: string): string {
  const files = libraryFromDisk();
  const scenario = parseScenario(files.get(file)!, file);
  const run = runScenario(scenario, modeRunner(scenario, libraryEnvironment(files, file)));
  const state = run.steps[run.steps.length - 1].after.state as ClusterRunState;
  return formatObjects([...state.cluster.objects.values()], { output: 'yaml', showManagedFields: true });
}

const dumps: Record<string, string> = {
  'aws-node-live.yaml': readFileSync(join(repoRoot, 'test/cli/aws-node-live.yaml'), 'utf8'),
  'captured-aws-node.yaml': capturedAwsNode(),
  'autoscaler-end.yaml': scenarioEndState('scenarios/autoscaler-scale-handover.yaml'),
};

function dumpFile(name: string): string {
  const file = join(dir, name);
  writeFileSync(file, dumps[name]);
  return file;
}

describe('your own objects: the blame view', () => {
  for (const name of Object.keys(dumps)) {
    it(`${name}: every line has the owners blame -o json gives it`, async () => {
      const file = dumpFile(name);
      const cli = await runCli(['blame', file, '-o', 'json']);
      expect(cli.code).toBe(0);
      const expected = JSON.parse(cli.stdout).objects as { object: string; entries: { manager: string }[]; lines: { text: string; path: string | null; owners: number[]; shared: boolean; viaAtomic: boolean }[] }[];
      const page = readOwnObjects(dumps[name], file);
      expect(page.problem).toBeUndefined();
      expect(page.objects.map((o) => o.display)).toEqual(expected.map((o) => o.object));
      expect(page.objects.map((o) => o.report)).toEqual(expected);
      page.objects.forEach((o, i) => {
        const want = expected[i];
        expect(o.model.rows.map((r) => r.text)).toEqual(want.lines.map((l) => l.text));
        expect(o.model.rows.map((r) => r.path ?? null)).toEqual(want.lines.map((l) => l.path));
        expect(o.model.rows.map((r) => r.owners.map((t) => t.manager))).toEqual(want.lines.map((l) => l.owners.map((k) => want.entries[k].manager)));
        expect(o.model.rows.map((r) => r.viaAtomic)).toEqual(want.lines.map((l) => l.viaAtomic));
        // Shared: more than one entry on the line, as the scenario view marks it.
        expect(o.model.rows.map((r) => r.shared)).toEqual(want.lines.map((l) => l.owners.length > 1));
      });
    });
  }

  it('aws-node-live.yaml: the image line is eks\'s, the env value kubectl-set\'s; the history is ordered by time', () => {
    const page = readOwnObjects(dumps['aws-node-live.yaml']);
    const [ds] = page.objects;
    const owners = (path: string) => ds.model.rows.find((r) => r.path === path)?.owners.map((t) => t.label);
    expect(owners('.spec.template.spec.containers[name="aws-node"].image')).toEqual(['eks']);
    expect(owners('.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"].value')).toEqual(['kubectl-set']);
    expect(owners('.metadata.labels.k8s-app')).toEqual(['eks', 'kubectl-set']);
    // The file lists eks (2022-09-01) before kubectl-set (2022-08-31): by time, kubectl-set comes first.
    expect(ds.model.entries.map((e) => e.tag.manager)).toEqual(['eks', 'kubectl-set']);
    expect(ds.history.map((e) => [e.tag.manager, e.operation, e.time])).toEqual([
      ['kubectl-set', 'Update', '2022-08-31T10:00:00Z'],
      ['eks', 'Apply', '2022-09-01T10:00:00Z'],
    ]);
    // Colours in order of appearance: two managers, two slots.
    expect(new Set(ds.model.legend.map((t) => t.slot)).size).toBe(2);
  });

  it('renders the lines with the scenario view\'s classes, and the history by time', () => {
    const html = renderOwnObjects(readOwnObjects(dumps['aws-node-live.yaml']));
    expect(html).toContain('title=".spec.template.spec.containers[name=&quot;aws-node&quot;].image"');
    expect(html).toMatch(/<li class="row shared"[^>]*title="\.metadata\.labels\.k8s-app"/);
    expect(html.indexOf('kubectl-set</strong>')).toBeLessThan(html.lastIndexOf('eks</strong>'));
  });

  const bad: Record<string, string> = {
    'a managedFields entry that cannot be read': dumps['aws-node-live.yaml'].replace('operation: Apply', 'operation: Patch'),
    'YAML that does not parse': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [x\n',
    'a kind no schema declares': 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  managedFields: []\n',
    'no object at all': '# nothing\n',
  };
  for (const [what, text] of Object.entries(bad)) {
    it(`${what}: the error blame gives, with its line and column`, async () => {
      const file = join(dir, 'bad.yaml');
      writeFileSync(file, text);
      const cli = await runCli(['blame', file]);
      expect(cli.code).toBe(2);
      const page = readOwnObjects(text, file);
      expect(page.objects).toEqual([]);
      expect(`ssa-sim blame: ${page.problem!.message}\n`).toBe(cli.stderr);
      if (/:\d+:\d+: /.test(cli.stderr)) expect(page.problem!.excerpt.some((l) => l.marked)).toBe(true);
    });
  }
});

describe('your own objects: owned fields the object does not have', () => {
  it('are listed under the lines, with their owners, as blame lists them', async () => {
    const dump = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  namespace: default
  managedFields:
  - manager: bob
    operation: Update
    apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:a: {}
        f:gone.key: {}
data:
  a: "1"
`;
    const file = join(dir, 'absent.yaml');
    writeFileSync(file, dump);
    const cli = await runCli(['blame', file, '-o', 'json']);
    const page = readOwnObjects(dump, file);
    expect(page.objects[0].report.absent).toEqual(JSON.parse(cli.stdout).objects[0].absent);
    expect(page.objects[0].report.absent).toEqual([{ path: '.data.gone.key', owners: [0], fields: 1 }]);
    const html = renderOwnObjects(page);
    expect(html).toContain('<h4>Owned, not in the object</h4><ul class="absent"><li><code>.data.gone.key</code> owned by <strong>bob</strong></li></ul>');
  });
});
