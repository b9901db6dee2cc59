/**
 * What `explain` says a path's ownership means for the next write, and its verdicts' words, agree
 * with what the API server does: checked here against `preview` (the same offline server) on the
 * shapes where a rule of thumb goes wrong: a field the main resource resets (`.status` of a
 * Deployment, owned through /status), a field owned but absent from the object, a field the
 * server defaults again once its only applier drops it (`.spec.replicas`), a list item and a set
 * item (owned as nodes, never conflicting as a whole).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';
import { widgetCrd } from '../support/widget-crd.js';

const { dir } = scratchDir('ssa-sim-meaning-server-');

const LIVE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  finalizers:
  - example.com/a
  managedFields:
  - manager: alice
    operation: Apply
    apiVersion: apps/v1
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:finalizers:
          v:"example.com/a": {}
      f:spec:
        f:replicas: {}
        f:selector: {}
        f:template:
          f:metadata:
            f:labels:
              f:app: {}
          f:spec:
            f:containers:
              k:{"name":"app"}:
                .: {}
                f:name: {}
                f:image: {}
  - manager: kube-controller-manager
    operation: Update
    apiVersion: apps/v1
    subresource: status
    time: "2026-01-02T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:status:
        f:replicas: {}
  - manager: bob
    operation: Update
    apiVersion: apps/v1
    time: "2026-01-03T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:paused: {}
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: nginx
status:
  replicas: 2
`;

/** carol sets .status.replicas and .spec.paused, both owned by others. */
const CAROL = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default}
spec:
  paused: false
status:
  replicas: 5
`;

/** alice's own fields without .spec.replicas. */
const ALICE_WITHOUT_REPLICAS = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: default, finalizers: [example.com/a]}
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: nginx
`;

const live = join(dir, 'live.yaml');
const carol = join(dir, 'carol.yaml');
const alice = join(dir, 'alice.yaml');
writeFileSync(live, LIVE);
writeFileSync(carol, CAROL);
writeFileSync(alice, ALICE_WITHOUT_REPLICAS);
const now = ['--now', '2026-01-10T00:00:00Z'];

