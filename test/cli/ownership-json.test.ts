/**
 * `blame -o json` and `explain -o json` (issue 10): the same answers as the text, as data, in the
 * shapes docs/reports.md gives.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const live = join(dirname(fileURLToPath(import.meta.url)), 'aws-node-live.yaml');

const AWS_AUTH = `apiVersion: v1
kind: ConfigMap
metadata:
  name: aws-auth
  namespace: kube-system
  managedFields:
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {"f:data": {}}, manager: vpcLambda, operation: Update, time: "2022-08-01T08:00:00Z"}
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {"f:data": {"f:mapRoles": {}}}, manager: kubectl-client-side-apply, operation: Update, time: "2022-08-01T10:00:00Z"}
data:
  mapRoles: x
`;

describe('blame -o json', () => {
  it('gives each line its owners as indexes into the entries', async () => {
    const r = await runCli(['blame', '-o', 'json'], { stdin: AWS_AUTH });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.kind).toBe('BlameReport');
    const [obj] = report.objects;
    expect(obj.object).toBe('configmap/aws-auth');
    expect(obj.entries.map((e: { manager: string }) => e.manager)).toEqual(['vpcLambda', 'kubectl-client-side-apply']);
    const line = (path: string) => obj.lines.find((l: { path: string }) => l.path === path);
    expect(line('.data.mapRoles')).toEqual({ text: '  mapRoles: x', path: '.data.mapRoles', owners: [1], fieldOwners: [1], item: null, shared: false, viaAtomic: false });
    expect(line('.data').owners).toEqual([0]);
  });

  it('list items and atomic ancestors', async () => {
    const r = await runCli(['blame', live, '-o', 'json']);
    const [obj] = JSON.parse(r.stdout).objects;
    const first = obj.lines.find((l: { path: string }) => l.path === '.spec.template.spec.containers[name="aws-node"].name');
    expect(first.item).toEqual({ path: '.spec.template.spec.containers[name="aws-node"]', owners: [0] });
    const inSelector = obj.lines.find((l: { path: string }) => l.path === '.spec.selector.matchLabels.k8s-app');
    expect(inSelector).toMatchObject({ owners: [0], viaAtomic: true });
  });
});

describe('explain -o json', () => {
  it('the path as read, its owners and how', async () => {
    const r = await runCli(['explain', live, '.spec.template.spec.containers[0].image', '-o', 'json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.kind).toBe('ExplainReport');
    expect(report.objects[0]).toMatchObject({
      object: 'daemonset.apps/aws-node',
      path: '.spec.template.spec.containers[name="aws-node"].image',
      asked: '.spec.template.spec.containers[0].image',
      translated: true,
      inLiveObject: true,
      owners: [{ manager: 'eks', operation: 'Apply', apiVersion: 'apps/v1', subresource: '', time: '2022-09-01T10:00:00Z', through: null }],
      apply: null,
    });
    const atomic = JSON.parse((await runCli(['explain', live, '.spec.selector.matchLabels', '-o', 'json'])).stdout);
    expect(atomic.objects[0].owners).toEqual([{ manager: 'eks', operation: 'Apply', apiVersion: 'apps/v1', subresource: '', time: '2022-09-01T10:00:00Z', through: '.spec.selector' }]);
  });

  it('with -f: the verdict', async () => {
    const manifest = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: aws-auth, namespace: kube-system}\ndata:\n  mapRoles: yy\n';
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-json-'));
    try {
      writeFileSync(join(dir, 'm.yaml'), manifest);
      writeFileSync(join(dir, 'live.yaml'), AWS_AUTH);
      const r = await runCli(['explain', join(dir, 'live.yaml'), '.data.mapRoles', '-f', join(dir, 'm.yaml'), '--field-manager', 'eks', '-o', 'json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).objects[0].apply).toEqual({
        manager: 'eks',
        manifest: join(dir, 'm.yaml'),
        force: false,
        inManifest: true,
        verdict: 'CONFLICT',
        error: null,
        fieldErrors: [],
        failedElsewhere: false,
        ownersBefore: ['kubectl-client-side-apply'],
        ownersAfter: ['eks'],
        conflicts: [{ manager: 'kubectl-client-side-apply', path: '.data.mapRoles' }],
        valueBefore: 'x',
        valueAfter: 'yy',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
