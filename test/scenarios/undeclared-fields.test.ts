/**
 * `run`: a scenario manifest with a field the schema does not declare keeps the server's text as
 * the step's error, and the step says where the field is in the scenario file (or in the manifest
 * file it names) and what was probably meant (issue 10).
 */
import { describe, expect, it } from 'vitest';
import { formatStep, modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';

const scenarioText = `name: typo
steps:
  - title: server-side, embedded manifest
    kubectl-apply:
      serverSide: true
      manifests: |
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          namespace: default
        dataa:
          key: value
    expect:
      error: 'failed to create typed patch object (default/settings; /v1, Kind=ConfigMap): .dataa: field not declared in schema'
  - title: client-side, a manifest file
    kubectl-apply:
      manifests: {file: cm.yaml}
    expect:
      error: 'strict decoding error: unknown field "dataa"'
  - title: server-side apply, objects in the scenario
    server-side-apply:
      fieldManager: flux
      manifests:
        - apiVersion: v1
          kind: ConfigMap
          metadata: {name: other, namespace: default}
          dataa: {key: value}
`;
const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: default\ndataa:\n  key: value\n';
const scenario = parseScenario(scenarioText, 'typo.yaml');
const run = runScenario(scenario, modeRunner(scenario, { readFile: () => cm }));

describe('run: fields the schema does not declare', () => {
  it('embedded manifest: the server\'s text stays the error; the note points into the scenario file', () => {
    expect(run.steps[0].passed).toBe(true);
    expect(run.steps[0].result.notes).toContain('typo.yaml:12:9: .dataa: not declared in the schema of ConfigMap v1; did you mean "data"?');
    expect(formatStep(run.steps[0], 3)).toContain('  note: typo.yaml:12:9: .dataa: not declared in the schema of ConfigMap v1; did you mean "data"?\n');
  });
  it('a manifest file: kubectl\'s strict decoding error, the note points into that file', () => {
    expect(run.steps[1].passed).toBe(true);
    expect(run.steps[1].result.notes).toContain('cm.yaml:6:1: .dataa: not declared in the schema of ConfigMap v1; did you mean "data"?');
  });
  it('objects written in the scenario: their position in the scenario file', () => {
    expect(run.steps[2].result.notes).toContain('typo.yaml:28:11: .dataa: not declared in the schema of ConfigMap v1; did you mean "data"?');
  });
});
