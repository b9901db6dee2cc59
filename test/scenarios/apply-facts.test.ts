/**
 * `run` (text and -o json) and the playground's page model show the same facts preview shows: the
 * conflicts the API server forgave (last-applied exception) and kubectl's migration of
 * client-side-apply ownership, read from the actors' outcome (issue 10, observation 6).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { statusConflicts } from '../../src/scenarios/apply-facts.js';
import { formatStep, modeRunner, parseScenario, runReport, runScenario } from '../../src/scenarios/index.js';
import { pageModel } from '../../src/web/page-model.js';
import { renderResult } from '../../src/web/render-page.js';
import { startSession } from '../../src/web/session.js';

const file = 'scenarios/csa-to-ssa-migration.yaml';
const scenario = parseScenario(readFileSync(file, 'utf8'), file);
const run = runScenario(scenario, modeRunner(scenario, { readFile: (p) => readFileSync(`scenarios/${p}`, 'utf8') }));
const object = 'configmap/with-kubectl -n default';

describe('run shows what decided an apply', () => {
  it('the step of kubectl apply --server-side: the forgiven conflict and the migration, in text', () => {
    const text = formatStep(run.steps[1], scenario.steps.length);
    expect(text).toContain(
      '    last-applied exception: the API server did not report 1 conflict with "kubectl-client-side-apply" using v1 on configmap/with-kubectl -n default: ' +
        'the live value still equals the kubectl.kubernetes.io/last-applied-configuration annotation and the field manager is "kubectl" (the only one it forgives), so "kubectl" took them as if forced:\n' +
        '      - .data.key\n',
    );
    expect(text).toContain(
      '    client-side apply migration: kubectl moved the Update entry of "kubectl-client-side-apply" on configmap/with-kubectl -n default into the Apply entry of "kubectl" after the apply',
    );
  });

  it('and in run -o json, in preview\'s shape', () => {
    const step = (runReport(run) as { steps: { forgivenConflicts: unknown; migrations: unknown }[] }).steps[1];
    expect(step.forgivenConflicts).toEqual([
      { object, manager: 'kubectl-client-side-apply', operation: 'Update', apiVersion: 'v1', subresource: '', path: '.data.key', liveValue: 'value', appliedValue: 'new-value' },
    ]);
    expect(step.migrations).toEqual([{ object, from: ['kubectl-client-side-apply'], to: 'kubectl', dryRun: false }]);
  });

  it('Flux\'s step claims neither', () => {
    expect(run.steps[2].result.forgivenConflicts).toEqual([]);
    expect(run.steps[2].result.migrations).toEqual([]);
    expect(formatStep(run.steps[2], scenario.steps.length)).not.toMatch(/last-applied exception|migration:/);
  });

  it('the playground shows the same lines under the step', () => {
    const session = startSession(readFileSync(file, 'utf8'), file, { readFile: (p) => readFileSync(`scenarios/${p}`, 'utf8') });
    const model = pageModel(session, 2);
    expect(model.result?.facts).toEqual(formatStep(run.steps[1], scenario.steps.length).split('\n').filter((l) => /^ {4}(last-applied|client-side apply|  - \.data)/.test(l)).map((l) => l.slice(4)));
    expect(renderResult(model)).toContain('data-testid="apply-facts"');
    expect(pageModel(session, 3).result?.facts).toEqual([]);
  });
});

describe('statusConflicts: the one reading of conflicts from a result', () => {
  it("reads each FieldManagerConflict cause of a 409 as manager, path and message", () => {
    const causes = [
      { reason: 'FieldManagerConflict', message: 'conflict with "helm"', field: '.metadata.labels.app' },
      { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-edit" using apps/v1', field: '.spec.replicas' },
      { reason: 'FieldManagerConflict', message: 'conflict with "hpa" with subresource "scale" using autoscaling/v1', field: '.spec.replicas' },
    ];
    expect(statusConflicts({ causes })).toEqual([
      { manager: 'helm', path: '.metadata.labels.app', message: 'conflict with "helm"' },
      { manager: 'kubectl-edit', path: '.spec.replicas', message: 'conflict with "kubectl-edit" using apps/v1' },
      { manager: 'hpa', path: '.spec.replicas', message: 'conflict with "hpa" with subresource "scale" using autoscaling/v1' },
    ]);
  });

  it('reads none from another failure, whatever its causes', () => {
    expect(statusConflicts({ causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "x"', field: 'spec.replicas' }] })).toEqual([]);
    expect(statusConflicts(undefined)).toEqual([]);
  });
});
