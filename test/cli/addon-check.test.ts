import { mkdtempSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddonCheckReport, Cell } from '../../src/addon-check/index.js';
import { vpcCniManifest } from '../../src/actors/index.js';
import { runCli, type CliResult } from './run-io.js';

const DS = 'daemonset.apps/aws-node -n kube-system';
const IMAGE = '.spec.template.spec.containers[name="aws-node"].image';
const INIT_IMAGE = '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image';
const WARM = '.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"]';
const ECR = '602401143452.dkr.ecr.eu-west-1.amazonaws.com';

function cell(report: AddonCheckReport, state: string, mode: string): Cell {
  const c = report.cells.find((x) => x.state === state && x.mode === mode);
  if (!c) throw new Error(`no cell ${state} ${mode}`);
  return c;
}

function ds(c: Cell) {
  return c.objects.find((o) => o.object === DS)!;
}

describe('ssa-sim addon-check: vpc-cni v1.10.1 -> v1.11.4 over the default customizations', () => {
  let json: CliResult;
  let report: AddonCheckReport;
  beforeAll(async () => {
    json = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '-o', 'json']);
    report = JSON.parse(json.stdout) as AddonCheckReport;
  }, 60_000);

  it('exits 1: cells fail and lose user changes', () => {
    expect(json.stderr).toBe('');
    expect(json.code).toBe(1);
    expect(report.from).toBe('vpc-cni@v1.10.1-eksbuild.1');
    expect(report.to).toBe('vpc-cni@v1.11.4-eksbuild.1');
    expect(report.modes).toEqual(['NONE', 'OVERWRITE', 'PRESERVE']);
    expect(report.states.map((s) => s.name)).toEqual(expect.arrayContaining(['installed', 'kubectl-apply-install', 'set-env-new-variable', 'edit-image', 'helm-values', 'controller-resizes', 'mutating-webhook']));
    expect(report.cells).toHaveLength(report.states.length * 3);
  });

  it('an untouched install updates in every mode, and only the two images change', () => {
    for (const mode of ['NONE', 'OVERWRITE', 'PRESERVE']) {
      const c = cell(report, 'installed', mode);
      expect(c.succeeded).toBe(true);
      expect(c.addonStatus).toBe('ACTIVE');
      expect(c.lost).toBe(0);
    }
  });

  it('NONE on the client-side-applied install fails with the add-on manager\'s conflict text (the EKS story)', () => {
    const c = cell(report, 'kubectl-apply-install', 'NONE');
    expect(c.operation).toBe('create-addon');
    expect(c.succeeded).toBe(false);
    expect(c.addonStatus).toBe('CREATE_FAILED');
    // the-eks-story.md §6 / users-and-peers §3.4: the code and message, one `<Kind>.<group> <name> - <path>` per conflict.
    expect(c.error).toBe(
      `ConfigurationConflict: Conflicts found when trying to apply. Will not continue due to resolve conflicts mode. Conflicts: DaemonSet.apps aws-node - ${IMAGE} DaemonSet.apps aws-node - ${INIT_IMAGE}`,
    );
    expect(ds(c).conflicts).toEqual([
      { manager: 'kubectl-client-side-apply', path: IMAGE },
      { manager: 'kubectl-client-side-apply', path: INIT_IMAGE },
    ]);
  });

  it('OVERWRITE on the EKS story takes the images and the user\'s env var survives', () => {
    const c = cell(report, 'self-managed-set-env', 'OVERWRITE');
    expect(c.succeeded).toBe(true);
    const texts = ds(c).ownershipChanges.map((x) => x.text);
    expect(texts).toContain(`eks took ${IMAGE} from kubectl-client-side-apply`);
    expect(texts).toContain(`eks took ${INIT_IMAGE} from kubectl-client-side-apply`);
    const warm = ds(c).userChanges.find((u) => u.path === WARM)!;
    expect(warm).toMatchObject({ fate: 'kept', owners: ['kubectl-set'], ownersAfter: ['kubectl-set'], value: { name: 'WARM_IP_TARGET', value: '5' } });
  });

  it("ownership changes in the report have docs/reports.md's shape (kind, manager, other, paths, text), as in run's and preview's", () => {
    const over = cell(report, 'edit-image', 'OVERWRITE');
    expect(ds(over).ownershipChanges).toEqual([
      { kind: 'took', manager: 'eks', other: 'kubectl-edit', paths: [IMAGE], text: `eks took ${IMAGE} from kubectl-edit` },
      { kind: 'entry-gone', manager: 'kubectl-edit', paths: [], text: 'kubectl-edit no longer owns any field: its managedFields entry is gone' },
    ]);
    for (const c of report.cells) for (const o of c.objects) for (const x of o.ownershipChanges) expect(Object.keys(x).every((k) => ['kind', 'manager', 'other', 'paths', 'text'].includes(k))).toBe(true);
  });

  it('an edited image: NONE fails on it, OVERWRITE replaces it, PRESERVE keeps it', () => {
    const none = cell(report, 'edit-image', 'NONE');
    expect(none.error).toBe(`ConfigurationConflict: Conflicts found when trying to apply. Will not continue due to resolve conflicts mode. Conflicts: DaemonSet.apps aws-node - ${IMAGE}`);
    expect(ds(none).conflicts).toEqual([{ manager: 'kubectl-edit', path: IMAGE }]);

    const over = cell(report, 'edit-image', 'OVERWRITE');
    const lost = ds(over).userChanges.find((u) => u.path === IMAGE)!;
    expect(lost).toMatchObject({
      fate: 'overwritten',
      value: 'registry.example.com/amazon-k8s-cni:v1.10.1-eksbuild.1',
      after: `${ECR}/amazon-k8s-cni:v1.11.4-eksbuild.1`,
      owners: ['kubectl-edit'],
      ownersAfter: ['eks'],
    });
    expect(over.lost).toBe(1);

    const keep = cell(report, 'edit-image', 'PRESERVE');
    expect(keep.succeeded).toBe(true);
    expect(keep.preserveModel).toBe('drop-conflicting-paths');
    expect(ds(keep).preserved).toEqual([IMAGE]);
    expect(ds(keep).userChanges.find((u) => u.path === IMAGE)).toMatchObject({ fate: 'kept', after: 'registry.example.com/amazon-k8s-cni:v1.10.1-eksbuild.1', ownersAfter: ['kubectl-edit'] });
    expect(keep.lost).toBe(0);
  });

  it('a variable the add-on does not set survives every mode; the webhook\'s annotation is owned by nobody', () => {
    for (const mode of ['NONE', 'OVERWRITE', 'PRESERVE']) {
      expect(ds(cell(report, 'set-env-new-variable', mode)).userChanges).toMatchObject([{ path: WARM, fate: 'kept' }]);
      const hook = ds(cell(report, 'mutating-webhook', mode)).userChanges.find((u) => u.path.endsWith('policy.example.com/checked'))!;
      expect(hook).toMatchObject({ fate: 'kept', owners: [], ownersAfter: [] });
    }
  });

  it('the summary counts what the cells say', () => {
    expect(report.summary.failed).toBe(report.cells.filter((c) => !c.succeeded).length);
    expect(report.summary.losingUserChanges).toBe(report.cells.filter((c) => c.lost > 0).length);
    expect(report.summary.exitCode).toBe(1);
  });
});

