/**
 * Issue 10, observation 1: every view says who owns a path exactly as the engine's sets do. A
 * manager that owns only a granular map's own key (`"f:data": {}`: the map's existence) does not
 * own the map's fields; an atomic map (fieldRef) is owned whole by whoever holds it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pageModel } from '../../src/web/page-model.js';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { startSession } from '../../src/web/session.js';
import { libraryFromDisk } from '../web/library.js';
import { runCli } from './run-io.js';

const AWS_AUTH = `apiVersion: v1
kind: ConfigMap
metadata:
  name: aws-auth
  namespace: kube-system
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data: {}
    manager: vpcLambda
    operation: Update
    time: "2022-08-01T08:00:00Z"
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:mapRoles: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2022-08-01T10:00:00Z"
data:
  mapRoles: |
    - rolearn: arn:aws:iam::111122223333:role/ng-1
`;

/** aws-node with an env var from the downward API, as kubectl apply (client-side) left it. */
const DOWNWARD_LIVE = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: aws-node
  namespace: kube-system
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:selector: {}
        f:template:
          f:metadata:
            f:labels:
              .: {}
              f:k8s-app: {}
          f:spec:
            f:containers:
              k:{"name":"aws-node"}:
                .: {}
                f:env:
                  .: {}
                  k:{"name":"MY_NODE_NAME"}:
                    .: {}
                    f:name: {}
                    f:valueFrom:
                      .: {}
                      f:fieldRef: {}
                f:image: {}
                f:name: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2022-08-01T10:00:00Z"
spec:
  selector:
    matchLabels:
      k8s-app: aws-node
  template:
    metadata:
      labels:
        k8s-app: aws-node
    spec:
      containers:
      - name: aws-node
        image: cni:v1
        env:
        - name: MY_NODE_NAME
          valueFrom:
            fieldRef:
              fieldPath: spec.nodeName
`;

const DOWNWARD_MANIFEST = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: aws-node
  namespace: kube-system
spec:
  selector:
    matchLabels:
      k8s-app: aws-node
  template:
    metadata:
      labels:
        k8s-app: aws-node
    spec:
      containers:
      - name: aws-node
        image: cni:v1
        env:
        - name: MY_NODE_NAME
          valueFrom:
            fieldRef:
              apiVersion: v1
              fieldPath: status.hostIP
`;

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-owners-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIELD_REF = '.spec.template.spec.containers[name="aws-node"].env[name="MY_NODE_NAME"].valueFrom.fieldRef';

function gutterOf(blame: string, text: string): string {
  const line = blame.split('\n').find((l) => l.endsWith(`| ${text}`));
  if (line === undefined) throw new Error(`no line ${JSON.stringify(text)} in\n${blame}`);
  return line.slice(0, line.lastIndexOf(' | ')).trim();
}

describe('a granular map whose own key is all a manager holds', () => {
  it('playground: aws-auth after the stale apply, .data.mapRoles is kubectl-client-side-apply\'s alone', () => {
    const files = libraryFromDisk();
    const f = 'scenarios/aws-auth-stale-apply.yaml';
    const m = pageModel(startSession(files.get(f)!, f, libraryEnvironment(files, f)), 4);
    const rows = m.object!.rows;
    const owners = (path: string) => rows.find((r) => r.path === path)!.owners.map((o) => o.label);
    expect(owners('.data.mapRoles')).toEqual(['kubectl-client-side-apply']);
    expect(owners('.data')).toEqual(['vpcLambda']);
    expect(rows.find((r) => r.path === '.data.mapRoles')!.shared).toBe(false);
  });

  it('blame: mapRoles is not shared with the map key\'s owner', async () => {
    const r = await runCli(['blame', '--time', 'none'], { stdin: AWS_AUTH });
    expect(r.code).toBe(0);
    expect(gutterOf(r.stdout, '  mapRoles: |')).toBe('kubectl-client-side-apply (Update)');
    expect(gutterOf(r.stdout, 'data:')).toBe('vpcLambda (Update)');
  });

  it('explain: mapRoles is owned by kubectl-client-side-apply alone', async () => {
    const r = await runCli(['explain', '-', '.data.mapRoles', '--now', '2022-08-01T11:00:00Z'], { stdin: AWS_AUTH });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  owned by kubectl-client-side-apply (Update at v1, since 2022-08-01T10:00:00Z, 60m ago)\n');
    expect(r.stdout).not.toContain('vpcLambda');
  });
});

describe('after a forced takeover of an atomic map (valueFrom.fieldRef)', () => {
  it('blame and explain say the new owner alone owns it, as preview does', async () => {
    writeFileSync(`${dir}/live.yaml`, DOWNWARD_LIVE);
    writeFileSync(`${dir}/manifest.yaml`, DOWNWARD_MANIFEST);
    const preview = await runCli(['preview', '-f', `${dir}/manifest.yaml`, '--live', `${dir}/live.yaml`, '--field-manager', 'eks', '--force-conflicts', '--now', '2022-09-01T10:00:00Z']);
    expect(preview.code).toBe(0);
    expect(preview.stdout).toContain(`eks took ${FIELD_REF} from kubectl-client-side-apply`);
    const after = await runCli(['preview', '-f', `${dir}/manifest.yaml`, '--live', `${dir}/live.yaml`, '--field-manager', 'eks', '--force-conflicts', '--now', '2022-09-01T10:00:00Z', '-o', 'yaml', '--show-managed-fields']);
    const blame = await runCli(['blame', '--time', 'none'], { stdin: after.stdout });
    expect(gutterOf(blame.stdout, '            fieldRef:')).toBe('eks (Apply)');
    expect(gutterOf(blame.stdout, '              fieldPath: status.hostIP')).toBe('eks (Apply)');
    const explain = await runCli(['explain', '-', FIELD_REF, '--now', '2022-09-01T10:00:00Z'], { stdin: after.stdout });
    expect(explain.stdout).toContain('  owned by eks (Apply at apps/v1, since 2022-09-01T10:00:00Z, 0s ago)\n');
    expect(explain.stdout).not.toContain('kubectl-client-side-apply (Update');
  });
});