async function explain(path: string, ...flags: string[]): Promise<string> {
  const r = await runCli(['explain', live, path, ...now, ...flags]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

async function previewJson(manifest: string, manager: string): Promise<{ conflicts: { path: string; manager: string }[]; objects: unknown[] }> {
  const r = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', manager, '-o', 'json', '--now', '2026-01-10T00:00:00Z']);
  return JSON.parse(r.stdout) as { conflicts: { path: string; manager: string }[]; objects: unknown[] };
}

describe('explain: what ownership means, as the API server does it', () => {
  it('a field the main resource resets (.status, owned through /status): an apply to the main resource neither conflicts on it nor changes it', async () => {
    const p = await previewJson(carol, 'carol');
    // The server's answer: carol conflicts on .spec.paused (bob), never on .status.replicas.
    expect(p.conflicts.map((c) => c.path)).toEqual(['.spec.paused']);
    const out = await explain('.status.replicas');
    expect(out).not.toContain('an apply by any other manager that sets a different value conflicts');
    expect(out).toContain('  - an apply or update of the main resource never owns, changes or conflicts on it: the API server resets .status there. Only writes through /status do:\n');
    expect(out).toContain(
      '  - an apply through /status that sets a different value conflicts with kube-controller-manager (HTTP 409) unless it forces, whoever applies: an apply as kube-controller-manager too, since kube-controller-manager owns it through an Update and an applier is another owner (an owner is a manager and an operation); one that sets the same value becomes a co-owner.\n',
    );
  });

  it('a field owned but not in the object: any apply that sets it conflicts, whatever the value', async () => {
    const p = await previewJson(carol, 'carol');
    expect(p.conflicts).toContainEqual(expect.objectContaining({ path: '.spec.paused', manager: 'bob' }));
    const out = await explain('.spec.paused');
    expect(out).not.toContain('one that sets the same value becomes a co-owner');
    expect(out).toContain(
      '  - an apply that sets it conflicts with bob (HTTP 409) unless it forces, whoever applies: an apply as bob too, since bob owns it through an Update and an applier is another owner (an owner is a manager and an operation), whatever the value: the object does not have it, so the apply adds it.\n',
    );
  });

  it('explain -f: a conflict on a field the object does not have cannot be resolved by setting the live value', async () => {
    const out = await explain('.spec.paused', '-f', carol, '--field-manager', 'carol');
    expect(out).toContain('  - CONFLICT: bob owns it and the manifest sets false where the live object does not have it: the server answers 409.\n');
    expect(out).toContain('    Resolve it by --force-conflicts (take it) or removing it from the manifest (leave it to them): any value adds it, so it cannot be shared.\n');
  });

  it('a field the server defaults again: its only applier dropping it resets it to the default, it is not removed', async () => {
    const out = await explain('.spec.replicas');
    expect(out).not.toContain('removes it (nobody else owns it)');
    expect(out).toContain('  - if alice stops applying it, the next apply by alice removes it and the API server sets it to its default 1, owned by nobody.\n');
  });

  it('explain -f GIVE UP: the value the server sets is said', async () => {
    const out = await explain('.spec.replicas', '-f', alice, '--field-manager', 'alice');
    expect(out).toContain('  - GIVE UP: the manifest leaves it out, so alice would stop owning it; nobody owns it after the apply, and the API server sets it to 1 (was 2).\n');
  });

  it('a list item and a set item are owned as nodes: no apply conflicts on them as a whole', async () => {
    const item = await explain('.spec.template.spec.containers[name="app"]');
    expect(item).not.toContain('sets a different value conflicts');
    expect(item).toContain('  - no apply conflicts on it as a whole: conflicts come from the fields under it, each with its own owners.\n');
    const setItem = await explain('.metadata.finalizers[="example.com/a"]');
    expect(setItem).not.toContain('sets a different value conflicts');
    expect(setItem).toContain('  - no apply conflicts on it: an item of a set has no other value; an apply that lists it becomes a co-owner.\n');
  });
});

describe('explain: fields the API server never tracks', () => {
  it('.metadata.name, .metadata.uid, .metadata.resourceVersion: nobody can own them, not "an apply takes it"', async () => {
    // The API server's answer: an apply that sets metadata.name and namespace owns neither.
    const p = await runCli(['preview', '-f', alice, '--live', live, '--field-manager', 'alice', '-o', 'yaml', '--show-managed-fields', '--now', '2026-01-10T00:00:00Z']);
    expect(p.stdout).toContain('f:finalizers:');
    expect(p.stdout).not.toContain('f:name: {}\n      f:namespace');
    expect(p.stdout).not.toMatch(/^ {8}f:name: \{\}$/m);
    for (const path of ['.metadata.name', '.metadata.uid', '.metadata.resourceVersion']) {
      const uidLive = join(dir, 'with-uid.yaml');
      writeFileSync(uidLive, LIVE.replace('  namespace: default\n  finalizers:', '  namespace: default\n  uid: abcd-1234\n  resourceVersion: "7"\n  finalizers:'));
      const r = await runCli(['explain', uidLive, path, ...now]);
      expect(r.stdout, path).not.toContain('takes it without a conflict');
      expect(r.stdout, path).toContain(
        '  - the API server never tracks it: it takes it out of every writer\'s managedFields entry, so nobody owns it, no apply or update conflicts on it, and no apply removes it by leaving it out.\n',
      );
    }
  });
});

describe('explain: a key field of a list item', () => {
  const ports = `apiVersion: v1
kind: Service
metadata:
  name: s
  namespace: default
  managedFields:
  - manager: alice
    operation: Apply
    apiVersion: v1
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:ports:
          k:{"port":80,"protocol":"TCP"}:
            .: {}
            f:port: {}
            f:targetPort: {}
spec:
  ports:
  - port: 80
    protocol: TCP
    targetPort: 8080
`;
  it('another value names another item: no conflict (the API server agrees)', async () => {
    const svc = join(dir, 'svc.yaml');
    writeFileSync(svc, ports);
    const other = join(dir, 'svc-81.yaml');
    writeFileSync(other, 'apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: default}\nspec:\n  ports:\n  - port: 81\n    targetPort: 8080\n');
    const p = await runCli(['preview', '-f', other, '--live', svc, '--field-manager', 'carol']);
    expect(p.code).toBe(0);
    const r = await runCli(['explain', svc, '.spec.ports[port=80,protocol="TCP"].port', ...now]);
    expect(r.stdout).not.toContain('sets a different value conflicts');
    expect(r.stdout).toContain(
      '  - it is a key of its list item: an apply with another value names another item, so no apply conflicts on it; one that applies this item becomes a co-owner.\n',
    );
    expect(r.stdout).toContain('  - it goes with its item: a key cannot be left out of an item that stays.\n');
  });
});

describe('explain: a field the API server writes as null once its applier drops it', () => {
  it('.spec.template.metadata.creationTimestamp: not "removes it" where preview says it stays', async () => {
    const withTs = join(dir, 'with-ts.yaml');
    writeFileSync(
      withTs,
      LIVE.replace('          f:metadata:\n            f:labels:\n              f:app: {}', '          f:metadata:\n            f:creationTimestamp: {}\n            f:labels:\n              f:app: {}').replace(
        '  template:\n    metadata:\n      labels: {app: web}',
        '  template:\n    metadata:\n      creationTimestamp: null\n      labels: {app: web}',
      ),
    );
    const without = join(dir, 'alice-without-ts.yaml');
    writeFileSync(without, ALICE_WITHOUT_REPLICAS.replace('spec:\n  selector', 'spec:\n  replicas: 2\n  selector'));
    const p = await runCli(['preview', '-f', without, '--live', withTs, '--field-manager', 'alice']);
    expect(p.stdout).toContain('  alice released .spec.template.metadata.creationTimestamp: nobody owns it now, but it stays in the object\n');
    const r = await runCli(['explain', withTs, '.spec.template.metadata.creationTimestamp', ...now]);
    expect(r.stdout).not.toContain('removes it (nobody else owns it)');
    expect(r.stdout).toContain("  - if alice stops applying it, the next apply by alice removes it and the API server writes null there (Go's zero value for it), owned by nobody.\n");
  });
});

describe('explain: a list alice owned whole before its CRD made it a map list', () => {
  // alice applied .spec.ports while the list was atomic (her entry holds f:ports as a leaf); the
  // CRD then made it a map list keyed by name, and bob applied an item of his own.
  const CRD = widgetCrd(`
size: {type: integer}
ports:
  type: array
  x-kubernetes-list-type: map
  x-kubernetes-list-map-keys: [name]
  items:
    type: object
    required: [name]
    properties:
      name: {type: string}
      port: {type: integer}
`);
  const WIDGET = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w1
  namespace: default
  managedFields:
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec":{"f:ports":{},"f:size":{}}}
    manager: alice
    operation: Apply
    time: "2026-01-01T00:00:00Z"
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec":{"f:ports":{"k:{\\"name\\":\\"metrics\\"}":{".":{},"f:name":{},"f:port":{}}}}}
    manager: bob
    operation: Apply
    time: "2026-01-02T00:00:00Z"
spec:
  ports:
  - {name: http, port: 80}
  - {name: metrics, port: 9090}
  size: 1
`;
  const crd = join(dir, 'widget-crd.yaml');
  const widget = join(dir, 'widget.yaml');
  const aliceWithoutPorts = join(dir, 'alice-without-ports.yaml');
  writeFileSync(crd, CRD);
  writeFileSync(widget, WIDGET);
  writeFileSync(aliceWithoutPorts, 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w1, namespace: default}\nspec:\n  size: 1\n');

  it('her next apply without it gives it up and it stays, as preview says: it is not "set to its default" (its whole value)', async () => {
    const p = await runCli(['preview', '-f', aliceWithoutPorts, '--live', widget, '--crd', crd, '--field-manager', 'alice', ...now]);
    expect(p.stdout).toContain('  alice released .spec.ports: nobody owns it now, but it stays in the object\n');
    const r = await runCli(['explain', widget, '.spec.ports', '--crd', crd, ...now]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('sets it to its default');
    expect(r.stdout).toContain('  - if alice stops applying it, the next apply by alice gives it up: it stays in the object as it is, owned by nobody.\n');
  });
});
