/**
 * blame and explain name each managedFields entry apart from the others and says a line is shared when
 * more than one entry owns it, as the playground does. Two Update entries of one manager at
 * different API versions read the same ("m (Update)"); a field that m's Apply and m's Update
 * entries both own was not marked [shared], though each entry keeps it (dropping it from m's
 * manifest leaves the Update entry's share) and an apply conflicts with each as with any other
 * manager (the API server keys entries by manager, operation, apiVersion for updates, and
 * subresource).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const LIVE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:replicas": {}}}
    manager: m
    operation: Update
    time: "2022-08-01T10:00:00Z"
  - apiVersion: extensions/v1beta1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:paused": {}}}
    manager: m
    operation: Update
    time: "2022-08-01T10:00:00Z"
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:replicas": {}}}
    manager: m
    operation: Apply
    time: "2022-08-01T10:00:00Z"
spec:
  replicas: 2
  paused: true
`;

describe('blame names entries apart and counts them', () => {
  it('text: the apiVersion tells two Update entries of one manager apart; two entries owning a line share it', async () => {
    const r = await runCli(['blame', '-', '--time', 'none', '--color', 'never'], { stdin: LIVE });
    expect(r.stderr).toBe('');
    const line = (text: string) => r.stdout.split('\n').find((l) => l.endsWith(`| ${text}`));
    expect(line('  replicas: 2')).toMatch(/^m \(Update apps\/v1\), m \(Apply\) \[shared\] +\| {3}replicas: 2$/);
    expect(line('  paused: true')).toMatch(/^m \(Update extensions\/v1beta1\) +\| {3}paused: true$/);
  });

  it('-o json: shared counts entries, as the text and the playground do', async () => {
    const r = await runCli(['blame', '-', '-o', 'json'], { stdin: LIVE });
    const report = JSON.parse(r.stdout) as { objects: { lines: { path: string | null; owners: number[]; shared: boolean }[] }[] };
    const replicas = report.objects[0].lines.find((l) => l.path === '.spec.replicas')!;
    expect(replicas.owners).toEqual([0, 2]);
    expect(replicas.shared).toBe(true);
  });
});

describe('explain names entries apart and counts them', () => {
  it('a field two entries of one manager own is shared by 2 entries (not "2 managers"), and the fields under a map name each entry apart', async () => {
    const r = await runCli(['explain', '-', '.spec.replicas', '--now', '2022-08-01T11:00:00Z'], { stdin: LIVE });
    expect(r.stdout).toContain('  shared by 2 entries:\n    m (Update at apps/v1, since 2022-08-01T10:00:00Z, 60m ago)\n    m (Apply at apps/v1, since 2022-08-01T10:00:00Z, 60m ago)\n');
    expect(r.stdout).toContain('  - it stays as long as one of m (Update), m (Apply) still owns it;');
    const spec = await runCli(['explain', '-', '.spec', '--now', '2022-08-01T11:00:00Z'], { stdin: LIVE });
    expect(spec.stdout).toContain('  fields under it:\n    1 owned by m (Update apps/v1)\n    1 owned by m (Update extensions/v1beta1)\n    1 owned by m (Apply)\n');
  });
});

it('explain: two Update entries of one manager owning a field are named with their apiVersions where the answer lists them', async () => {
  const live = LIVE.replace('fieldsV1: {"f:spec": {"f:paused": {}}}', 'fieldsV1: {"f:spec": {"f:paused": {}, "f:replicas": {}}}');
  const r = await runCli(['explain', '-', '.spec.replicas', '--now', '2022-08-01T11:00:00Z'], { stdin: live });
  expect(r.stdout).toContain('  shared by 3 entries:\n');
  expect(r.stdout).toContain('  - it stays as long as one of m (Update apps/v1), m (Update extensions/v1beta1), m (Apply) still owns it;');
});

describe('entries the API server reads as one', () => {
  // Two entries with one identifier (manager, operation, apiVersion of an Update, subresource):
  // the API server's DecodeManagedFields keeps the last one's fields and time (apimachinery
  // v0.32.13 managedfields.go), so m owns .data.b only, and the next write stores that.
  const DUPLICATE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  namespace: default
  managedFields:
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {"f:data": {"f:a": {}}}, manager: m, operation: Update, time: "2022-08-01T09:00:00Z"}
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {"f:data": {"f:b": {}}}, manager: m, operation: Update, time: "2022-08-01T10:00:00Z"}
data:
  a: "1"
  b: "2"
`;

  it('blame and explain give the owners the API server reads: the last entry of an identifier', async () => {
    const r = await runCli(['blame', '-', '--time', 'full', '--color', 'never'], { stdin: DUPLICATE });
    const line = (text: string) => r.stdout.split('\n').find((l) => l.endsWith(`| ${text}`));
    expect(line('  a: "1"')).toMatch(/^ +\| {3}a: "1"$/);
    expect(line('  b: "2"')).toMatch(/^m \(Update 2022-08-01T10:00:00Z\) +\| {3}b: "2"$/);
    const a = await runCli(['explain', '-', '.data.a', '--now', '2022-08-01T11:00:00Z'], { stdin: DUPLICATE });
    expect(a.stdout).toContain('  - nobody owns it:');
  });
});

describe("explain -f: the verdict is about the applier's Apply entry, not every entry of its name", () => {
  // m owns .data.a through an Update (kubectl edit, a merge patch with --field-manager m).
  const LIVE_UPDATE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  namespace: default
  managedFields:
  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {"f:data": {"f:a": {}}}, manager: m, operation: Update, time: "2022-08-01T09:00:00Z"}
data:
  a: "1"
`;
  const manifest = (a: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: default}\ndata: {a: "${a}"}\n`;

  async function verdict(a: string, force: boolean) {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-verdict-'));
    writeFileSync(join(dir, 'm.yaml'), manifest(a));
    const r = await runCli(['explain', '-', '.data.a', '-f', join(dir, 'm.yaml'), '--field-manager', 'm', ...(force ? ['--force-conflicts'] : []), '--now', '2022-08-01T11:00:00Z'], { stdin: LIVE_UPDATE });
    return r.stdout;
  }

  it("forced, m's Apply entry takes the field from m's Update entry (it said NO CHANGE: m owns it before and after)", async () => {
    expect(await verdict('2', true)).toContain('  - TAKE: m would take it from m (Update), setting "2" (was "1").');
  });

  it("applying the live value, m's Apply entry co-owns it with m's Update entry (it said NO CHANGE)", async () => {
    expect(await verdict('1', false)).toContain('  - SHARE: the manifest sets the live value "1", so m would co-own it with m (Update): no conflict.');
  });
});

describe('explain: an Apply entry of a subresource is another owner to an apply of the main resource', () => {
  const SCALE_LIVE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - {apiVersion: apps/v1, fieldsType: FieldsV1, fieldsV1: {"f:spec": {"f:replicas": {}}}, manager: a, operation: Apply, subresource: scale, time: "2022-08-01T10:00:00Z"}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: web, image: nginx}]
`;

  it("a's own apply of the main resource conflicts with a's /scale entry, and does not remove the field by leaving it out", async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-scale-'));
    writeFileSync(join(dir, 'a.yaml'), 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec:\n  replicas: 3\n');
    const r = await runCli(['explain', '-', '.spec.replicas', '-f', join(dir, 'a.yaml'), '--field-manager', 'a', '--now', '2022-08-01T11:00:00Z'], { stdin: SCALE_LIVE });
    // What the API server answered (the verdict) and what the meaning says agree: a's apply conflicts.
    expect(r.stdout).toContain('  - CONFLICT: a (/scale) owns it and the manifest sets 3 where the live value is 2: the server answers 409.');
    expect(r.stdout).not.toContain('by any other manager');
    expect(r.stdout).toContain('whoever applies: an apply as a too, since a through an apply to /scale owns it');
    expect(r.stdout).toContain('  - a owns it through an apply to /scale: an apply of the main resource that leaves it out does not remove it, a\'s included.');
    expect(r.stdout).not.toContain('the next apply by a removes it');
  });
});
