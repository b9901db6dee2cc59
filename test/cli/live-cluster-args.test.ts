/**
 * `--live cluster` without a cluster: a stand-in kubectl (a shell script named by $KUBECTL) records
 * the arguments it is given, so the way objects are named and aimed is checked exactly; and the
 * usage rules and kubectl's absence or silence are checked on their own.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runKubectl } from '../../src/cli/kubectl-process.js';
import { readLiveFromCluster } from '../../src/cli/live-cluster.js';
import { catalogFromFlags } from '../../src/cli/schema-flags.js';
import { readManifests } from '../../src/manifest/index.js';
import { runCli } from './run-io.js';

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-live-args-'));
const file = (name: string, text: string): string => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

/** A kubectl that appends its arguments (one call a line) to LOG and prints STDOUT. */
function fakeKubectl(name: string, stdout = '', code = 0): { program: string; calls: () => string[][] } {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  const program = file(name, `#!/bin/bash\nprintf '%s\\t' "$@" >> '${log}'\necho >> '${log}'\nprintf '%s' '${stdout}'\necho 'kubectl says no' >&2\nexit ${code}\n`);
  chmodSync(program, 0o755);
  return { program, calls: () => readFileSync(log, 'utf8').trim().split('\n').map((l) => l.replace(/\t$/, '').split('\t')) };
}

const manifest = file(
  'm.yaml',
  `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: aws-node, namespace: kube-system}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: settings}
---
apiVersion: v1
kind: Namespace
metadata: {name: team}
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: w, namespace: kube-system}
`,
);

describe('--live cluster names each object by resource, version and group', () => {
  it('one kubectl get per namespace; cluster-scoped objects without -n; unknown kinds by kind', async () => {
    const k = fakeKubectl('kubectl-ok');
    const r = await runCli(['blame', '--live', 'cluster', '-f', manifest, '-n', 'apps', '--context', 'prod', '--kubeconfig', '/k/config'], { env: { KUBECTL: k.program } });
    expect(r.code).toBe(0);
    const common = ['--kubeconfig', '/k/config', '--context', 'prod', 'get'];
    const flags = ['--output', 'json', '--show-managed-fields', '--ignore-not-found'];
    expect(k.calls()).toEqual([
      [...common, '--namespace', 'kube-system', ...flags, 'daemonsets.v1.apps/aws-node', 'Widget.v1.example.com/w'],
      [...common, '--namespace', 'apps', ...flags, 'configmaps.v1./settings'],
      [...common, ...flags, 'namespaces.v1./team'],
    ]);
    expect(r.stdout).toBe(
      [
        'daemonset.apps/aws-node -n kube-system: not found in the cluster (an apply would create it)',
        '---\nconfigmap/settings -n apps: not found in the cluster (an apply would create it)',
        '---\nnamespace/team: not found in the cluster (an apply would create it)',
        '---\nwidget.example.com/w -n kube-system: not found in the cluster (an apply would create it)',
        '',
      ].join('\n'),
    );
  });

  it('without -n, asks kubectl for the context\'s namespace first', async () => {
    const k = fakeKubectl('kubectl-ns');
    await runCli(['preview', '-f', manifest, '--live', 'cluster'], { env: { KUBECTL: k.program } });
    expect(k.calls()[0]).toEqual(['config', 'view', '--minify', '--output', 'jsonpath={.contexts[0].context.namespace}']);
  });

  it('a kubectl failure: its stderr and exit code, exit 2', async () => {
    const k = fakeKubectl('kubectl-fails', '', 1);
    const r = await runCli(['preview', '-f', manifest, '-n', 'x', '--live', 'cluster'], { env: { KUBECTL: k.program } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `ssa-sim preview: cannot read the live objects from the cluster: ${k.program} get --namespace kube-system --output json --show-managed-fields --ignore-not-found daemonsets.v1.apps/aws-node Widget.v1.example.com/w exited with 1:\nkubectl says no\n`,
    );
  });

  it('a kubectl that is not there', async () => {
    const r = await runCli(['preview', '-f', manifest, '-n', 'x', '--live', 'cluster'], { env: { KUBECTL: join(dir, 'no-kubectl') } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`ssa-sim preview: cannot read the live objects from the cluster: ${join(dir, 'no-kubectl')} was not found\n`);
    const onPath = await runCli(['preview', '-f', manifest, '-n', 'x', '--live', 'cluster'], { env: { PATH: dir } });
    expect(onPath.stderr).toBe('ssa-sim preview: cannot read the live objects from the cluster: kubectl was not found on the PATH (set KUBECTL to its path)\n');
  });

  it('a kubectl that does not answer in time is stopped', async () => {
    const slow = file('kubectl-slow', '#!/bin/bash\nexec sleep 30\n');
    chmodSync(slow, 0o755);
    const io = { stdin: Readable.from([]), write: () => undefined, writeError: () => undefined, env: { KUBECTL: slow }, isTTY: false };
    await expect(runKubectl(['get'], io, 300)).rejects.toThrow(`${slow} get did not finish within 0.3s`);
  });
});

describe('matching what kubectl answers', () => {
  it('an object of a kind ssa-sim does not know that comes back without a namespace is cluster-scoped, not missing', async () => {
    const gadget = { apiVersion: 'example.com/v1', kind: 'Gadget', metadata: { name: 'g', managedFields: [{ manager: 'helm', operation: 'Apply', apiVersion: 'example.com/v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:spec': {} } }] }, spec: {} };
    const k = fakeKubectl('kubectl-gadget', JSON.stringify(gadget));
    const io = { stdin: Readable.from([]), write: () => undefined, writeError: () => undefined, env: { KUBECTL: k.program }, isTTY: false };
    const { manifests } = readManifests('apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n', { file: 'm.yaml' });
    const read = await readLiveFromCluster(manifests, { catalog: catalogFromFlags([], []), namespace: 'apps', access: {} }, io);
    expect(k.calls()).toEqual([['get', '--namespace', 'apps', '--output', 'json', '--show-managed-fields', '--ignore-not-found', 'Gadget.v1.example.com/g']]);
    expect(read.missing).toEqual([]);
    expect(read.objects.map((o) => o.owners.map((e) => e.manager))).toEqual([['helm']]);
  });
});

describe('--live usage', () => {
  it.each([
    [['preview', '-f', manifest, '--live', 'x.yaml', '--context', 'c'], 'ssa-sim preview: --context goes with --live cluster\n'],
    [['blame', 'x.yaml', '--kubeconfig', 'k'], 'ssa-sim blame: --kubeconfig goes with --live cluster\n'],
    [['blame', '--live', 'cluster'], 'ssa-sim blame: --live cluster needs -f MANIFEST: the objects to read from the cluster\n'],
    [['blame', 'x.yaml', '--live', 'y.yaml'], 'ssa-sim blame: give the live objects as LIVE or as --live, not both (found "x.yaml" and --live y.yaml)\n'],
    [['blame', 'x.yaml', '-f', 'm.yaml'], 'ssa-sim blame: -f goes with --live cluster (blame LIVE reads a file)\n'],
    [['explain', '.spec', '--live', 'cluster'], 'ssa-sim explain: --live cluster needs -f MANIFEST: the objects to read from the cluster\n'],
    [['explain', 'x.yaml', '.spec', '-n', 'a'], 'ssa-sim explain: -n goes with --live cluster (a captured object has its namespace)\n'],
  ])('%j', async (args, first) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0] + '\n').toBe(first);
  });
});
