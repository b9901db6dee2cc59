/**
 * Kubernetes' own kubectl run tests, run with the real kubectl v1.32 against `ssa-sim serve`: a
 * port of kubernetes/kubernetes test/cmd/run.sh (`run_kubectl_run_tests`): both dry runs create
 * nothing, a run creates the pod (managed by `kubectl-run`, as test/cmd/core.sh's service block
 * asserts), and an invalid image name is refused by kubectl before any request. $IMAGE_NGINX is
 * written out as registry.k8s.io/nginx:1.7.9 (hack/lib/test.sh's value).
 *
 * Left out: nothing.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { createAndUseNewNamespace, expectOk, getObjectAssert, NAMES } from './kubectl-cmd-asserts.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();
const IMAGE_NGINX = 'registry.k8s.io/nginx:1.7.9';

describe.skipIf(!available)('test/cmd/run.sh with real kubectl', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('run_kubectl_run_tests', { timeout: 180_000 }, async () => {
    const k = s.k;
    await createAndUseNewNamespace(k);
    expect(expectOk(await k.run(['run', '--dry-run=client', 'nginx-extensions', `--image=${IMAGE_NGINX}`])).stdout).toBe('pod/nginx-extensions created (dry run)\n');
    expect(expectOk(await k.run(['run', '--dry-run=server', 'nginx-extensions', `--image=${IMAGE_NGINX}`])).stdout).toBe('pod/nginx-extensions created (server dry run)\n');
    await getObjectAssert(k, ['pods'], NAMES, '');
    expectOk(await k.run(['run', 'nginx-extensions', `--image=${IMAGE_NGINX}`]));
    await getObjectAssert(k, ['pod'], NAMES, 'nginx-extensions:');
    expect(expectOk(await k.run(['get', 'pod', 'nginx-extensions', '-o=jsonpath={.metadata.managedFields[*].manager}'])).stdout).toBe('kubectl-run');
    expectOk(await k.run(['delete', 'pod', 'nginx-extensions']));

    expect(await k.run(['run', 'test1', '--image=validname'])).toEqual({ code: 0, stdout: 'pod/test1 created\n', stderr: '' });
    expectOk(await k.run(['delete', 'pods', 'test1']));
    const r = await k.run(['run', 'test2', '--image=InvalidImageName']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('error: Invalid image name "InvalidImageName": invalid reference format');
    await getObjectAssert(k, ['pods'], NAMES, '');
  });
});
