/**
 * The file name kubectl-apply and kubectl-create steps give kubectl when the manifests are written
 * in the scenario (docs/scenarios.md): one made from the first object's kind and name,
 * `configmap-x.yaml`, whether the manifests are YAML text or a list of objects. The list gave
 * `configmap/x`, which kubectl would read as a folder and a file, in the `$` line and in kubectl's
 * own messages (`error when creating "configmap/x"`).
 */
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { write } = scratchDir('ssa-sim-run-manifest-names-');

const scenario = (manifests: string) =>
  write(
    'names.yaml',
    `name: kubectl names the file
steps:
  - kubectl-create:
      manifests: ${manifests}
  - kubectl-create:
      manifests: ${manifests}
    expect:
      exitCode: 1
`,
  );

const asText = `|
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: x
        data: {a: "1"}
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: z`;
const asList = `
        - {apiVersion: v1, kind: ConfigMap, metadata: {name: x}, data: {a: "1"}}
        - {apiVersion: v1, kind: ConfigMap, metadata: {name: z}}`;

describe('run: the -f name of manifests written in the scenario', () => {
  it.each([
    ['YAML text', asText],
    ['a list of objects', asList],
  ])('%s: configmap-x.yaml, in the $ line and in kubectl\'s messages', async (_, manifests) => {
    const r = await runCli(['run', scenario(manifests)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  $ kubectl create -f configmap-x.yaml\n    configmap/x created\n    configmap/z created\n');
    expect(r.stdout).toContain('    Error from server (AlreadyExists): error when creating "configmap-x.yaml": configmaps "x" already exists\n');
  });
});
