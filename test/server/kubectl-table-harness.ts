/**
 * For a describe block of `kubectl get` table tests: a cluster of the built-in kinds whose clock
 * reads `made` while `setup` makes the objects and `read` after it (so the AGE column shows the
 * difference), with a kubectl session pointed at it; both are closed after the block.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { withExistingObject, type KubeObject } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { KubectlSession } from './kubectl-harness.js';

export const MADE_AT = '2024-01-01T00:00:00Z';
export const READ_AT = '2024-01-01T00:05:00Z';

export interface TableCluster {
  readonly server: RunningServer;
  readonly k: KubectlSession;
  /** `kubectl get ARGS...`: expects nothing on stderr and returns what it printed. */
  get(...args: string[]): Promise<string>;
}

/**
 * `setup` runs once the server is up, at `made`; the tests run at `read`. `stored` objects are in
 * the store from the start, as written (as by a server whose feature gates were on: a create
 * through this one would drop the fields of the gates 1.32 has off).
 */
export function tableCluster(setup: (at: TableCluster) => Promise<void>, clock: { made?: string; read?: string } = {}, stored: readonly KubeObject[] = []): TableCluster {
  const made = clock.made ?? MADE_AT;
  let now = made;
  const at = {
    async get(...args: string[]): Promise<string> {
      const r = await at.k.run(['get', ...args]);
      expect(r.stderr).toBe('');
      return r.stdout;
    },
  } as { server: RunningServer; k: KubectlSession } & TableCluster;
  beforeAll(async () => {
    let state = newClusterState(builtinCatalog(), made);
    for (const o of stored) {
      const r = withExistingObject(state, o);
      if (!('state' in r)) throw new Error(r.problem);
      state = r.state;
    }
    at.server = await startServer({ state, now: () => now });
    at.k = new KubectlSession(at.server.kubeconfig);
    await setup(at);
    now = clock.read ?? READ_AT;
  }, 120_000);
  afterAll(async () => {
    await at.server?.close();
    at.k?.dispose();
  });
  return at;
}

/** `kubectl create -f` of one YAML or JSON text, expected to print nothing on stderr. */
export async function createAll(k: KubectlSession, name: string, text: string): Promise<void> {
  const created = await k.run(['create', '-f', k.file(name, text)]);
  expect(created.stderr).toBe('');
}