describe('ssa-sim addon-check: text and markdown', () => {
  it('text: a table per object, the details, the summary', async () => {
    const r = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '--modes', 'NONE,PRESERVE']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('vpc-cni@v1.10.1-eksbuild.1 -> vpc-cni@v1.11.4-eksbuild.1: 9 cluster states x 2 modes (NONE, PRESERVE)');
    const table = lines.indexOf(DS);
    expect(lines[table + 1]).toMatch(/^ {2}cluster state +NONE +PRESERVE$/);
    expect(lines.slice(table).find((l) => l.startsWith('  edit-image '))).toMatch(/^ {2}edit-image +FAILS: 1 conflict +ok, keeps 1, preserved 1$/);
    expect(r.stdout).toContain(`    kept ${IMAGE} = "registry.example.com/amazon-k8s-cni:v1.10.1-eksbuild.1" (kubectl-edit)\n`);
    expect(lines.at(-2)).toMatch(/^18 cells: \d+ fail, \d+ lose a user change$/);
    // The untouched install: the update changes both images (eks owns them before and after), so
    // the cell has no user change and no ownership change, but it is not true that nothing changes.
    const installed = lines.indexOf('installed (update-addon): vpc-cni@v1.10.1-eksbuild.1 as the add-on manager installs it, unchanged');
    expect(lines.slice(installed + 1, installed + 3)).toEqual(['  NONE: ACTIVE, no user change and no ownership change', '  PRESERVE: ACTIVE, no user change and no ownership change']);
    expect(r.stdout).not.toContain('nothing changes');
  }, 60_000);

  it('markdown: a table ready for a pull request', async () => {
    const r = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '-o', 'markdown']);
    expect(r.stdout).toContain('### Add-on upgrade check: `vpc-cni@v1.10.1-eksbuild.1` → `vpc-cni@v1.11.4-eksbuild.1`');
    expect(r.stdout).toContain('| cluster state | NONE | OVERWRITE | PRESERVE |\n| --- | --- | --- | --- |\n');
    expect(r.stdout).toContain('| `edit-image` | **FAILS: 1 conflict** | **LOSES 1, takes 1** | ok, keeps 1, preserved 1 |');
  }, 60_000);
});

