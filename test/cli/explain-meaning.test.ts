/**
 * What `ssa-sim explain` says a field's owners mean for the next apply must be what the apply
 * then does. The live object is what `kubectl apply` (client-side), `kubectl scale` and
 * `kubectl set image` leave on a Deployment (captured from `ssa-sim serve` with kubectl v1.32);
 * each claim is checked against the offline apply (`preview`, the API server's answer).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-explain-meaning-');

const live = join(dir, 'web.yaml');
writeFileSync(
  live,
  `apiVersion: apps/v1
kind: Deployment
metadata:
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
    manager: kubectl
    operation: Update
    subresource: scale
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:strategy:
          f:rollingUpdate:
            .: {}
            f:maxSurge: {}
            f:maxUnavailable: {}
          f:type: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2026-11-28T04:06:44Z"
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"nginx"}:
                f:image: {}
    manager: kubectl-set
    operation: Update
    time: "2026-11-28T04:06:44Z"
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:paused: {}
        f:revisionHistoryLimit: {}
    manager: tool
    operation: Apply
    time: "2026-11-28T04:06:44Z"
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:minReadySeconds: {}
        f:revisionHistoryLimit: {}
    manager: tool
    operation: Update
    time: "2026-11-28T04:07:44Z"
  name: web
  namespace: default
spec:
  minReadySeconds: 5
  paused: false
  replicas: 4
  revisionHistoryLimit: 10
  selector:
    matchLabels:
      app: web
  strategy:
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 25%
    type: RollingUpdate
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - image: nginx:1.26
        name: nginx
`,
);

/** A manifest for the Deployment with SPEC as its spec. */
function manifest(name: string, spec: string): string {
  const file = join(dir, name);
  writeFileSync(file, `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n${spec}`);
  return file;
}

const now = ['--now', '2026-11-28T04:10:00Z'];

