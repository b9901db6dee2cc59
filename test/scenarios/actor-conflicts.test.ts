/**
 * An action's conflicts are every conflict its refused writes name: the add-on manager's dry run
 * refuses each conflicting object, and its ConfigurationConflict names them all, so `run`, the
 * playground and addon-check (which reads the runner's result) see them all.
 */
import { describe, expect, it } from 'vitest';
import { modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';

const configMaps = (value: string) => `|
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: a, namespace: default}
        data: {k: "${value}"}
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: b, namespace: default}
        data: {k: "${value}"}`;

const text = `name: an add-on update that conflicts on two objects
clock: {start: "2022-10-03T08:00:00Z", tick: 1m}
steps:
  - title: EKS installs the add-on
    eks-create-addon:
      addonName: demo
      addonVersion: v1
      resolveConflicts: NONE
      manifests: ${configMaps('1')}
  - title: helm takes both values
    kubectl-apply:
      serverSide: true
      fieldManager: helm
      forceConflicts: true
      manifests: ${configMaps('2')}
  - title: the update with NONE
    eks-update-addon:
      addonName: demo
      addonVersion: v2
      resolveConflicts: NONE
      manifests: ${configMaps('3')}
`;

describe('the conflicts of an action', () => {
  it("are those of every write it had refused, each with its object", () => {
    const scenario = parseScenario(text, 'two-objects.yaml');
    const run = runScenario(scenario, modeRunner(scenario, { readFile: () => '' }));
    const update = run.steps[2].result;
    expect(update.ok).toBe(false);
    expect(update.stderr).toContain('Conflicts: ConfigMap a - .data.k ConfigMap b - .data.k');
    expect(update.conflicts).toEqual([
      // The owner as the 409 names it: an applier by its name alone.
      { manager: 'helm', path: '.data.k', owner: '"helm"', object: { apiVersion: 'v1', kind: 'ConfigMap', name: 'a', namespace: 'default' } },
      { manager: 'helm', path: '.data.k', owner: '"helm"', object: { apiVersion: 'v1', kind: 'ConfigMap', name: 'b', namespace: 'default' } },
    ]);
  });
});
