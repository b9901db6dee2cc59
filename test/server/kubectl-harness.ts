/**
 * Running the real kubectl against a test server: a temporary KUBECONFIG and --cache-dir (the
 * user's configuration is never touched), a timeout on every command, and the rule for machines
 * without kubectl: fail under CI=true, skip with a printed reason otherwise.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';

export interface KubectlResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Whether kubectl runs here; under CI=true a missing kubectl is an error, not a skip. */
export function kubectlAvailable(): boolean {
  try {
    execFileSync('kubectl', ['version', '--client'], { stdio: 'ignore', timeout: 20_000 });
    return true;
  } catch {
    if (process.env.CI === 'true') throw new Error('kubectl is not on the PATH, and CI=true requires the real-kubectl tests');
    console.log('skipping the real-kubectl tests: kubectl is not on the PATH (they are required when CI=true)');
    return false;
  }
}

export class KubectlSession {
  readonly dir = mkdtempSync(join(tmpdir(), 'ssa-sim-kubectl-'));
  readonly kubeconfig = join(this.dir, 'kubeconfig');

  constructor(kubeconfigText: string) {
    writeFileSync(this.kubeconfig, kubeconfigText);
  }

  file(name: string, text: string): string {
    const p = join(this.dir, name);
    writeFileSync(p, text);
    return p;
  }

  /**
   * kubectl ARGS; `extraEnv` adds variables (`EDITOR` for `kubectl edit`); `stdin`, when given, is
   * what kubectl reads before its input ends (otherwise its input stays open, as a terminal's).
   */
  run(args: readonly string[], timeoutMs = 60_000, extraEnv: Readonly<Record<string, string>> = {}, stdin?: string): Promise<KubectlResult> {
    const env = { ...process.env, ...extraEnv, KUBECONFIG: this.kubeconfig, HOME: this.dir, NO_COLOR: '1' };
    return new Promise((resolve) => {
      const child = execFile('kubectl', ['--cache-dir', join(this.dir, 'cache'), '--request-timeout', '20s', ...args], { env, timeout: timeoutMs, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : -1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      });
      if (stdin !== undefined) child.stdin?.end(stdin);
    });
  }

  /** kubectl ARGS that must succeed quietly (exit 0, nothing on stderr); what it printed. */
  async ok(args: readonly string[]): Promise<string> {
    const r = await this.run(args);
    expect(r.stderr, args.join(' ')).toBe('');
    expect(r.code, args.join(' ')).toBe(0);
    return r.stdout;
  }

  /** kubectl ARGS that must fail; what it printed, stdout then stderr. */
  async fails(args: readonly string[]): Promise<string> {
    const r = await this.run(args);
    expect(r.code, args.join(' ')).not.toBe(0);
    return r.stdout + r.stderr;
  }

  /**
   * What test/cmd's `kube::test::get_object_assert OBJECT TEMPLATE` compares: the stdout of
   * `kubectl get OBJECT... -o go-template=TEMPLATE` (OBJECT split at spaces, as the shell does).
   * A failing get is returned as its stderr behind `ERROR(code): `, so the comparison fails
   * visibly instead of matching an empty expectation.
   */
  async getTemplate(object: string, template: string): Promise<string> {
    const r = await this.run(['get', ...object.split(' ').filter((w) => w !== ''), '-o', `go-template=${template}`]);
    return r.code === 0 ? r.stdout : `ERROR(${r.code}): ${r.stderr}`;
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * For a describe block: a server (`startServer(options)`) started before its tests and a kubectl
 * session pointed at it, both closed after them. The fields are there once the block's first
 * beforeAll has run.
 */
export function serverWithKubectl(options?: Parameters<typeof startServer>[0]): { readonly server: RunningServer; readonly k: KubectlSession } {
  const at = {} as { server: RunningServer; k: KubectlSession };
  beforeAll(async () => {
    at.server = await startServer(options);
    at.k = new KubectlSession(at.server.kubeconfig);
  });
  afterAll(async () => {
    await at.server?.close();
    at.k?.dispose();
  });
  return at;
}
