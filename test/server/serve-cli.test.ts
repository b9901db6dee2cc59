/**
 * `ssa-sim serve` as a command: one line with the URL when ready, a kubeconfig pointing at it,
 * usage errors for bad flags, a clean stop.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SsaError } from '../../src/errors/ssa-error.js';
import { describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/commands/serve.js';
import { io, json, serving, until } from './serve-command.js';

describe('ssa-sim serve (the command)', () => {
  it('prints its URL, writes a kubeconfig for it, serves, and stops when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-serve-'));
    try {
      const { out, cio } = io();
      let stop!: () => void;
      const stopped = new Promise<void>((r) => (stop = r));
      const kubeconfig = join(dir, 'kubeconfig');
      const running = serveCommand(['--port', '0', '--kubeconfig', kubeconfig], cio, stopped);
      await until(() => out.stdout.includes('\n'));
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(out.stdout)?.[1];
      expect(url).toBeDefined();
      expect(readFileSync(kubeconfig, 'utf8')).toContain(`server: "${url}"`);
      const r = await fetch(`${url}/api/v1/namespaces/kube-system`, { signal: AbortSignal.timeout(10_000) });
      expect((await r.json()).metadata.name).toBe('kube-system');
      stop();
      expect(await running).toBe(0);
      await expect(fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a kubeconfig it cannot write is an input error, and the server it had started is closed (it kept listening, deaf to SIGTERM)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-serve-'));
    try {
      const listening = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;
      const before = listening();
      const { out, cio } = io();
      const kubeconfig = join(dir, 'missing', 'kubeconfig');
      await expect(serveCommand(['--port', '0', '--kubeconfig', kubeconfig], cio, new Promise(() => {}))).rejects.toThrow(`cannot write ${kubeconfig}: there is no folder ${join(dir, 'missing')}`);
      expect(out.stdout).toBe('');
      await until(() => listening() === before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--objects: managedFields no API server would hold are an input error at the entry, before the server starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-serve-'));
    try {
      const objects = join(dir, 'objects.yaml');
      writeFileSync(objects, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - manager: m\n    operation: Apply\n    apiVersion: v1\n    time: yesterday\n    fieldsType: FieldsV1\n    fieldsV1: {f:data: {f:a: {}}}\ndata:\n  a: "1"\n');
      const { out, cio } = io();
      const err = await serveCommand(['--port', '0', '--objects', objects], cio, new Promise(() => {})).catch((e: SsaError) => e);
      expect([String((err as SsaError).source?.line), (err as SsaError).message]).toEqual(['10', 'configmap/c: metadata.managedFields[0].time: "yesterday" is not an RFC 3339 time such as 2024-02-24T15:24:31Z']);
      expect(out.stdout).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a bad port and a non-loopback address without a token', async () => {
    const a = io();
    expect(await serveCommand(['--port', 'x'], a.cio, Promise.resolve())).toBe(2);
    expect(a.out.stderr).toContain('--port must be a number from 0 to 65535, not "x"');
    const b = io();
    await expect(serveCommand(['--port', '0', '--address', '0.0.0.0'], b.cio, Promise.resolve())).rejects.toThrow('needs a token (--token)');
  });

  it('--state: a restarted server has every acknowledged write, even when the first was never stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-serve-'));
    try {
      const stateFile = join(dir, 'cluster.json');
      const first = await serving(['--state', stateFile]);
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kept' }, data: { a: '1' } });
      const created = await json(`${first.url}/api/v1/namespaces/default/configmaps?fieldManager=alice`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
      expect(created.metadata.managedFields[0].manager).toBe('alice');
      // A second server on the same file, started while the first still runs: what it reads is what the first acknowledged.
      const second = await serving(['--state', stateFile]);
      const got = await json(`${second.url}/api/v1/namespaces/default/configmaps/kept`);
      expect(got.metadata).toEqual(created.metadata);
      expect(got.data).toEqual({ a: '1' });
      expect((await json(`${second.url}/api/v1/namespaces`)).items.map((n: any) => n.metadata.name)).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
      expect(await first.stop()).toBe(0);
      expect(await second.stop()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--objects: captured objects keep their managedFields; their namespace is created', async () => {
    const live = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'aws-node-live.yaml');
    const s = await serving(['--objects', live]);
    const ds = await json(`${s.url}/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node`);
    expect(ds.metadata.managedFields.map((e: any) => e.manager)).toContain('eks');
    expect(await s.stop()).toBe(0);
  });

  it('--objects: an object of a kind the server does not serve is an error naming file:line:column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-serve-'));
    try {
      const file = join(dir, 'objects.yaml');
      writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n');
      const { cio } = io();
      await expect(serveCommand(['--port', '0', '--objects', file], cio, Promise.resolve())).rejects.toThrow('the cluster does not serve example.com/v1 Widget (add its CRD with --crd)');
      try {
        await serveCommand(['--port', '0', '--objects', file], cio, Promise.resolve());
      } catch (e) {
        expect((e as SsaError).source).toMatchObject({ file, line: 5 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--scenario: serves the objects a scenario ends with', async () => {
    const scenario = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scenarios', 'eks-vpc-cni-addon.yaml');
    const s = await serving(['--scenario', scenario]);
    const ds = await json(`${s.url}/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node`);
    expect(ds.metadata.managedFields.map((e: any) => `${e.manager}/${e.operation}`)).toEqual(expect.arrayContaining(['eks/Apply', 'kubectl-set/Update']));
    expect(await s.stop()).toBe(0);
  });
});
