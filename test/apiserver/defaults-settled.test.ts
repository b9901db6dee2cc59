/**
 * The store's second defaulting (commit.ts) is skipped when the write changed nothing defaulting
 * reads or writes since it was defaulted (defaults-settled.ts). The skip rests on two facts checked
 * here: defaulting is idempotent, and the old path (always defaulting again) gives the same answers
 * and states on every library scenario and on the reference objects. The old path is the same
 * server with one configured defaulter that changes nothing: a configured defaulter turns the skip off.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCluster, serve, type ApiRequest, type ClusterState, type KubeObject } from '../../src/apiserver/index.js';
import { stillDefaulted } from '../../src/apiserver/defaults-settled.js';
import { defaulterFor, resolveTarget } from '../../src/apiserver/request-context.js';
import { setPath, toValue } from '../../src/apiserver/object-paths.js';
import { SsaError } from '../../src/errors/ssa-error.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { readObjects } from '../../src/manifest/read-manifests.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { clusterRunner, type ClusterRunState } from '../../src/scenarios/cluster-mode.js';
import { parseScenario, runScenarioSteps } from '../../src/scenarios/index.js';
import type { ModeRunner, Snapshot, StepRecord } from '../../src/scenarios/run-types.js';
import { fileEnvironment as environment } from '../../src/cli/commands/run.js';
import { scenarioFiles } from '../support/scenario-files.js';
import { deepCopy, type ValueMap } from '../../src/value/value.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REFERENCE = resolve(root, '..', 'shared', 'reference', 'objects');
const SERVED_NOW: Readonly<Record<string, string>> = { 'extensions/v1beta1': 'apps/v1' };

/** The same cluster, with a configured defaulter that changes nothing: the store defaults every write again. */
function alwaysDefaulting(state: ClusterState): ClusterState {
  return { ...state, config: { ...state.config, defaulters: [(o) => o] } };
}

function withOldPath(runner: ModeRunner): ModeRunner {
  const run = runner.initial.state as ClusterRunState;
  const initial: Snapshot = { ...runner.initial, state: { ...run, cluster: alwaysDefaulting(run.cluster) } };
  return { initial, run: runner.run };
}

/** `x` with every field set as its FieldsV1 text (sets keep caches filled on first use, which differ by history). */
function plain(x: unknown): unknown {
  if (x instanceof FieldSet) return encodeFieldsV1(x);
  if (x instanceof Map) return [...x].map(plain);
  if (Array.isArray(x)) return x.map(plain);
  if (x !== null && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, plain(v)]));
  return x;
}

/** What a step shows and keeps, without the configuration (whose defaulters differ on purpose). */
function observable(rec: StepRecord): unknown {
  const after = rec.after.state as ClusterRunState | undefined;
  return plain({
    result: rec.result,
    objects: rec.after.objects.map((o) => ({ display: o.display, object: o.object, owners: o.owners })),
    stored: after?.cluster ? [...after.cluster.objects] : [],
    changes: rec.changes,
    expectations: rec.expectations.map((e) => [e.passed, e.description, e.detail]),
  });
}

