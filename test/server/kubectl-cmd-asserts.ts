/**
 * The assertions of Kubernetes' test/cmd shell tests (hack/lib/test.sh), for the vitest ports
 * of those tests (test/server/kubectl-cmd-*.test.ts) that drive the real kubectl against
 * `ssa-sim serve`: `getObjectAssert` runs `kubectl get ARGS -o go-template=TEMPLATE` and
 * requires the whole output to match EXPECTED as a regular expression (the shell's
 * `[[ $res =~ ^$expected$ ]]`); `createAndUseNewNamespace` makes a namespace and points the
 * kubeconfig's context at it, as the shell tests' `create_and_use_new_namespace` does.
 */
import { expect } from 'vitest';
import type { KubectlResult, KubectlSession } from './kubectl-harness.js';

export async function getObjectAssert(k: KubectlSession, args: readonly string[], template: string, expected: string): Promise<void> {
  const r = await k.run(['get', ...args, '-o', `go-template=${template}`]);
  expect(r.stderr, `kubectl get ${args.join(' ')}`).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(new RegExp(`^(?:${expected})$`));
}

/** `{{range.items}}{{.metadata.name}}:{{end}}`: the names of a list, each followed by a colon. */
export const NAMES = '{{range.items}}{{.metadata.name}}:{{end}}';

let counter = 0;

export async function createAndUseNewNamespace(k: KubectlSession, prefix = 'namespace'): Promise<string> {
  counter += 1;
  const ns = `${prefix}-${counter}`;
  expectOk(await k.run(['create', 'namespace', ns]));
  expectOk(await k.run(['config', 'set-context', '--current', `--namespace=${ns}`]));
  return ns;
}

/** A command that must succeed; its stderr is shown when it does not. */
export function expectOk(r: KubectlResult): KubectlResult {
  expect(r.code, r.stderr).toBe(0);
  return r;
}