describe('explain: what the owners mean for the next apply', () => {
  it('a field owned through an Update conflicts with an apply under the same manager name too', async () => {
    const r = await runCli(['explain', live, '.spec.replicas', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('an apply by any other manager');
    expect(r.stdout).toContain(
      '  - an apply that sets a different value conflicts with kubectl (HTTP 409) unless it forces, whoever applies: an apply as kubectl too, since kubectl owns it through an Update and an applier is another owner (an owner is a manager and an operation); one that sets the same value becomes a co-owner.\n',
    );
    // The API server agrees: kubectl apply --server-side (manager kubectl) conflicts with kubectl's /scale entry.
    const p = await runCli(['preview', '-f', manifest('replicas.yaml', '  replicas: 2\n'), '--live', live, '--field-manager', 'kubectl']);
    expect(p.code).toBe(1);
    expect(p.stderr).toContain('error: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas\n');
  });

  it('a field owned by an applier conflicts with any other manager, not with the applier itself', async () => {
    const r = await runCli(['explain', live, '.spec.paused', ...now]);
    expect(r.stdout).toContain('  - an apply by any other manager that sets a different value conflicts with tool (HTTP 409) unless it forces; one that sets the same value becomes a co-owner.\n');
    expect(r.stdout).toContain('  - if tool stops applying it, the next apply by tool removes it (nobody else owns it).\n');
    const own = await runCli(['preview', '-f', manifest('paused.yaml', '  paused: true\n'), '--live', live, '--field-manager', 'tool']);
    expect(own.code).toBe(0);
    const other = await runCli(['preview', '-f', manifest('paused.yaml', '  paused: true\n'), '--live', live, '--field-manager', 'other']);
    expect(other.code).toBe(1);
  });

  it("a manager's Apply and Update entries are two owners: the field outlives the applier's leaving it out", async () => {
    const r = await runCli(['explain', live, '.spec.revisionHistoryLimit', ...now]);
    expect(r.stdout).not.toContain('nobody else owns it');
    expect(r.stdout).toContain('  - it stays as long as one of tool (Apply), tool (Update) still owns it; an applier that stops applying it only gives up its share.\n');
    const p = await runCli(['preview', '-f', manifest('without.yaml', '  paused: false\n'), '--live', live, '--field-manager', 'tool', '-o', 'yaml']);
    expect(p.code).toBe(0);
    expect(p.stdout).toContain('  revisionHistoryLimit: 10\n');
  });

  it('a map nobody owns as a whole, with owned fields under it, is not free for the taking', async () => {
    const r = await runCli(['explain', live, '.spec.strategy', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('takes it without a conflict');
    expect(r.stdout).not.toContain('mutating webhook');
    expect(r.stdout).toContain(
      '  what this means:\n  - nobody owns it as a whole, but fields under it have owners (below): an apply that changes one of them conflicts with its owner (HTTP 409) unless it forces; an update never conflicts.\n  fields under it:\n    4 owned by kubectl-client-side-apply (Update)\n',
    );
    const p = await runCli(['preview', '-f', manifest('strategy.yaml', '  strategy:\n    type: Recreate\n'), '--live', live, '--field-manager', 'me']);
    expect(p.code).toBe(1);
    expect(p.stderr).toContain('error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.strategy.type\n');
  });

  it('a field nobody owns, with nothing owned under it, is free for the taking', async () => {
    const r = await runCli(['explain', live, '.spec.selector.matchLabels.app', ...now]);
    expect(r.stdout).toContain('  - an apply that sets it takes it without a conflict; an apply that leaves it out does not remove it.\n');
    const p = await runCli(['preview', '-f', manifest('selector.yaml', '  selector:\n    matchLabels:\n      app: web\n'), '--live', live, '--field-manager', 'me']);
    expect(p.code).toBe(0);
    expect(p.stdout).toContain('  me now owns .spec.selector\n');
    // No conflict, but a Deployment's selector is immutable: the API server refuses another value (422, not 409).
    const changed = await runCli(['preview', '-f', manifest('selector.yaml', '  selector:\n    matchLabels:\n      app: other\n'), '--live', live, '--field-manager', 'me']);
    expect(changed.code).toBe(1);
    expect(changed.stderr).not.toContain('conflict');
    expect(changed.stderr).toContain(
      '* spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable\n',
    );
    // explain says so before anyone tries, as the API server's update validation answers it.
    expect(r.stdout).toContain('  - the API server refuses any change of it once the object exists (HTTP 422: ');
    // The cause as kubectl prints it; the template's labels that no longer match the selector are
    // no refusal of the change (a create of the same object is refused for them too).
    expect(r.stdout).toContain(
      '(HTTP 422: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"wea"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable): ',
    );
    const forced = await runCli(['preview', '-f', manifest('selector.yaml', '  selector:\n    matchLabels:\n      app: other\n'), '--live', live, '--field-manager', 'me', '--force-conflicts']);
    expect(forced.code).toBe(1);
    expect(forced.stderr).toContain('field is immutable');
  });

  it('a field the API server lets change says nothing of a refusal; an immutable ConfigMap\'s data does', async () => {
    const replicas = await runCli(['explain', live, '.spec.replicas', ...now]);
    expect(replicas.code).toBe(0);
    expect(replicas.stdout).not.toContain('refuses any change');
    const configMap = (immutable: boolean) => {
      const file = join(dir, `cm-${immutable}.yaml`);
      writeFileSync(
        file,
        `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:mode: {}
      f:immutable: {}
    manager: kubectl
    operation: Apply
    time: "2026-11-28T04:06:44Z"
data:
  mode: fast
immutable: ${immutable}
`,
      );
      return file;
    };
    const frozen = await runCli(['explain', configMap(true), '.data.mode', ...now]);
    expect(frozen.stdout).toContain('  - the API server refuses any change of it once the object exists (HTTP 422: data: Forbidden: field is immutable when `immutable` is set): ');
    const open = await runCli(['explain', configMap(false), '.data.mode', ...now]);
    expect(open.code).toBe(0);
    expect(open.stdout).not.toContain('refuses any change');
  });
});

describe('explain: a refusal is what an update through the API server answers', () => {
  const service = join(dir, 'svc.yaml');
  writeFileSync(
    service,
    `apiVersion: v1
kind: Service
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:clusterIP: {}
        f:ipFamilyPolicy: {}
        f:ports:
          k:{"port":80,"protocol":"TCP"}:
            .: {}
            f:port: {}
    manager: kubectl
    operation: Apply
    time: "2026-11-28T04:06:44Z"
spec:
  clusterIP: 10.96.0.10
  clusterIPs: [10.96.0.10]
  ipFamilies: [IPv4]
  ipFamilyPolicy: SingleStack
  ports:
  - port: 80
    protocol: TCP
    targetPort: 80
  type: ClusterIP
`,
  );

  it("a Service's clusterIP: the registry's allocation refuses its change (kube's 'may not change once set')", async () => {
    const r = await runCli(['explain', service, '.spec.clusterIP', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  - the API server refuses any change of it once the object exists (HTTP 422: spec.clusterIPs[0]: Invalid value: []string{"10.96.0.11"}: may not change once set): ');
  });

  it('a value the API server refuses on create too is no refusal of the change: the ipFamilyPolicy may change', async () => {
    // The value tried ("SingleStacb") is not one the API server takes at all; another one is.
    const r = await runCli(['explain', service, '.spec.ipFamilyPolicy', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('refuses any change');
  });
});

describe('explain: the fields that name the object', () => {
  const file = join(dir, 'named.yaml');
  writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n  namespace: default\ndata:\n  mode: fast\n');

  it('an apply with another name or namespace is aimed at another object; an update of this one is refused by the handler (400)', async () => {
    const name = await runCli(['explain', file, '.metadata.name', ...now]);
    expect(name.stdout).toContain(
      '  - it names the object: an apply with another value is aimed at another object (created when there is none; this one is left as it is), and an update of this one that changes it is refused (HTTP 400: the name of the object (settinga) does not match the name on the URL (settings)).\n',
    );
    expect(name.stdout).not.toContain('refuses any change');
    const namespace = await runCli(['explain', file, '.metadata.namespace', ...now]);
    expect(namespace.stdout).toContain('(HTTP 400: the namespace of the provided object does not match the namespace sent on the request)');
  });

  it('the apiVersion: no refusal (a write at another served version reaches the same object)', async () => {
    const r = await runCli(['explain', file, '.apiVersion', ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('refuses');
    expect(r.stdout).not.toContain('it names the object');
  });
});