describe('the store defaults a write again only where it could change something', () => {
  const files = scenarioFiles(join(root, 'scenarios'));

  it('every library scenario in cluster mode: the same steps as when every write is defaulted again', () => {
    let compared = 0;
    for (const file of files) {
      const scenario = parseScenario(readFileSync(file, 'utf8'), file);
      if (scenario.mode === 'engine') continue;
      const runner = clusterRunner(scenario, environment(file));
      let fast: unknown[];
      let old: unknown[];
      try {
        fast = [...runScenarioSteps(scenario, runner)].map(observable);
      } catch (e) {
        // A scenario that stops on an input error must stop the same way on the old path.
        expect(() => [...runScenarioSteps(scenario, withOldPath(clusterRunner(scenario, environment(file))))]).toThrow((e as Error).message);
        continue;
      }
      const oldRunner = withOldPath(clusterRunner(scenario, environment(file)));
      const steps = [...runScenarioSteps(scenario, oldRunner)];
      old = steps.map(observable);
      // The old path kept its always-defaulting configuration to the end.
      const last = steps.length > 0 ? (steps[steps.length - 1].after.state as ClusterRunState) : undefined;
      if (last) expect(last.cluster.config.defaulters).toHaveLength(1);
      expect(fast, file).toEqual(old);
      compared++;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('the reference objects: create, apply, update, patch and status writes answer and store the same', () => {
    // The apiextensions.k8s.io/v1beta1 CRD (spec.version, spec.validation without a root type)
    // has no v1 form 1.32 accepts: written as v1 it has no versions, so no storage version
    // (`spec.versions: ... must have exactly one version marked as storage version`), and with
    // them its schema is not structural. A refused create would leave nothing to compare.
    const objects = readdirSync(REFERENCE)
      .flatMap((f) => readObjects(readFileSync(join(REFERENCE, f), 'utf8'), { file: f }))
      .filter((o) => o.apiVersion !== 'apiextensions.k8s.io/v1beta1');
    expect(objects.length).toBeGreaterThanOrEqual(4);
    for (const given of objects) {
      // Captured at versions 1.32 no longer serves: written at the version that replaced them.
      const served = SERVED_NOW[given.apiVersion as string] ?? (given.apiVersion as string);
      const body = setPath(setPath(setPath(given, ['metadata', 'managedFields'], undefined), ['metadata', 'resourceVersion'], undefined), ['apiVersion'], served);
      const ns = typeof (body.metadata as ValueMap).namespace === 'string' ? ((body.metadata as ValueMap).namespace as string) : undefined;
      const target = { apiVersion: body.apiVersion as string, kind: body.kind as string, name: (body.metadata as ValueMap).name as string, ...(ns ? { namespace: ns } : {}) };
      const labelled = setPath(body, ['metadata', 'labels', 'ssa-sim/test'], 'x');
      const requests = (stored: () => KubeObject | undefined): ApiRequest[] => [
        { verb: 'create', body, options: { fieldManager: 'creator' } },
        { verb: 'apply', body: labelled, options: { fieldManager: 'applier', force: true } },
        { verb: 'apply', body: labelled, options: { fieldManager: 'applier', force: true } },
        { verb: 'apply', body: labelled, options: { fieldManager: 'kubectl', force: false, dryRun: true } },
        { verb: 'update', body: setPath(stored() ?? body, ['metadata', 'annotations', 'ssa-sim/put'], 'y'), options: { fieldManager: 'putter' } },
        { verb: 'patch', target, patchType: 'merge', patch: toValue({ metadata: { labels: { 'ssa-sim/test': null } }, status: { observedGeneration: 3 } }), options: { fieldManager: 'patcher' } },
        { verb: 'patch', target, patchType: 'merge', patch: toValue({ status: { observedGeneration: 4 } }), options: { fieldManager: 'status-writer', subresource: 'status' } },
        { verb: 'update', body: stored() ?? body, options: { fieldManager: 'status-putter', subresource: 'status' } },
        { verb: 'patch', target, patchType: 'strategic', patch: toValue({ metadata: { annotations: { 'ssa-sim/put': null } } }), options: { fieldManager: 'patcher' } },
      ];
      const play = (start: ClusterState) => {
        let state = start;
        const answers: unknown[] = [];
        const stored = () => state.objects.values().next().value as KubeObject | undefined;
        for (let i = 0; i < requests(stored).length; i++) {
          const r = serve(state, requests(stored)[i]);
          state = r.state;
          answers.push(r.response);
        }
        return { answers, stored: [...state.objects] };
      };
      const fresh = createCluster({ catalog: builtinCatalog(), now: '2024-01-01T00:00:00Z' });
      const fast = play(fresh);
      expect((fast.answers[0] as { code: number }).code, `${target.kind}: created`).toBe(201);
      expect(fast).toEqual(play(alwaysDefaulting(fresh)));
    }
  });

  it('defaulting is idempotent on the reference objects and on every object the library stores', () => {
    const catalog = builtinCatalog();
    const state = createCluster({ catalog });
    const check = (o: KubeObject, where: string) => {
      const target = resolveTarget(state, { apiVersion: o.apiVersion as string, kind: o.kind as string });
      if ('code' in target) return;
      const d = defaulterFor(state, target.resource, target.apiVersion);
      const once = d(o);
      expect(d(deepCopy(once) as ValueMap), where).toEqual(once);
    };
    for (const f of readdirSync(REFERENCE)) for (const o of readObjects(readFileSync(join(REFERENCE, f), 'utf8'), { file: f })) check(o, f);
    let checked = 0;
    for (const file of scenarioFiles(join(root, 'scenarios'))) {
      const scenario = parseScenario(readFileSync(file, 'utf8'), file);
      if (scenario.mode === 'engine') continue;
      for (const o of scenario.objects) check(o as KubeObject, file);
      try {
        for (const rec of runScenarioSteps(scenario, clusterRunner(scenario, environment(file)))) {
          for (const o of (rec.after.state as ClusterRunState).cluster.objects.values()) {
            check(o, file);
            checked++;
          }
        }
      } catch (e) {
        if (!(e instanceof SsaError)) throw e;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('stillDefaulted', () => {
  const d = toValue({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'n', creationTimestamp: null, annotations: { 'deprecated.daemonset.template.generation': '0', a: 'b' }, labels: { x: 'y' } },
    spec: { template: { spec: { containers: [] } } },
    status: { numberReady: 0 },
  }) as ValueMap;

  it('system metadata, a set creation time, annotation values: nothing defaulting reads or writes', () => {
    let next = setPath(d, ['metadata', 'uid'], 'u');
    next = setPath(next, ['metadata', 'resourceVersion'], '3');
    next = setPath(next, ['metadata', 'generation'], 2);
    next = setPath(next, ['metadata', 'namespace'], 'kube-system');
    next = setPath(next, ['metadata', 'creationTimestamp'], '2024-01-01T00:00:00Z');
    next = setPath(next, ['metadata', 'annotations', 'deprecated.daemonset.template.generation'], '1');
    next = setPath(next, ['metadata', 'annotations', 'a'], 'c');
    next = setPath(next, ['metadata', 'managedFields'], toValue([{ manager: 'm' }]));
    next = setPath(next, ['status'], toValue({ numberReady: 0 }));
    expect(stillDefaulted(d, next)).toBe(true);
  });

  it('anything defaulting may read or write: status or spec by value, labels, a removed creation time, annotations emptied or the template generation gone', () => {
    expect(stillDefaulted(d, setPath(d, ['status'], toValue({})))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['status'], undefined))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['spec', 'template', 'spec', 'restartPolicy'], 'Never'))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['metadata', 'labels', 'x'], 'z'))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['metadata', 'creationTimestamp'], undefined))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['metadata', 'annotations'], toValue({})))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['metadata', 'annotations', 'deprecated.daemonset.template.generation'], undefined))).toBe(false);
    expect(stillDefaulted(d, setPath(d, ['metadata', 'finalizers'], toValue(['f'])))).toBe(false);
  });
});
