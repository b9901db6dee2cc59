/**
 * The one-line summary of a step is written for any options the file gives, even odd ones: a
 * map where kubectl set env takes text is reported by the actor, not a crash of the summary
 * (found by the fuzz slice: `String()` of a null-prototype map threw, exit 70).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';

describe('the step summary', () => {
  it('a map as an env value of kubectl set env is an input error at its line, not a crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-summary-'));
    const file = join(dir, 's.yaml');
    writeFileSync(
      file,
      `name: n
objects:
  - {apiVersion: apps/v1, kind: Deployment, metadata: {name: web, namespace: default}, spec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}}}
steps:
  - kubectl-set-env: {resource: deployment/web, env: {A: {b: 1}}}
    expect: {succeeds: false}
`,
    );
    const r = await runCli(['run', file]);
    expect(r.stderr).not.toMatch(/internal error/);
    // Option values are type-checked where the file gives them (src/scenarios/read-option-value.ts).
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/s\.yaml:5:58: steps\[0\]\.kubectl-set-env\.env\.A: expected a string, found a map\n$/);
  });
});

/**
 * A step's `$` line is the command that ran, as a user would type it: `kubectl edit` and the
 * others printed the scenario's own action and options (`kubectl-edit resource=daemonset/aws-node
 * namespace=kube-system`), which is no command at all, next to `kubectl set env ...` and
 * `kubectl apply ...`.
 */
describe('the step summary of kubectl commands', () => {
  const dollar = async (file: string, step: number) => {
    const r = await runCli(['run', file]);
    const at = r.stdout.indexOf(`\nStep ${step}/`);
    return /\n {2}\$ (.*)\n/.exec(r.stdout.slice(at))![1];
  };

  it('kubectl edit', async () => {
    expect(await dollar('scenarios/eks-vpc-cni-upgrade-edited-image.yaml', 2)).toBe('kubectl edit daemonset/aws-node -n kube-system');
  });

  it('kubectl patch, with its type and the patch as the file writes it', async () => {
    expect(await dollar('scenarios/coredns-partially-managed-volumes.yaml', 2)).toBe(
      `kubectl patch deployment/coredns -n kube-system --type strategic -p '{"spec":{"template":{"spec":{"volumes":[{"name":"extra-zones","configMap":{"name":"extra-zones"}}]}}}}'`,
    );
  });

  it('kubectl label', async () => {
    expect(await dollar('scenarios/big-integers.yaml', 2)).toBe('kubectl label counter/c -n default tier=gold');
  });
});

/**
 * The `-f` of a step's `$` line is the file kubectl's own messages name: the `filename` the step
 * gives (the handover's replicas-only manifest is not the Deployment's whole manifest), else a
 * name made from the manifest's kind and name, the same in the line and in kubectl's errors
 * (`error when creating "configmap-cfg.yaml"`), which named `STDIN` before.
 */
describe('the file a kubectl step reads', () => {
  const write = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-summary-'));
    const file = join(dir, 's.yaml');
    writeFileSync(file, text);
    return file;
  };
  const deployment = `apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          replicas: 5`;

  it('is the filename the step gives, in the line', async () => {
    const file = write(`name: n
steps:
  - kubectl-apply:
      serverSide: true
      fieldManager: handover-to-hpa
      filename: web-replicas-only.yaml
      manifests: |
        ${deployment}
`);
    const r = await runCli(['run', file]);
    expect(r.stdout).toContain('$ kubectl apply --server-side --field-manager=handover-to-hpa -f web-replicas-only.yaml\n');
  });

  it('is the same name in the line and in the error kubectl prints', async () => {
    const file = write(`name: n
steps:
  - kubectl-create:
      manifests: |
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: cfg, namespace: default}
        data: {a: b}
  - kubectl-create:
      manifests: |
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: cfg, namespace: default}
    expect: {succeeds: false}
`);
    const r = await runCli(['run', file]);
    expect(r.stdout).toContain('$ kubectl create -f configmap-cfg.yaml\n');
    expect(r.stdout).toContain('error when creating "configmap-cfg.yaml"');
    expect(r.stdout).not.toContain('STDIN');
  });
});