describe('ssa-sim addon-check: inputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'addon-check-'));
  it('OLD and NEW as a file and a directory; a customizations file of its own', async () => {
    writeFileSync(join(dir, 'old.yaml'), vpcCniManifest({ version: 'v1.10.1-eksbuild.1' }));
    mkdirSync(join(dir, 'new'));
    writeFileSync(join(dir, 'new', 'aws-k8s-cni.yaml'), vpcCniManifest({ version: 'v1.11.4-eksbuild.1' }));
    writeFileSync(join(dir, 'new', 'README.md'), 'not a manifest');
    writeFileSync(
      join(dir, 'users.yaml'),
      '- name: log-level\n  steps:\n    - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, container: aws-node, env: {AWS_VPC_K8S_CNI_LOGLEVEL: INFO}}\n',
    );
    const r = await runCli(['addon-check', '--from', join(dir, 'old.yaml'), '--to', join(dir, 'new'), '--customizations', join(dir, 'users.yaml'), '--modes', 'OVERWRITE', '-o', join(dir, 'r.json')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as AddonCheckReport;
    expect(report.addon).toBe('new');
    expect(report.states.map((s) => s.name)).toEqual(['installed', 'kubectl-apply-install', 'log-level']);
    const u = ds(cell(report, 'log-level', 'OVERWRITE')).userChanges;
    expect(u).toMatchObject([{ path: '.spec.template.spec.containers[name="aws-node"].env[name="AWS_VPC_K8S_CNI_LOGLEVEL"].value', value: 'INFO', after: 'DEBUG', fate: 'overwritten', owners: ['kubectl-set'] }]);
  }, 60_000);

  it('a live cluster: an update when eks applied it, its user changes from managedFields', async () => {
    const r = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '--customizations', '/dev/null', '--cluster', 'test/cli/aws-node-live.yaml', '-o', 'json']);
    const report = JSON.parse(r.stdout) as AddonCheckReport;
    const live = report.states.find((s) => s.name === 'test/cli/aws-node-live.yaml')!;
    expect(live).toMatchObject({ origin: 'live', operation: 'update-addon' });
    expect(live.userChanges.find((u) => u.path === '.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"]')).toMatchObject({ owners: ['kubectl-set'] });
  }, 60_000);

  it('errors name the file, line and column', async () => {
    writeFileSync(join(dir, 'bad.yaml'), '- name: x\n  steps:\n    - kubectl-set-env: {resource: daemonset/aws-node, forse: true}\n');
    const r = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '--customizations', join(dir, 'bad.yaml')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${join(dir, 'bad.yaml')}:3:55:`);
    expect(r.stderr).toContain('unknown key "forse"');
    const fail = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '--customizations', join(dir, 'users.yaml'), '--modes', 'NONE,FORCE']);
    expect(fail.code).toBe(2);
    expect(fail.stderr).toContain('--modes: "FORCE" is not a resolveConflicts mode');
    const version = await runCli(['addon-check', '--from', 'vpc-cni@v1.9.0', '--to', 'vpc-cni@v1.11.4']);
    expect(version.stderr).toBe('ssa-sim addon-check: vpc-cni@v1.9.0: ssa-sim ships vpc-cni v1.10.1-eksbuild.1, v1.11.4-eksbuild.1\n');
    const missing = await runCli(['addon-check', '--to', 'vpc-cni@v1.11.4']);
    expect(missing.stderr).toContain('missing --from OLD');
  }, 60_000);

  it('--help has examples; --print-customizations prints the defaults', async () => {
    const help = await runCli(['addon-check', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('ssa-sim addon-check --from vpc-cni@v1.10.1 --to vpc-cni@v1.11.4\n');
    const p = await runCli(['addon-check', '--print-customizations']);
    expect(p.stdout).toContain('- name: edit-image');
  });
});
