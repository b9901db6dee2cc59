/**
 * docs/scenarios.md's example of `requests` and `requestsExactly` is two steps a user can paste
 * into a scenario: with manifests/web.yaml beside it, every expectation must hold. It said
 * `kubectl scale` sends a PUT; kubectl sends a merge patch to /scale (a PUT only with
 * --current-replicas), as the actor and apiserver-semantics §3.5 have it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-io.js';

const doc = readFileSync(resolve(import.meta.dirname, '..', '..', 'docs', 'scenarios.md'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-doc-requests-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/scenarios.md, the requests an actor sent', () => {
  it('the example holds as written', async () => {
    const block = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes('kubectl-scale:') && b.includes('requestsExactly'));
    expect(block).toBeDefined();
    mkdirSync(join(dir, 'manifests'));
    writeFileSync(
      join(dir, 'manifests', 'web.yaml'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 3\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - {name: web, image: nginx}\n',
    );
    const file = join(dir, 'requests.yaml');
    writeFileSync(file, `name: requests\nsteps:\n${block}`);
    const r = await runCli(['run', file]);
    expect(r.stdout).not.toContain('FAIL');
    expect(r.code).toBe(0);
  });
});
