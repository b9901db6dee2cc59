/**
 * A three-way patch kubectl cannot compute, as real kubectl v1.32 reports it against our `serve`
 * and as the kubectl actors report it, compared byte for byte (no request is sent; stderr and
 * the exit code are compared).
 *
 * kubectl's patcher (k8s.io/kubectl v0.32 pkg/cmd/apply/patcher.go, patchSimple) tries the
 * server's OpenAPI v3 document, then its v2 document, then its compiled-in types, warning after
 * each failed try, and wraps the last error behind the three documents; `kubectl apply` names the
 * patch (none) and the object in front of it, `kubectl diff` (pkg/cmd/diff/diff.go, which calls
 * the same patcher) does not. The reasons come from apimachinery's strategicpatch (v0.32
 * patch.go, meta.go, errors.go): a merged list whose items are not all of one type (a `null`
 * item), and a map under a field its struct does not have whose value changed (TestUnknownField's
 * "diff" case, patch_test.go), which each kind of schema words its own way: `unable to find api
 * field "extra"` (v3), `... "extra" in io.k8s.api.apps.v1.DeploymentSpec` (v2), `unable to find
 * api field in struct DeploymentSpec for the json field "extra"` (compiled-in types). Such a
 * field can only be in the last-applied annotation after an apply with --validate=false.
 *
 * Without kubectl the test is skipped with a printed reason, except under CI=true, where it fails.
 */
import { describe, expect, it } from 'vitest';
import { kubectlApply } from '../../src/actors/index.js';
import { kubectlDiff } from '../../src/actors/kubectl/diff.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { type Case, runCase, T0, T1 } from './kubectl-compare-harness.js';
import { kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

const pod = (extra: string) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: a\n    image: x\n${extra}`;
const deployment = (extra: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nspec:\n  replicas: 2\n${extra}  selector:\n    matchLabels:\n      app: nginx\n` +
  `  template:\n    metadata:\n      labels:\n        app: nginx\n    spec:\n      containers:\n      - name: nginx\n        image: nginx:1\n`;

const csa = (manifests: string, validate?: 'false') => (s: ClusterState) => kubectlApply(s, { manifests, now: T0, ...(validate ? { validate } : {}) }).state;

interface ErrorCase {
  readonly name: string;
  readonly setup: (s: ClusterState) => ClusterState;
  readonly manifest: string;
  readonly flags: readonly string[];
  readonly validate?: 'false';
  /** What real kubectl's stderr must hold, so that the case tests what it says. */
  readonly reason: string;
}

const errorCases: ErrorCase[] = [
  { name: 'a null item in a merged list', setup: csa(pod('')), manifest: pod('  - null\n'), flags: [], reason: 'list element types are not identical: ' },
  {
    name: 'a changed map under a field the struct does not have (TestUnknownField "diff")',
    setup: csa(deployment('  extra:\n    a: 1\n'), 'false'),
    manifest: deployment('  extra:\n    a: 2\n'),
    flags: ['--validate=false'],
    validate: 'false',
    reason: 'unable to find api field in struct DeploymentSpec for the json field "extra"',
  },
];

function applyCase(c: ErrorCase): Case {
  return {
    name: c.name,
    setup: c.setup,
    files: { 'manifest.yaml': c.manifest },
    steps: [
      {
        argv: ['apply', ...c.flags, '-f', 'manifest.yaml'],
        sim: (s) => kubectlApply(s, { manifests: c.manifest, filename: 'manifest.yaml', now: T1, ...(c.validate ? { validate: c.validate } : {}) }),
      },
    ],
  };
}

function diffCase(c: ErrorCase): Case {
  return {
    name: c.name,
    setup: c.setup,
    files: { 'manifest.yaml': c.manifest },
    steps: [{ argv: ['diff', '-f', 'manifest.yaml'], sim: (s) => kubectlDiff(s, { manifests: c.manifest, filename: 'manifest.yaml', now: T1 }) }],
  };
}

describe.skipIf(!available)('patches kubectl cannot compute: real kubectl v1.32 and the actors say the same', () => {
  for (const c of errorCases) {
    it(`apply: ${c.name}`, { timeout: 180_000 }, async () => {
      const [r] = await runCase(applyCase(c));
      expect(r!.real.writes).toEqual([]);
      expect(r!.real.run.stderr).toContain(c.reason);
      expect(r!.real.run.stderr).toMatch(/^warning: error calculating patch from openapi v3 spec: .*\nwarning: error calculating patch from openapi spec: .*\nerror: error when applying patch:\n\nto:\n/);
      expect(r!.sim.writes).toEqual(r!.real.writes);
      expect(r!.sim.run).toEqual(r!.real.run);
    });
    it(`diff: ${c.name}`, { timeout: 180_000 }, async () => {
      const [r] = await runCase(diffCase(c));
      expect(r!.real.run.code).toBe(2);
      expect(r!.real.run.stderr).toContain(c.reason);
      // the actor's failure is a nonzero exit; `ssa-sim diff` turns it into kubectl diff's 2
      expect(r!.sim.run.code).not.toBe(0);
      expect(r!.sim.run.stdout).toBe(r!.real.run.stdout);
      expect(r!.sim.run.stderr).toBe(r!.real.run.stderr);
    });
  }
});
