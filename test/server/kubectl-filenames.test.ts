/**
 * `-f` and `-R` read files in the order real kubectl reads them, and fail with its texts: the same
 * tree through `kubectl apply --dry-run=client -o name` against `ssa-sim serve` and through
 * `ssa-sim preview`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { runCli } from '../cli/run-io.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  namespace: default\n`;

describe.skipIf(!available)('-f DIR and -R as real kubectl reads them', () => {
  let server: RunningServer;
  let k: KubectlSession;
  const root = mkdtempSync(join(tmpdir(), 'ssa-sim-kfiles-'));
  const d = join(root, 'd');

  beforeAll(async () => {
    mkdirSync(join(d, 'sub', 'deeper'), { recursive: true });
    mkdirSync(join(root, 'empty'));
    const files: Record<string, string> = {
      'b.yaml': 'bee',
      'a.yml': 'ay',
      'c.json': 'sea',
      '.hidden.yaml': 'hidden',
      'Z.yaml': 'upper',
      'sub/z.yaml': 'zed',
      'sub/deeper/q.yaml': 'deep',
      'sub/a.json': 'suba',
    };
    for (const [f, name] of Object.entries(files)) writeFileSync(join(d, f), cm(name));
    writeFileSync(join(d, 'notes.txt'), 'not read');
    writeFileSync(join(d, 'B.YAML'), 'not read');
    server = await startServer();
    k = new KubectlSession(server.kubeconfig);
  });
  afterAll(async () => {
    await server?.close();
    k?.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const ours = async (args: string[]) => {
    const live = join(root, 'live.yaml');
    writeFileSync(live, '');
    const r = await runCli(['preview', ...args, '--live', live, '--now', '2024-01-01T00:00:00Z']);
    return { ...r, names: r.stdout.split('\n').filter((l) => l.endsWith(' created')).map((l) => l.replace(/ created$/, '')) };
  };
  const theirs = async (args: string[]) => {
    const r = await k.run(['apply', '--dry-run=client', '-o', 'name', ...args]);
    return { ...r, names: r.stdout.split('\n').filter((l) => l !== '') };
  };

  it.each([
    [['-f', 'DIR']],
    [['-f', 'DIR', '-R']],
    [['-f', 'DIR/sub,DIR/c.json', '-f', 'DIR/a.yml']],
    [['-f', 'DIR/*.y*ml']],
    [['-f', 'DIR/notes.txt', '-f', 'DIR/sub']],
  ])('%j: the same objects in the same order', { timeout: 60_000 }, async (args) => {
    const a = args.map((x) => x.replaceAll('DIR', d));
    if (a.includes(join(d, 'notes.txt'))) writeFileSync(join(d, 'notes.txt'), cm('notes'));
    const [o, t] = [await ours(a), await theirs(a)];
    expect(t.code).toBe(0);
    expect(o.code).toBe(0);
    expect(o.names.length).toBeGreaterThan(1);
    expect(o.names).toEqual(t.names);
  });

  it.each([[['-f', 'ROOT/missing.yaml']], [['-f', 'ROOT/*.nothing']], [['-f', 'ROOT/x[']], [['-f', 'ROOT/empty']], [['-f', 'ROOT/empty', '-f', 'ROOT/gone']]])(
    '%j: kubectl error text',
    { timeout: 60_000 },
    async (args) => {
      const a = args.map((x) => x.replaceAll('ROOT', root));
      const [o, t] = [await ours(a), await theirs(a)];
      expect(t.code).toBe(1);
      expect(o.code).toBe(2);
      // kubectl puts "error: " before a single error, nothing before each of several.
      expect(`ssa-sim preview: ${t.stderr.replace(/^error: /, '')}`).toBe(o.stderr);
    },
  );
});
