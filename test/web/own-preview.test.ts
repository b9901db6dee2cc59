/**
 * The playground's "your own objects" preview: a manifest and a field manager against a pasted
 * dump give what `ssa-sim preview` gives — the same -o json report, the same text on stdout and
 * stderr (the 409 byte for byte), the same exit status, and the same errors.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { readOwnObjects } from '../../src/web/own-objects.js';
import { runOwnPreview } from '../../src/web/own-preview.js';
import { renderOwnPreview } from '../../src/web/render-own-objects.js';
import { capturedAwsNode } from '../cli/captured.js';
import { runCli } from '../cli/run-io.js';
import { repoRoot } from './library.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-own-preview-'));
const NOW = '2022-09-01T10:00:00Z';

function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

const daemonSet = (version: string) =>
  vpcCniManifest({ version, region: 'eu-west-1' })
    .split('---\n')
    .find((d) => d.includes('kind: DaemonSet'))!;

const lives = {
  captured: file('captured-aws-node.yaml', capturedAwsNode()),
  small: file('aws-node-live.yaml', readFileSync(join(repoRoot, 'test/cli/aws-node-live.yaml'), 'utf8')),
};
const manifests = {
  v111: file('v111.yaml', daemonSet('v1.11.4-eksbuild.1')),
  warm: file(
    'warm.yaml',
    `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: aws-node
  namespace: kube-system
spec:
  selector:
    matchLabels:
      k8s-app: aws-node
  template:
    spec:
      containers:
      - name: aws-node
        image: 602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1
        env:
        - name: WARM_IP_TARGET
          value: "10"
`,
  ),
  newConfigMap: file('cm.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fresh\ndata:\n  a: "1"\n'),
};

interface Case {
  readonly live: string;
  readonly manifest: string;
  readonly manager?: string;
  readonly clientSide?: boolean;
  readonly force?: boolean;
}

const cases: Record<string, Case> = {
  'eks without force on the captured aws-node: the 409': { live: lives.captured, manifest: manifests.v111, manager: 'eks' },
  'eks with force: eks takes the images': { live: lives.captured, manifest: manifests.v111, manager: 'eks', force: true },
  'kubectl (the default), server-side: the last-applied exception and the migration': { live: lives.captured, manifest: manifests.v111 },
  'client-side apply': { live: lives.captured, manifest: manifests.v111, clientSide: true },
  'aws-node-live.yaml: eks changes WARM_IP_TARGET, which kubectl-set owns': { live: lives.small, manifest: manifests.warm, manager: 'eks' },
  'aws-node-live.yaml: helm, forced': { live: lives.small, manifest: manifests.warm, manager: 'helm', force: true },
  'a manifest object no live object matches is created': { live: lives.small, manifest: manifests.newConfigMap, manager: 'eks' },
};

function flags(c: Case): string[] {
  return [...(c.manager ? ['--field-manager', c.manager] : []), ...(c.clientSide ? ['--client-side'] : []), ...(c.force ? ['--force-conflicts'] : []), '--now', NOW];
}

function pagePreview(c: Case) {
  const live = readOwnObjects(readFileSync(c.live, 'utf8'), c.live);
  return runOwnPreview(live, { manifestText: readFileSync(c.manifest, 'utf8'), manifestName: c.manifest, fieldManager: c.manager ?? '', clientSide: c.clientSide === true, force: c.force === true, now: NOW });
}

describe('your own objects: the preview', () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: the report of preview -o json, and preview's text`, async () => {
      const page = pagePreview(c);
      expect(page.problem).toBeUndefined();
      const json = await runCli(['preview', '-f', c.manifest, '--live', c.live, '-o', 'json', ...flags(c)]);
      expect(JSON.parse(JSON.stringify(page.preview!.report))).toEqual(JSON.parse(json.stdout));
      const text = await runCli(['preview', '-f', c.manifest, '--live', c.live, '--color', 'never', ...flags(c)]);
      expect(page.output!.head + page.output!.body).toBe(text.stdout);
      expect(page.output!.stderr).toBe(text.stderr);
      expect(page.output!.exitCode).toBe(text.code);
    });
  }

  it('the conflict: both image lines marked 409 in the object, the 409 text shown', () => {
    const page = pagePreview(cases['eks without force on the captured aws-node: the 409']);
    expect(page.output!.stderr).toContain('Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:');
    expect(page.objects.map((o) => o.display)).toEqual(['daemonset.apps/aws-node -n kube-system']);
    const marked = page.objects[0].rows.filter((r) => r.mark?.kind === 'conflict').map((r) => r.path);
    expect(marked).toEqual(['.spec.template.spec.containers[name="aws-node"].image', '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image']);
    const html = renderOwnPreview(page);
    expect(html).toContain('data-testid="own-preview-stderr"');
    expect(html).toContain('Apply failed with 2 conflicts');
    expect(html).toContain('<h4>Conflicts</h4>');
  });

  it('with force: the image lines say eks took them; values change from v1.10.1 to v1.11.4', () => {
    const page = pagePreview(cases['eks with force: eks takes the images']);
    const row = page.objects[0].rows.find((r) => r.path === '.spec.template.spec.containers[name="aws-node"].image')!;
    expect(row.owners.map((t) => t.label)).toEqual(['eks']);
    expect(row.mark).toEqual({ kind: 'took', text: 'eks took it from kubectl-client-side-apply' });
    const values = page.preview!.valueChanges.map((v) => [v.path, v.before, v.after]);
    expect(values).toContainEqual([
      '.spec.template.spec.containers[name="aws-node"].image',
      '602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.10.1-eksbuild.1',
      '602401143452.dkr.ecr.eu-west-1.amazonaws.com/amazon-k8s-cni:v1.11.4-eksbuild.1',
    ]);
  });

  const bad: Record<string, { manifest: string; unreadable: boolean }> = {
    'a manifest that does not parse': { manifest: 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x\n', unreadable: true },
    'a manifest without objects': { manifest: '# nothing\n', unreadable: true },
    'a field the schema does not declare': { manifest: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: kube-system\ndata:\n  a: "1"\nbogus: 1\n', unreadable: false },
  };
  for (const [name, b] of Object.entries(bad)) {
    it(`${name}: what preview says`, async () => {
      const m = file('bad-manifest.yaml', b.manifest);
      const cli = await runCli(['preview', '-f', m, '--live', lives.small, '--field-manager', 'eks', '--color', 'never', '--now', NOW]);
      const live = readOwnObjects(readFileSync(lives.small, 'utf8'), lives.small);
      const page = runOwnPreview(live, { manifestText: b.manifest, manifestName: m, fieldManager: 'eks', clientSide: false, force: false, now: NOW });
      expect(page.problem !== undefined).toBe(b.unreadable);
      if (page.problem) {
        expect(cli.code).toBe(2);
        expect(`ssa-sim preview: ${page.problem.message}\n`).toBe(cli.stderr);
      } else {
        expect(page.output!.exitCode).toBe(cli.code);
        expect(page.output!.stderr).toBe(cli.stderr);
        expect(cli.stderr).toMatch(/bad-manifest\.yaml:8:1: \.bogus: not declared in the schema/);
      }
    });
  }
});
