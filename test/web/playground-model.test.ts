/**
 * The playground's DOM-free parts: the page model and its HTML, colours, links, what-if, and
 * readable errors. The browser test (playground.browser.test.ts) drives the built page.
 */
import { describe, expect, it } from 'vitest';
import { decodeFieldsV1 } from '../../src/fieldpath/fieldsv1-decode.js';
import { fieldsV1Rows } from '../../src/web/fieldsv1-rows.js';
import { formatHash, parseHash } from '../../src/web/location-hash.js';
import { fnv1a, managerColour, managerSlot, managerSlots, PALETTE } from '../../src/web/manager-colour.js';
import { pageModel, withRun } from '../../src/web/page-model.js';
import { changeDetail, renderEntryTable, renderPage, renderResult, renderTimeline } from '../../src/web/render-page.js';
import { findEntry, libraryEntries, libraryEnvironment, normalizePath } from '../../src/web/scenario-library.js';
import { lastPosition, lastReachable, openSession, runNextStep, runSessionTo, slotsSettled, snapshotAtPosition, startSession } from '../../src/web/session.js';
import { modeRunner, runScenario } from '../../src/scenarios/index.js';
import { parseScenario } from '../../src/scenarios/parse-scenario.js';
import { readYamlDocument } from '../../src/scenarios/read-yaml.js';
import { getKey, isList, isMap } from '../../src/value/value.js';
import { parseDocument } from 'yaml';
import { flagsOfStep, readFlags, setForce, setManager } from '../../src/web/step-flags.js';
import { authoredSteps, stepsFromLines, stepText, wrapStep } from '../../src/web/step-text.js';
import { nextStepText, runWhatIf } from '../../src/web/what-if.js';
import { defaultFocus, shownRows } from '../../src/web/page-model.js';
import { fieldTimeline } from '../../src/web/field-timeline.js';
import { outcomeLine } from '../../src/web/outcome-line.js';
import { ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import type { StepRecord } from '../../src/scenarios/run-types.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { fieldElement } from '../../src/fieldpath/path-element.js';
import { AWS_NODE_IMAGE_NEW, AWS_NODE_INIT_IMAGE_NEW, EKS_CONFLICT_409, libraryFromDisk } from './library.js';

const files = libraryFromDisk();
const EKS = 'scenarios/eks-vpc-cni-addon.yaml';

function session(file: string, text = files.get(file)!) {
  return startSession(text, file, libraryEnvironment(files, file));
}

describe('manager colours', () => {
  it('FNV-1a matches its published test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('managers get colours in order of appearance, so the first twelve never share one', () => {
    // kubectl and kube-controller-manager hashed to the same slot; by appearance they cannot.
    expect(fnv1a('kubectl') % 12).toBe(fnv1a('kube-controller-manager') % 12);
    const slots = managerSlots([['kubectl', 'kube-controller-manager'], ['kubectl', 'eks']]);
    expect([...slots]).toEqual([['kubectl', 0], ['kube-controller-manager', 1], ['eks', 2]]);
    expect(managerColour('kube-controller-manager', slots)).not.toBe(managerColour('kubectl', slots));
    expect(new Set(PALETTE).size).toBe(PALETTE.length);
  });

  it('past twelve managers, a new one takes a colour none of those it is shown with has', () => {
    // Twenty updaters of one object, of which ten at most are shown at once (older ones merged away).
    const groups = Array.from({ length: 20 }, (_, i) => ['apply_test', ...Array.from({ length: Math.min(i + 1, 10) }, (_, j) => `updater${i - j}`)]);
    const slots = managerSlots(groups);
    for (const g of groups) expect(new Set(g.map((m) => slots.get(m))).size, g.join(', ')).toBe(g.length);
    expect(slots.get('updater10')).not.toBe(slots.get('apply_test'));
  });

  it('a manager the run never showed (a what-if\'s own) gets a slot from its name', () => {
    expect(managerSlot('helm', new Map())).toBe(fnv1a('helm') % 12);
  });

  it('every library scenario: managers shown together have distinct colours', () => {
    for (const file of [...files.keys()].filter((f) => !f.includes('/schemas/'))) {
      const id = file;
      const s = session(file);
      for (let pos = 0; pos <= lastPosition(s); pos++) {
        for (const o of snapshotAtPosition(s, pos)?.objects ?? []) {
          const managers = [...new Set(o.owners.map((e) => e.manager))];
          if (managers.length > PALETTE.length) continue;
          const colours = new Set(managers.map((m) => managerColour(m, s.managerSlots)));
          expect(colours.size, `${id} step ${pos} ${o.display}: ${managers.join(', ')}`).toBe(managers.length);
        }
      }
    }
  });
});

