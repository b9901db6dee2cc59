/**
 * `kubectl apply --force` and apply's flag checks, as real kubectl v1.32 does them against our
 * `serve` and as the kubectl actors do them, compared byte for byte (requests, output, exit code).
 *
 * Upstream: k8s.io/kubectl v0.32 pkg/cmd/apply/apply_test.go — TestForceApply (a patch the server
 * refuses is followed, with --force, by a DELETE and a POST of the new configuration; kubectl
 * prints `configured`), TestDontAllowForceApplyWithServerDryRun, TestDontAllowForceApplyWithServerSide
 * and TestApplyFlagValidation (their error texts). What the requests are comes from
 * pkg/cmd/apply/patcher.go (Patch, deleteAndCreate): only Invalid (422) and Conflict (409) answers
 * lead to the replacement; a BadRequest (400) is reported as without --force. When the new
 * configuration cannot be created either, kubectl creates the deleted object again (as it read
 * it, without its resourceVersion) and reports the create's error.
 *
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import { kubectlApply } from '../../src/actors/index.js';
import type { KubectlApplyOptions } from '../../src/actors/actor.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

const deployment = (app: string, replicas = '2') =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels:\n      app: ${app}\n` +
  `  template:\n    metadata:\n      labels:\n        app: ${app}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1\n`;
const DEPLOY = deployment('nginx');

const csa = (manifests: string) => (s: ClusterState) => kubectlApply(s, { manifests, now: T0 }).state;

function applyCase(name: string, manifest: string, flags: readonly string[], opts: Partial<KubectlApplyOptions>, expectedWrites: string[]): Case & { expectedWrites: string[] } {
  return {
    name,
    setup: csa(DEPLOY),
    files: { 'manifest.yaml': manifest },
    steps: [{ argv: ['apply', ...flags, '-f', 'manifest.yaml'], sim: (s) => kubectlApply(s, { manifests: manifest, filename: 'manifest.yaml', now: T1, ...opts }) }],
    expectedWrites,
  };
}

const DEPLOYMENT_PATH = '/apis/apps/v1/namespaces/default/deployments';
const PATCH = `PATCH ${DEPLOYMENT_PATH}/nginx?fieldManager=kubectl-client-side-apply&fieldValidation=Strict [application/strategic-merge-patch+json]`;
const DELETE = `DELETE ${DEPLOYMENT_PATH}/nginx [application/json]`;
const POST = `POST ${DEPLOYMENT_PATH}?fieldManager=kubectl-client-side-apply&fieldValidation=Strict [application/json]`;

const cases = [
  applyCase('--force: an immutable selector changed (422): deleted and created anew', deployment('other'), ['--force'], { force: true }, [PATCH, DELETE, POST]),
  applyCase('--force: an invalid value (422) the new object has too: the deleted object is created again', deployment('nginx', '-1'), ['--force'], { force: true }, [PATCH, DELETE, POST, POST]),
  applyCase('--force: a patch refused as BadRequest (400, an unknown field under Strict) is no reason to replace', deployment('nginx', '2\n  replicaz: 3'), ['--force'], { force: true }, [PATCH]),
  applyCase('without --force: the immutable selector is an error', deployment('other'), [], {}, [PATCH]),
  applyCase('--force with --server-side', DEPLOY, ['--force', '--server-side'], { force: true, serverSide: true }, []),
  applyCase('--force with --dry-run=server', DEPLOY, ['--force', '--dry-run=server'], { force: true, dryRun: 'server' }, []),
  applyCase('--force-conflicts without --server-side', DEPLOY, ['--force-conflicts'], { forceConflicts: true }, []),
  applyCase('--server-side with --dry-run=client', DEPLOY, ['--server-side', '--dry-run=client'], { serverSide: true, dryRun: 'client' }, []),
];

describe.skipIf(!available)('kubectl apply --force and apply flag checks: real kubectl v1.32 and the actors agree', () => {
  for (const c of cases) {
    it(c.name, { timeout: 180_000 }, async () => {
      const [r] = await runCase(c);
      expect(r!.real.writes.map((w) => w.line), 'the requests real kubectl sent').toEqual(c.expectedWrites);
      expect(r!.sim.writes).toEqual(r!.real.writes);
      expect(r!.sim.run).toEqual(r!.real.run);
    });
  }
});
