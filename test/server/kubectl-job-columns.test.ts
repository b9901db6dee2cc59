/**
 * `kubectl get jobs` over `ssa-sim serve` prints the columns kube-apiserver's Job printer gives
 * (pkg/printers/internalversion printJob, since 1.30): NAME, STATUS (Complete, Failed, Terminating,
 * Suspended or FailureTarget from the conditions that are True, else Running), COMPLETIONS
 * (`succeeded/completions`, `succeeded/1 of parallelism` without completions), DURATION (from
 * status.startTime to completionTime, or to now; empty before it starts) and AGE; `-o wide` adds
 * CONTAINERS, IMAGES and SELECTOR. No job controller runs, so status is what a writer put there.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();
const T0 = '2024-01-01T00:00:00Z';

describe.skipIf(!available)('kubectl get jobs over ssa-sim serve', () => {
  const c = tableCluster(async ({ server, k }) => {
    expect((await k.run(['create', 'job', 'fresh', '--image=busybox'])).code).toBe(0);
    const parallel = 'apiVersion: batch/v1\nkind: Job\nmetadata: {name: wide}\nspec:\n  parallelism: 3\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: a, image: busybox}, {name: b, image: alpine}]\n';
    expect((await k.run(['create', '-f', k.file('wide.yaml', parallel)])).code).toBe(0);
    expect((await k.run(['create', 'job', 'done', '--image=busybox'])).code).toBe(0);
    // A status as the job controller writes it: started at T0, complete two minutes later.
    const status = { status: { startTime: T0, completionTime: '2024-01-01T00:02:00Z', succeeded: 1, conditions: [{ type: 'Complete', status: 'True' }] } };
    const patched = await call(server, 'PATCH', '/apis/batch/v1/namespaces/default/jobs/done/status', JSON.stringify(status), { 'Content-Type': 'application/merge-patch+json' });
    expect(patched.status).toBe(200);
    const running = await call(server, 'PATCH', '/apis/batch/v1/namespaces/default/jobs/wide/status', JSON.stringify({ status: { startTime: T0, active: 3 } }), { 'Content-Type': 'application/merge-patch+json' });
    expect(running.status).toBe(200);
  });

  it('NAME, STATUS, COMPLETIONS, DURATION, AGE', { timeout: 60_000 }, async () => {
    expect(await c.k.run(['get', 'jobs'])).toEqual({
      code: 0,
      stdout: ['NAME    STATUS     COMPLETIONS   DURATION   AGE', 'done    Complete   1/1           2m         5m', 'fresh   Running    0/1                      5m', 'wide    Running    0/1 of 3      5m         5m', ''].join('\n'),
      stderr: '',
    });
  });

  it('-o wide adds the containers, images and selector', { timeout: 60_000 }, async () => {
    const out = await c.k.run(['get', 'job', 'wide', '-o', 'wide']);
    const uid = (await c.k.run(['get', 'job', 'wide', '-o', 'jsonpath={.metadata.uid}'])).stdout;
    expect(out.stdout).toBe(
      [
        'NAME   STATUS    COMPLETIONS   DURATION   AGE   CONTAINERS   IMAGES           SELECTOR',
        `wide   Running   0/1 of 3      5m         5m    a,b          busybox,alpine   batch.kubernetes.io/controller-uid=${uid}`,
        '',
      ].join('\n'),
    );
  });

  it('the Table declares the printer\'s columns', async () => {
    const table = await call(c.server, 'GET', '/apis/batch/v1/namespaces/default/jobs', undefined, { Accept: 'application/json;as=Table;g=meta.k8s.io;v=v1' });
    expect(table.json.columnDefinitions.map((c: any) => [c.name, c.type, c.priority, c.description])).toEqual([
      ['Name', 'string', 0, expect.stringContaining('Name must be unique within a namespace.')],
      ['Status', 'string', 0, 'Status of the job.'],
      ['Completions', 'string', 0, 'The number of pods which reached phase Succeeded. The value increases monotonically for a given spec. However, it may decrease in reaction to scale down of elastic indexed jobs.'],
      ['Duration', 'string', 0, 'Time required to complete the job.'],
      ['Age', 'string', 0, expect.stringContaining('CreationTimestamp is a timestamp')],
      ['Containers', 'string', 1, 'Names of each container in the template.'],
      ['Images', 'string', 1, 'Images referenced by each container in the template.'],
      ['Selector', 'string', 1, 'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors'],
    ]);
  });
});
