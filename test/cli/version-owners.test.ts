/**
 * An entry written at another API version owns paths of that version: a HorizontalPodAutoscaler
 * updated through autoscaling/v1 owns `.spec.targetCPUUtilizationPercentage`, which the v2 object
 * shows as its cpu metric. The API server compares that entry at v1 (preview: an apply that
 * changes the metric conflicts with it), so every view reads it at the object's version: blame
 * puts its owner on the metric's lines, explain says so and why, and explain -f's verdict is the
 * server's 409, not "fails on other fields".
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-version-owners-');

const LIVE = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
  namespace: default
  managedFields:
  - manager: alice
    operation: Apply
    apiVersion: autoscaling/v2
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:maxReplicas: {}
        f:scaleTargetRef: {}
  - manager: bob
    operation: Update
    apiVersion: autoscaling/v1
    time: "2026-01-02T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:targetCPUUtilizationPercentage: {}
spec:
  maxReplicas: 5
  minReplicas: 1
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  metrics:
  - type: Resource
    resource:
      name: cpu
      target: {type: Utilization, averageUtilization: 60}
`;

const MANIFEST = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web, namespace: default}
spec:
  maxReplicas: 5
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  metrics:
  - type: Resource
    resource:
      name: cpu
      target: {type: Utilization, averageUtilization: 80}
`;

const live = join(dir, 'hpa.yaml');
const manifest = join(dir, 'hpa-80.yaml');
writeFileSync(live, LIVE);
writeFileSync(manifest, MANIFEST);
const now = ['--now', '2026-01-10T00:00:00Z'];
const PATH = '.spec.metrics[0].resource.target.averageUtilization';

describe('entries at another API version, read at the object\'s', () => {
  it('the API server: changing the cpu metric conflicts with the v1 entry', async () => {
    const p = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'carol']);
    expect(p.code).toBe(1);
    expect(p.stderr).toContain('conflict with "bob" using autoscaling/v1: .spec.targetCPUUtilizationPercentage');
  });

  it('blame: the v1 entry owns the metric lines, and nothing is "not in the object"', async () => {
    const r = await runCli(['blame', live, '--time', 'none', '--color', 'never']);
    expect(r.stdout).toContain('bob (Update)  |   metrics:\n');
    expect(r.stdout).toContain('bob (Update)  |         averageUtilization: 60\n');
    expect(r.stdout).not.toContain('not in the object');
    const j = JSON.parse((await runCli(['blame', live, '-o', 'json'])).stdout).objects[0];
    expect(j.absent).toEqual([]);
  });

  it('explain: owned by the v1 entry, through what it converts to', async () => {
    const r = await runCli(['explain', live, PATH, ...now]);
    expect(r.stdout).not.toContain('nobody owns it');
    expect(r.stdout).toContain("  bob's entry is at autoscaling/v1: there it owns .spec.targetCPUUtilizationPercentage, which this field converts to (the API server compares it there)\n");
  });

  it('explain -f: the verdict is the 409', async () => {
    const r = await runCli(['explain', live, PATH, '-f', manifest, '--field-manager', 'carol', ...now]);
    expect(r.stdout).not.toContain('fails on other fields');
    expect(r.stdout).toContain('  - CONFLICT: bob owns it (as .spec.targetCPUUtilizationPercentage at autoscaling/v1) and the manifest sets 80 where the live value is 60: the server answers 409.\n');
  });
});

describe('a path of the other version, as the 409 names it', () => {
  it('explain says where it is in this object', async () => {
    const r = await runCli(['explain', live, '.spec.targetCPUUtilizationPercentage', ...now]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "horizontalpodautoscaler.autoscaling/web: .spec.targetCPUUtilizationPercentage is a path of autoscaling/v1, where bob's entry owns it; the object is at another version, where it is .spec.metrics\n",
    );
  });
});

describe('preview -o json: the conflict\'s values', () => {
  it('are read at the version the 409 names the path in', async () => {
    const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'carol', '-o', 'json']);
    expect(JSON.parse(r.stdout).conflicts).toEqual([
      {
        object: 'horizontalpodautoscaler.autoscaling/web -n default',
        manager: 'bob',
        operation: 'Update',
        apiVersion: 'autoscaling/v1',
        subresource: '',
        path: '.spec.targetCPUUtilizationPercentage',
        liveValue: 60,
        appliedValue: 80,
      },
    ]);
  });
});