describe('links', () => {
  it('a library scenario and a step round-trip through the hash', () => {
    const h = formatHash({ kind: 'library', id: 'engine/atomic-map-force', step: 3 });
    expect(h).toBe('#scenario=engine/atomic-map-force&step=3');
    expect(parseHash(h)).toEqual({ kind: 'library', id: 'engine/atomic-map-force', step: 3 });
  });

  it('a pasted scenario round-trips, whatever its characters', () => {
    const text = 'name: "ünïcødé — 日本"\nsteps: []\n# + / = ?&#\n';
    const h = formatHash({ kind: 'pasted', text, step: 2 });
    expect(h).toMatch(/^#yaml=[A-Za-z0-9_-]+&step=2$/);
    expect(parseHash(h)).toEqual({ kind: 'pasted', text, step: 2 });
  });

  it('a hash that names nothing readable is ignored; a bad step is 0', () => {
    expect(parseHash('')).toBeUndefined();
    expect(parseHash('#yaml=%%%')).toBeUndefined();
    expect(parseHash('#scenario=x&step=-4')).toEqual({ kind: 'library', id: 'x', step: 0 });
  });
});

describe('the library', () => {
  it('lists the scenarios (not their schemas) with their names, the stories first', () => {
    const entries = libraryEntries(files);
    expect(entries.some((e) => e.file.includes('/schemas/'))).toBe(false);
    const eks = findEntry(files, 'eks-vpc-cni-addon');
    expect(eks?.name).toBe('The EKS vpc-cni add-on takes over aws-node');
    expect(entries[0].group).toBe('');
  });

  it('reads the files a scenario names relative to its folder', () => {
    expect(normalizePath('scenarios/engine/./schemas/../schemas/leaf.yaml')).toBe('scenarios/engine/schemas/leaf.yaml');
    const env = libraryEnvironment(files, 'scenarios/engine/leaf-conflict-then-force.yaml');
    expect(env.readFile('schemas/leaf.yaml', {})).toContain('types:');
    expect(() => env.readFile('nope.yaml', { file: 'x.yaml', line: 3 })).toThrow(/cannot read nope.yaml: the playground has only the files under scenarios\//);
  });

  it('the what-if of every library step reads and runs as the step itself, anchors and aliases across steps included', () => {
    for (const e of libraryEntries(files)) {
      const s = session(e.file);
      for (let pos = 0; pos <= s.steps.length; pos++) {
        const text = nextStepText(s, pos);
        expect(readFlags(text).unreadable, `${e.file} at ${pos}`).toBeUndefined();
        const w = runWhatIf(s, pos, text);
        expect(w.problem, `${e.file}: the what-if at position ${pos}`).toBeUndefined();
        if (pos < s.steps.length) {
          const { stdout, stderr, error, exitCode } = s.steps[pos].result;
          expect(w.record?.result, `${e.file}: step ${pos + 1} as a what-if`).toMatchObject({ stdout, stderr, error, exitCode });
          expect(w.record?.passed).toBe(s.steps[pos].passed);
        }
      }
    }
  });

  it('an alias the editor text cannot resolve is unreadable, not a crash', () => {
    expect(readFlags('server-side-apply: {fieldManager: eks, manifests: *nowhere}\n').unreadable).toBeDefined();
    expect(setForce('server-side-apply: {manifests: *nowhere}\n', true)).toBe('server-side-apply: {manifests: *nowhere}\n');
  });

  it('every library scenario loads and runs in the playground without a problem', () => {
    for (const e of libraryEntries(files)) {
      const s = session(e.file);
      expect({ file: e.file, problem: s.problem?.message }).toEqual({ file: e.file, problem: undefined });
      expect(s.steps.length).toBe(s.scenario!.steps.length);
      for (let pos = 0; pos <= s.steps.length; pos++) renderPage(pageModel(s, pos));
    }
  });
});

describe('a position prepared before the whole run', () => {
  it('shows, brought up to the run (withRun), what the same position shows once every step has run: every library scenario', () => {
    /** What the page puts in the DOM for a model: its regions, and each entry's table as opened. */
    const shown = (m: ReturnType<typeof pageModel>) => ({ ...renderPage(m), tables: (m.object?.entries ?? []).map((e) => renderEntryTable(e)) });
    let compared = 0;
    for (const e of libraryEntries(files)) {
      const full = session(e.file);
      let partial = openSession(files.get(e.file)!, e.file, libraryEnvironment(files, e.file));
      for (let k = 0; k <= full.steps.length; k++) {
        partial = runSessionTo(partial, k);
        // With more managers than colours, the page runs every step before showing any (runUpTo).
        if (!slotsSettled(partial)) break;
        for (const pos of [k - 1, k].filter((p) => p >= 0 && p <= partial.steps.length)) {
          expect(shown(withRun(pageModel(partial, pos), full)), `${e.file} at ${pos}, run to ${k}`).toEqual(shown(pageModel(full, pos)));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});

describe('the EKS story, as the page shows it', () => {
  const s = session(EKS);

  it('shows the exact 409 at the conflicting step', () => {
    const pos = s.steps.findIndex((r) => r.result.error?.startsWith('Apply failed')) + 1;
    expect(pos).toBe(3);
    const m = pageModel(s, pos);
    expect(m.result?.error).toBe(EKS_CONFLICT_409);
    expect(m.object?.display).toBe('daemonset.apps/aws-node -n kube-system');
    const html = renderPage(m).result;
    expect(html).toContain(`<pre class="error" data-testid="step-error">${EKS_CONFLICT_409.replace(/"/g, '&quot;')}</pre>`);
  });

  it('shows the 409 that is the lesson as expected, in a neutral colour, not as a failure', () => {
    const m = pageModel(s, 3);
    expect(m.result?.ok).toBe(false);
    expect(m.result?.expectedFailure).toBe(true);
    expect(m.steps[2].expectedFailure).toBe(true);
    const page = renderPage(m);
    expect(page.result).toContain('<p class="outcome expected">The step failed with a 409 Conflict, as the scenario expects.</p>');
    expect(page.result).not.toContain('class="outcome failed"');
  });

  it('keeps an unexpected failure red', () => {
    // Step 2 conflicts, and no expectation says it should.
    const apply = (manager: string, value: string) => `
  - title: ${manager} applies a=${value}
    server-side-apply:
      fieldManager: ${manager}
      manifests: |
        {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {a: "${value}"}}`;
    const text = `name: unexpected\nsteps:${apply('team-a', '1')}${apply('team-b', '2')}\n`;
    const u = startSession(text, 'scenarios/unexpected.yaml', libraryEnvironment(files, 'scenarios/unexpected.yaml'));
    expect(u.problem).toBeUndefined();
    const m = pageModel(u, 2);
    expect(m.result?.ok).toBe(false);
    expect(m.result?.expectedFailure).toBe(false);
    expect(renderPage(m).result).toContain('<p class="outcome failed">The step failed.</p>');
  });

  it('marks the image lines as owned by eks after the forced apply, and as changed', () => {
    const m = pageModel(s, 4);
    const row = m.object!.rows.find((r) => r.text.trim() === AWS_NODE_IMAGE_NEW)!;
    expect(row.owners.map((o) => o.label)).toEqual(['eks']);
    expect(row.changed).toBe(true);
    expect(row.path).toBe('.spec.template.spec.containers[name="aws-node"].image');
    const init = m.object!.rows.find((r) => r.text.trim() === AWS_NODE_INIT_IMAGE_NEW)!;
    expect(init.owners.map((o) => o.label)).toEqual(['eks']);
    // Shared fields are marked as such, with both names.
    const shared = m.object!.rows.find((r) => r.path === '.metadata.labels.k8s-app')!;
    expect(shared.shared).toBe(true);
    expect(shared.owners.map((o) => o.label).sort()).toEqual(['eks', 'kubectl-client-side-apply']);
    const html = renderPage(m).object;
    expect(html).toMatch(
      /<li class="row owned m\d+ changed mark-took" title="\.spec\.template\.spec\.containers\[name=&quot;aws-node&quot;\]\.image" tabindex="-1"><span class="sr-only">owners changed: <\/span><span class="stripes"><i class="m\d+"><\/i><\/span><span class="who">eks<\/span><span class="mark" title="eks took it from kubectl-client-side-apply"><span aria-hidden="true">took<\/span><span class="sr-only">eks took it from kubectl-client-side-apply: <\/span><\/span><code class="line"> +image: /,
    );
  });

  it('marks the 409\'s two paths in the object, and opens the large object on them', () => {
    const m = pageModel(s, 3);
    expect(m.result?.conflicts.length).toBe(2);
    const o = m.object!;
    expect(o.display).toBe('daemonset.apps/aws-node -n kube-system');
    const marked = o.rows.filter((r) => r.mark).map((r) => [r.path, r.mark!.kind, r.mark!.text]);
    expect(marked).toEqual([
      ['.spec.template.spec.containers[name="aws-node"].image', 'conflict', '409: conflicts with kubectl-client-side-apply'],
      ['.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image', 'conflict', '409: conflicts with kubectl-client-side-apply'],
    ]);
    expect(o.rows.length).toBeGreaterThan(80);
    expect(o.focus).toEqual({ level: 'marked', hideUnowned: true });
    const shown = o.shown.flatMap((x) => ('row' in x ? [x.row.path] : []));
    // The two lines, and the lines that lead to them; everything else folded into counted runs.
    expect(shown).toContain('.spec.template.spec.containers[name="aws-node"].image');
    expect(shown).toContain('.spec.template.spec.containers');
    expect(shown).toContain('.spec.template');
    // The line where the container's item starts says which container it is.
    expect(shown).toContain('.spec.template.spec.containers[name="aws-node"].name');
    expect(shown).not.toContain('.metadata.labels.k8s-app');
    const hidden = o.shown.reduce((n, x) => n + ('hidden' in x ? x.hidden : 0), 0);
    expect(hidden + shown.length).toBe(o.rows.length);
    const html = renderPage(m).object;
    expect(html).toContain('<option value="marked" selected>conflicts and takeovers (2)</option>');
    expect(html).toMatch(/<li class="fold"><button type="button" class="show-all">⋯ \d+ lines not shown<\/button><\/li>/);
    // The user's choice wins over the default.
    const all = pageModel(s, 3, { focus: { level: 'all', hideUnowned: false } }).object!;
    expect(all.shown.every((x) => 'row' in x)).toBe(true);
    expect(all.shown.length).toBe(all.rows.length);
  });

  it('a field\'s history: owners, line and what each step did to it', () => {
    const path = '.spec.template.spec.containers[name="aws-node"].image';
    const points = fieldTimeline(s, 'daemonset.apps/aws-node -n kube-system', path);
    expect(points.map((p) => p.pos)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(points[0]).toMatchObject({ owners: undefined, text: undefined, changed: false });
    expect(points[1].owners!.map((o) => o.label)).toEqual(['kubectl-client-side-apply']);
    expect(points[1].text).toMatch(/^image: .*amazon-k8s-cni:v1\.10\.1/);
    expect(points[1].changed).toBe(true);
    expect(points[2].changed).toBe(false);
    expect(points[3].mark).toEqual({ kind: 'conflict', text: '409: conflicts with kubectl-client-side-apply' });
    expect(points[3].changed).toBe(false);
    expect(points[4].owners!.map((o) => o.label)).toEqual(['eks']);
    expect(points[4].mark).toEqual({ kind: 'took', text: 'eks took it from kubectl-client-side-apply' });
    expect(points[4].text).toBe(AWS_NODE_IMAGE_NEW.trim());
    const html = renderTimeline(path, points, 4);
    expect(html).toContain('<li class="changed current"><button type="button" data-pos="4" aria-current="step">step 4: ');
    expect(html).toContain('eks took it from kubectl-client-side-apply');
  });

  it('small objects open whole; a line without a path goes with the line before it', () => {
    const row = (path: string | undefined, changed = false, owned = true) => ({ text: path ?? '  more', path, owners: owned ? [{ label: 'm', key: 'm', manager: 'm', colour: '', slot: 0 }] : [], shared: false, viaAtomic: false, changed });
    const rows = [row('.a'), row('.a.b', true), row(undefined), row('.c'), row('.d', false, false)];
    expect(defaultFocus(rows)).toEqual({ level: 'all', hideUnowned: false });
    // `.a` leads to the changed `.a.b`: shown for context.
    expect(shownRows(rows, { level: 'changed', hideUnowned: false })).toEqual([{ row: rows[0], index: 0, context: true }, { row: rows[1], index: 1 }, { row: rows[2], index: 2 }, { hidden: 2 }]);
    expect(shownRows(rows, { level: 'all', hideUnowned: true }).map((x) => ('row' in x ? x.index : -x.hidden))).toEqual([0, 1, 2, 3, -1]);
  });

  it('counts each entry\'s fields before and after the step', () => {
    const m = pageModel(s, 4);
    const counts = Object.fromEntries(m.object!.entries.map((e) => [e.tag.label, [e.fieldCountBefore, e.fieldCount]]));
    // eks is new: from 0 to what it applied; the others keep theirs (eks took 2 and shares the rest).
    expect(counts.eks[0]).toBe(0);
    expect(counts.eks[1]).toBeGreaterThan(100);
    const csa = counts['kubectl-client-side-apply'];
    expect(csa[0]! - csa[1]!).toBe(2);
    const html = renderPage(m).managed;
    expect(html).toContain('<caption>Fields per entry in this step</caption>');
    expect(html).toMatch(/<tr class="changed"><th scope="row"><span class="swatch m\d+" aria-hidden="true"><\/span>kubectl-client-side-apply<\/th><td>\d+<\/td><td>\d+<\/td><td>−2<\/td><\/tr>/);
    // Nothing changed hands at the start: no table.
    expect(renderPage(pageModel(s, 0)).managed).not.toContain('field-counts');
  });

  it('lists each FieldsV1 key with the path it means', () => {
    const m = pageModel(s, 4);
    const eks = m.object!.entries.find((e) => e.tag.label === 'eks')!;
    expect(eks.operation).toBe('Apply');
    expect(eks.apiVersion).toBe('apps/v1');
    expect(eks.changed).toBe(true);
    const image = eks.rows().find((r) => r.path === '.spec.template.spec.containers[name="aws-node"].image')!;
    expect(image.key).toBe('f:image');
    const item = eks.rows().filter((r) => r.path === '.spec.template.spec.containers[name="aws-node"]');
    expect(item.map((r) => r.key)).toEqual(['k:{"name":"aws-node"}', '.']);
  });

  it('says what changed in ownership', () => {
    const m = pageModel(s, 4);
    const ds = m.result!.changes.find((c) => c.display === 'daemonset.apps/aws-node -n kube-system')!;
    expect(ds.changes.map((c) => c.text)).toContain('eks took .spec.template.spec.containers[name="aws-node"].image from kubectl-client-side-apply');
  });

  it('shows the forced apply\'s two image values before and after, beside the changes that took them (as preview lists them)', () => {
    const m = pageModel(s, 4);
    const ds = 'daemonset.apps/aws-node -n kube-system';
    const ecr = '602401143452.dkr.ecr.eu-west-1.amazonaws.com';
    expect(m.result!.values.filter((v) => v.before !== null)).toEqual([
      { object: ds, path: '.spec.template.spec.containers[name="aws-node"].image', before: `${ecr}/amazon-k8s-cni:v1.10.1-eksbuild.1`, after: `${ecr}/amazon-k8s-cni:v1.11.4-eksbuild.1` },
      { object: ds, path: '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image', before: `${ecr}/amazon-k8s-cni-init:v1.10.1-eksbuild.1`, after: `${ecr}/amazon-k8s-cni-init:v1.11.4-eksbuild.1` },
    ]);
    const html = renderPage(m).result;
    // Under the ownership line that took the field, its value before and after.
    expect(html).toContain(
      `<li class="change change-took">eks took .spec.template.spec.containers[name=&quot;aws-node&quot;].image from kubectl-client-side-apply<ul class="values" aria-label="values changed"><li><code class="path">.spec.template.spec.containers[name=&quot;aws-node&quot;].image</code>: <span class="before">&quot;${ecr}/amazon-k8s-cni:v1.10.1-eksbuild.1&quot;</span> <span aria-label="becomes">→</span> <span class="after">&quot;${ecr}/amazon-k8s-cni:v1.11.4-eksbuild.1&quot;</span></li></ul></li>`,
    );
    expect(html).toContain(`<span class="before">&quot;${ecr}/amazon-k8s-cni-init:v1.10.1-eksbuild.1&quot;</span>`);
    // On the object's line: what the value was.
    const row = m.object!.rows.find((r) => r.text.trim() === AWS_NODE_IMAGE_NEW)!;
    expect(row.value?.before).toBe(`${ecr}/amazon-k8s-cni:v1.10.1-eksbuild.1`);
    expect(renderPage(m).object).toContain(`<code class="line">        image: ${ecr}/amazon-k8s-cni:v1.11.4-eksbuild.1<span class="was"><span class="sr-only">the step changed this value; </span>was &quot;${ecr}/amazon-k8s-cni:v1.10.1-eksbuild.1&quot;</span></code>`);
    // The shared fields kept their values: no value line for them, no "was" on their lines.
    expect(m.object!.rows.filter((r) => r.value).map((r) => r.path)).toEqual(['.spec.template.spec.containers[name="aws-node"].image', '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image']);
    // The 409 changed nothing: no values.
    expect(pageModel(s, 3).result!.values).toEqual([]);
  });

  it('what-if: the conflicting step with force takes the images', () => {
    const text = nextStepText(s, 2);
    expect(text).toMatch(/^title: the add-on manager applies v1\.11\.4-eksbuild\.1 without force\n/);
    expect(readFlags(text).force).toEqual({ checked: false, label: 'resolveConflicts: OVERWRITE' });
    const forced = setForce(text, true);
    expect(readFlags(forced).force?.checked).toBe(true);
    expect(forced).toContain('resolveConflicts: OVERWRITE');
    // The step's own expectations (a 409) now fail, and say so.
    const w = runWhatIf(s, 2, forced);
    expect(w.problem).toBeUndefined();
    expect(w.record!.result.ok).toBe(true);
    expect(w.record!.passed).toBe(false);
    const m = pageModel(s, 2, { whatIf: w });
    expect(m.result?.kind).toBe('what-if');
    expect(m.object!.rows.find((r) => r.text.trim() === AWS_NODE_IMAGE_NEW)!.owners.map((o) => o.label)).toEqual(['eks']);
    expect(renderPage(m).result).toContain('Not part of the scenario');
    // Scenario and what-if side by side; the scenario's expectations are compared, not failed.
    expect(m.result?.comparison?.scenario).toBe('409 Conflict: 2 conflicts with kubectl-client-side-apply');
    expect(m.result?.comparison?.whatIf).toMatch(/^succeeded: eks took 2 fields from kubectl-client-side-apply(;|$)/);
    const html = renderPage(m).result;
    expect(html).toContain('<dt>scenario</dt><dd>409 Conflict: 2 conflicts with kubectl-client-side-apply</dd>');
    expect(html).toContain('<strong>DIFFERS</strong>');
    expect(html).not.toMatch(/<strong>FAIL<\/strong>|class="fail"/);
    // The scenario's own step has no comparison.
    expect(pageModel(s, 3).result?.comparison).toBeUndefined();
  });

  it('what-if: another field manager', () => {
    const text = setManager(nextStepText(s, 2), 'my-addon');
    expect(readFlags(text).manager).toEqual({ value: 'my-addon', placeholder: 'eks' });
    const w = runWhatIf(s, 2, text);
    expect(w.record!.result.error).toBe(EKS_CONFLICT_409);
  });
});

describe('values before and after a step, beside its ownership changes', () => {
  it('a changed value and a removed one (kubectl apply --server-side drops legacy)', () => {
    const m = pageModel(session('scenarios/csa-to-ssa-migration.yaml'), 2);
    const values = m.result!.values.filter((v) => v.object === 'configmap/with-kubectl -n default' && v.path.startsWith('.data'));
    expect(values).toEqual([
      { object: 'configmap/with-kubectl -n default', path: '.data.key', before: 'value', after: 'new-value' },
      { object: 'configmap/with-kubectl -n default', path: '.data.legacy', before: 'old', after: null },
    ]);
    const html = renderPage(m).result;
    expect(html).toContain('<li><code class="path">.data.key</code>: <span class="before">&quot;value&quot;</span> <span aria-label="becomes">→</span> <span class="after">&quot;new-value&quot;</span></li>');
    expect(html).toContain('<li><code class="path">.data.legacy</code>: <span class="before">&quot;old&quot;</span> <span aria-label="becomes">→</span> <span class="after missing">(removed)</span></li>');
  });

  it('a number: the autoscaler takes .spec.replicas from 3 to 5', () => {
    const m = pageModel(session('scenarios/autoscaler-scale-handover.yaml'), 2);
    expect(m.result!.values.map((v) => [v.path, v.before, v.after])).toEqual([['.spec.replicas', 3, 5]]);
    expect(renderPage(m).result).toMatch(/<li class="change change-took">[^<]*\.spec\.replicas[^<]*<ul class="values" aria-label="values changed"><li><code class="path">\.spec\.replicas<\/code>: <span class="before">3<\/span> <span aria-label="becomes">→<\/span> <span class="after">5<\/span><\/li><\/ul><\/li>/);
    expect(m.object!.rows.find((r) => r.path === '.spec.replicas')?.value).toMatchObject({ before: 3, after: 5 });
  });

  it('a created object\'s many new values fold into one disclosure, each with (none) before it', () => {
    const m = pageModel(session(EKS), 1);
    const html = renderPage(m).result;
    const n = m.result!.values.filter((v) => v.object === 'daemonset.apps/aws-node -n kube-system').length;
    expect(n).toBeGreaterThan(6);
    expect(m.result!.values.every((v) => v.before === null)).toBe(true);
    // Closed, and rendered when opened: the page parses what a learner opens, not every value of every step.
    const at = /<details class="values" data-change="(\d+\.\d+)"><summary>the (\d+) values, before → after<\/summary><\/details>/.exec(html);
    expect(Number(at?.[2])).toBe(n);
    const body = changeDetail(m.result!, 'values', at![1]);
    expect(html).not.toContain(body);
    expect(body.match(/<li>/g)?.length).toBe(n);
    expect(body).toContain('<span class="before missing">(none)</span>');
    // Added values are the lines themselves: no "was" on any line.
    expect(m.object!.rows.some((r) => r.value)).toBe(false);
  });
});

describe('long lists of a step\'s result open on demand', () => {
  it('the forced apply\'s "now shares" paths are a closed disclosure whose body is rendered when opened', () => {
    const m = pageModel(session(EKS), 4);
    const html = renderPage(m).result;
    const oc = m.result!.changes.findIndex((c) => c.display === 'daemonset.apps/aws-node -n kube-system');
    const ci = m.result!.changes[oc].changes.findIndex((c) => c.kind === 'shares');
    const change = m.result!.changes[oc].changes[ci];
    expect(change.paths.length).toBeGreaterThan(100);
    expect(html).toContain(`<details class="paths" data-change="${oc}.${ci}"><summary>the ${change.paths.length} paths</summary></details>`);
    expect(html).not.toContain('<ul class="paths">');
    const body = changeDetail(m.result!, 'paths', `${oc}.${ci}`);
    expect(body.match(/<li>/g)?.length).toBe(change.paths.length);
    expect(body).toContain('<li><code>.metadata.labels.k8s-app</code></li>');
    expect(changeDetail(m.result!, 'paths', '99.0')).toBe('');
  });
});

describe('a step outcome in one line', () => {
  it('counts the fields under a topmost path, as a counted line does', () => {
    const set = (paths: string[]) => FieldSet.fromPaths(paths.map((p) => p.split('.').filter(Boolean).map(fieldElement)));
    const before = [{ manager: 'a', operation: 'Apply' as const, apiVersion: 'v1', subresource: '', time: undefined, set: set(['.p', '.p.q', '.p.r', '.s', '.s.t']) }];
    const changes = ownershipChanges(before, [], { p: { q: 1, r: 2 }, s: { t: 3 } }, {});
    const rec = { result: { ok: true, conflicts: [] }, changes: [{ display: 'o', changes }] } as unknown as StepRecord;
    expect(outcomeLine(rec)).toBe("succeeded: removed 5 fields: no manager left; a no longer owns any field: its managedFields entry is gone");
  });
});

describe('what-if flags per action', () => {
  it('a raw request: a field manager only for the verbs whose options take one', () => {
    const get = 'request: {verb: get, target: {apiVersion: v1, kind: Pod, namespace: default, name: p}}\n';
    expect(readFlags(get).manager).toBeUndefined();
    expect(setManager(get, 'm')).toBe(get);
    const apply = 'request: {verb: apply, body: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}}}\n';
    expect(readFlags(apply).manager).toEqual({ value: '', placeholder: '' });
    expect(setManager(apply, 'm')).toContain('options: {fieldManager: m}');
    expect(readFlags('request: {verb: delete, target: {apiVersion: v1, kind: Pod, name: p}}\n').manager).toBeUndefined();
  });

  it('engine apply: force and manager', () => {
    const t = 'apply: {manager: a, apiVersion: v1, object: {x: 1}}\n';
    expect(readFlags(t)).toMatchObject({ action: 'apply', force: { checked: false }, manager: { value: 'a' } });
    expect(readFlags(setForce(t, true)).force?.checked).toBe(true);
    expect(readFlags(setForce(setForce(t, true), false)).force?.checked).toBe(false);
    expect(readFlags(setManager(t, 'b')).manager?.value).toBe('b');
  });

  it('kubectl apply: --force-conflicts and --field-manager, defaults shown', () => {
    const t = 'kubectl-apply:\n  serverSide: true\n  manifests: |\n    kind: ConfigMap\n';
    expect(readFlags(t).manager).toEqual({ value: '', placeholder: 'kubectl' });
    expect(setForce(t, true)).toContain('forceConflicts: true');
    expect(setForce(t, true)).toContain('  manifests: |\n    kind: ConfigMap\n');
  });

  it('read as the step runs: a YAML 1.1 boolean is force, as the scenario parser reads it', () => {
    const t = 'kubectl-apply:\n  serverSide: true\n  forceConflicts: yes\n  manifests: |\n    kind: ConfigMap\n';
    const step = parseScenario(wrapStep(t, 'cluster'), 'what-if.yaml').steps[0];
    expect(isMap(step.args) && getKey(step.args, 'forceConflicts')).toBe(true);
    expect(readFlags(t).force?.checked).toBe(true);
  });

  it('every library step shows the flags it showed when the yaml package read them', () => {
    let compared = 0;
    for (const e of libraryEntries(files)) {
      const s = session(e.file);
      for (let pos = 0; pos < s.steps.length; pos++) {
        const text = nextStepText(s, pos);
        expect(readFlags(text), `${e.file} at ${pos}`).toEqual(flagsOfStep(parseDocument(text, { uniqueKeys: false }).toJS()));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('an update has no force; an unreadable text is left alone', () => {
    expect(readFlags('update: {manager: a, object: {}}').force).toBeUndefined();
    expect(readFlags('apply: [').unreadable).toBeDefined();
    expect(setForce('apply: [', true)).toBe('apply: [');
  });
});

describe('readable errors', () => {
  it('a scenario that cannot be read names the line and shows it', () => {
    const text = 'name: broken\nmode: engine\nsteps:\n  - apply: {manager: a, object: {x: 1}}\n  - frobnicate: {}\n';
    const s = startSession(text, 'pasted.yaml', libraryEnvironment(files, 'scenarios/pasted.yaml'));
    expect(s.problem?.title).toBe('The scenario could not be read');
    expect(s.problem?.line).toBe(5);
    expect(s.problem?.message).toMatch(/^line 5, column \d+: steps\[1\]/);
    expect(s.problem?.excerpt.find((l) => l.marked)?.text).toBe('  - frobnicate: {}');
    const html = renderPage(pageModel(s, 0));
    expect(html.result).toContain('The scenario could not be read');
    expect(html.object).toContain('No scenario is loaded.');
  });

  it('invalid YAML names its line', () => {
    const s = startSession('name: x\nsteps:\n  - apply: {manager: a\n', 'pasted.yaml', libraryEnvironment(files, 'scenarios/pasted.yaml'));
    expect(s.problem?.line).toBeGreaterThan(0);
    expect(s.problem?.message).toMatch(/^line \d+, column \d+: invalid YAML/);
  });

  it('a session opened without running and run one step at a time is the scenario run at once', () => {
    for (const e of libraryEntries(files)) {
      const env = libraryEnvironment(files, e.file);
      const text = files.get(e.file)!;
      const whole = runScenario(parseScenario(text, e.file), modeRunner(parseScenario(text, e.file), env));
      let s = openSession(text, e.file, env);
      expect(s.steps.length, e.file).toBe(0);
      expect(s.done, e.file).toBe(whole.steps.length === 0);
      // Before the steps run, the page offers every position; the steps show as pending, not as "did not run".
      expect(lastReachable(s), e.file).toBe(whole.steps.length);
      expect(pageModel(s, 0).steps.every((x) => x.pending && x.ok === undefined), e.file).toBe(true);
      expect(renderPage(pageModel(s, 0)).steps, e.file).not.toContain('did not run');
      while (!s.done) s = runNextStep(s);
      expect(runNextStep(s)).toBe(s);
      const summary = (r: StepRecord) => ({ ...r.result, expectations: r.expectations.map((x) => [x.passed, x.description, x.detail]), passed: r.passed, changes: r.changes });
      expect(s.steps.map(summary), e.file).toEqual(whole.steps.map(summary));
      expect(s.steps.map((r) => r.after.objects.map((o) => o.object)), e.file).toEqual(whole.steps.map((r) => r.after.objects.map((o) => o.object)));
      expect([...s.managerSlots], e.file).toEqual([...startSession(text, e.file, env).managerSlots]);
      expect(pageModel(s, 0).steps.some((x) => x.pending), e.file).toBe(false);
    }
  });

  it('colours of the first twelve managers do not wait for the rest of the run; past twelve they do', () => {
    const text = ['name: many', 'mode: engine', 'schema: deduced', 'steps:', ...Array.from({ length: 14 }, (_, i) => `  - apply: {manager: m${i}, apiVersion: v1, object: {f${i}: 1}}`)].join('\n') + '\n';
    const file = 'scenarios/engine/many.yaml';
    const env = libraryEnvironment(files, file);
    const whole = startSession(text, file, env);
    expect(whole.problem).toBeUndefined();
    expect(whole.managerSlots.size).toBe(14);
    let s = runSessionTo(openSession(text, file, env), 12);
    expect(s.managerSlots.size).toBe(12);
    expect(slotsSettled(s)).toBe(true);
    for (const [m, slot] of s.managerSlots) expect(whole.managerSlots.get(m), m).toBe(slot);
    s = runNextStep(s);
    expect(slotsSettled(s)).toBe(false);
  });

  it('a step that cannot run stops the run there; earlier steps stay viewable', () => {
    const text = 'name: stops\nsteps:\n  - kubectl-apply: {manifests: "apiVersion: v1\\nkind: ConfigMap\\nmetadata: {name: a}\\n"}\n  - kubectl-set-env: {env: {A: "1"}}\n';
    const s = startSession(text, 'pasted.yaml', libraryEnvironment(files, 'scenarios/pasted.yaml'));
    expect(s.steps.length).toBe(1);
    expect(s.problem?.title).toBe('Step 2 could not run');
    expect(s.problem?.message).toMatch(/line 4/);
    expect(renderPage(pageModel(s, 1)).result).toContain('Step 2 could not run');
  });

  it('a YAML mistake inside a manifests block points at the line of the pasted text', () => {
    const text = 'name: n\nsteps:\n  - kubectl-apply:\n      manifests: |\n        apiVersion: v1\n        kind: ConfigMap\n        metadata: {name: [x}\n';
    const s = startSession(text, 'pasted.yaml', libraryEnvironment(files, 'scenarios/pasted.yaml'));
    expect(s.problem?.line).toBe(7);
    expect(s.problem?.message).not.toContain('<manifests>');
    expect(s.problem?.excerpt.find((l) => l.marked)?.text).toBe('        metadata: {name: [x}');
  });

  it('what-if errors point at lines of the editor, not of a hidden wrapper', () => {
    const s = session('scenarios/engine/leaf-conflict-then-force.yaml');
    const w = runWhatIf(s, 1, 'title: x\napply: {manager: a, apiVersion: v1, object: {}, bogus: 1}\n');
    expect(w.problem?.line).toBe(2);
    expect(w.problem?.excerpt.find((l) => l.marked)?.text).toBe('apply: {manager: a, apiVersion: v1, object: {}, bogus: 1}');
  });

  it('the author text of a step, comments and block scalars kept', () => {
    const text = 'name: n\nsteps:\n  - title: one   # first\n    apply: {manager: a, object: {}}\n  - title: two\n    explain: |\n      line one\n      line two\n    apply: {manager: b, object: {}}\n';
    expect(stepText(text, 0)).toBe('title: one   # first\napply: {manager: a, object: {}}\n');
    expect(stepText(text, 1)).toBe('title: two\nexplain: |\n  line one\n  line two\napply: {manager: b, object: {}}\n');
    expect(stepText(text, 2)).toBeUndefined();
    // Every step from one parse of the file: the same texts, in order.
    expect(authoredSteps(text)).toEqual([
      { text: stepText(text, 0), aliased: false },
      { text: stepText(text, 1), aliased: false },
    ]);
    expect(authoredSteps('name: n\nsteps: {}\n')).toEqual([]);
    expect(authoredSteps('steps: [\n')).toEqual([]);
    // A step naming an anchor of another one says so (read alone, it would lack the anchor).
    expect(authoredSteps('steps:\n  - apply: &a {manager: a}\n  - apply: {<<: *a, force: true}\n').map((x) => x?.aliased)).toEqual([false, true]);
  });

  it('the steps cut from the lines where the scenario parser says they start: the composed document\'s texts, on every library file and on layouts that test the cut', () => {
    /** Each step's start as the scenario parser finds it (the line reader's positions). */
    const starts = (text: string) => {
      const doc = readYamlDocument(text, 'x.yaml');
      const steps = isMap(doc.value) ? getKey(doc.value, 'steps') : undefined;
      return isList(steps) ? steps.map((_, i) => doc.positionOf(['steps', i])) : [];
    };
    let cut = 0;
    for (const [file, text] of files) {
      if (!/^name:/m.test(text) || !/^steps:/m.test(text)) continue;
      const lines = stepsFromLines(text, starts(text));
      // Every library file is cut from its lines but those with a star (their steps share anchors).
      expect(lines !== undefined || text.includes('*'), file).toBe(true);
      if (lines) cut++;
      expect(authoredSteps(text, starts(text)), file).toEqual(authoredSteps(text));
    }
    expect(cut).toBeGreaterThan(30);
    const layouts: [string, 'cut' | 'composed'][] = [
      // Comments inside a step, at its dash's column too, and on its last line.
      ['steps:\n  - a: 1\n  # inside\n    b: 2   # tail\n\n  - x: {y: 1}  # tail\n    # inner\n    c: 3\n\n  - z\n', 'cut'],
      // Extra spaces after the dash, a literal block with blank lines and a `#` line inside, a folded one, then another key.
      ['steps:\n  -   w: 1\n      v: |\n        lit\n\n        # not a comment\n        more\n\n  - k: >-\n      folded\n      text\n\n\nother: 1\n', 'cut'],
      // A flow map over two lines with a comment after it, a sequence at column 0, a quoted scalar over two lines, a document end.
      ['steps:\n  - {a: 1,\n     b: 2}   # t\n  - last: 1 # end\n', 'cut'],
      ['steps:\n- a: 1\n  b: [1,\n    2]\n- c: "x\n   y"\n...\n', 'cut'],
      // Comment lines after a step's last line: YAML gives them to one step or the next by rules of its own.
      ['steps:\n  - a: 1\n\n  # before the next\n  - z\n', 'composed'],
      ['steps:\n  - x: {y: 1}\n    # inner\n  # outer\n\n  - z\n', 'composed'],
      // A step whose node starts on the line after its dash; a star that may be an alias, and one that is.
      ['steps:\n  -\n    k: 1\n', 'composed'],
      ['steps:\n  - title: 2 * 3\n', 'composed'],
      ['steps:\n  - apply: &a {m: 1}\n  - apply: *a\n', 'composed'],
    ];
    for (const [text, how] of layouts) {
      expect(stepsFromLines(text, starts(text)) === undefined ? 'composed' : 'cut', text).toBe(how);
      expect(authoredSteps(text, starts(text)), text).toEqual(authoredSteps(text));
    }
  });

  it('an aliased step: the editor text is written from the composed document, every step of it', () => {
    const text = 'name: n\nmode: engine\nsteps:\n  - apply: &a {manager: a, apiVersion: v1, object: {x: 1}}\n  - apply: *a\n';
    const s = startSession(text, 'pasted.yaml', libraryEnvironment(files, 'scenarios/pasted.yaml'));
    expect(nextStepText(s, 0)).toBe('apply: &a {manager: a, apiVersion: v1, object: {x: 1}}\n');
    expect(nextStepText(s, 1)).toBe('apply:\n  apiVersion: v1\n  manager: a\n  object:\n    x: 1\n');
    // Asked again (as stepping back does): the same text.
    expect(nextStepText(s, 1)).toBe(nextStepText(s, 1));
  });
});

describe('fieldsV1Rows', () => {
  it('one row per key, `.` for an item owned as a whole', () => {
    const rows = fieldsV1Rows(decodeFieldsV1('{"f:data":{".":{},"f:a":{}},"f:list":{"v:\\"x\\"":{}}}'));
    expect(rows.map((r) => [r.depth, r.key, r.path, r.owned])).toEqual([
      [0, 'f:data', '.data', false],
      [1, '.', '.data', true],
      [1, 'f:a', '.data.a', true],
      [0, 'f:list', '.list', false],
      [1, 'v:"x"', '.list[="x"]', true],
    ]);
  });
});

/**
 * The step's Conflicts list names each owner as the 409 does: a write through /scale is
 * `"kube-controller-manager" with subresource "scale" using apps/v1`. Before, the list said
 * "owned by kube-controller-manager" under a 409 text naming the subresource.
 */
describe('the Conflicts list of a refused apply', () => {
  it('names the owner with its subresource and version, in the 409\'s words', () => {
    const f = 'scenarios/autoscaler-scale-handover.yaml';
    const m = pageModel(startSession(files.get(f)!, f, libraryEnvironment(files, f)), 3);
    const html = renderResult(m);
    expect(html).toContain('Apply failed with 1 conflict: conflict with &quot;kube-controller-manager&quot; with subresource &quot;scale&quot; using apps/v1: .spec.replicas');
    expect(html).toContain('<ul class="conflicts"><li><code>.spec.replicas</code> conflicts with <strong>&quot;kube-controller-manager&quot; with subresource &quot;scale&quot; using apps/v1</strong></li></ul>');
  });
});
