/**
 * A new Job gets the selector and template labels its registry strategy generates
 * (pkg/registry/batch/job/strategy.go, PrepareForCreate, unless `manualSelector: true`):
 * `job-name` and `batch.kubernetes.io/job-name` set to its name, `controller-uid` and
 * `batch.kubernetes.io/controller-uid` to its uid, and `spec.selector.matchLabels` selecting
 * `batch.kubernetes.io/controller-uid`; after the field manager, so nobody owns them. The Job
 * itself carries the template's labels when it has none (batch/v1 SetDefaults_Job, as the store
 * reads the object back), as `kubectl describe job` shows on a cluster.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: a new Job\'s generated selector', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('kubectl create job: selector and labels from the name and uid, owned by nobody', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'job', 'j1', '--image=busybox', '--', 'echo', 'hi'])).stdout).toBe('job.batch/j1 created\n');
    const job = JSON.parse((await s.k.run(['get', 'job', 'j1', '-o', 'json', '--show-managed-fields'])).stdout);
    const uid = job.metadata.uid;
    expect(job.spec.selector).toEqual({ matchLabels: { 'batch.kubernetes.io/controller-uid': uid } });
    expect(job.spec.template.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': uid,
      'batch.kubernetes.io/job-name': 'j1',
      'controller-uid': uid,
      'job-name': 'j1',
    });
    expect(job.spec.manualSelector).toBe(false);
    const fields = JSON.stringify(job.metadata.managedFields);
    expect(job.metadata.managedFields.map((e: { manager: string }) => e.manager)).toEqual(['kubectl-create']);
    expect(fields).not.toContain('f:labels');
    expect(fields).not.toContain('f:selector');
    // batch/v1 defaulting gives a Job without labels its template's, as the store reads it back.
    expect(job.metadata.labels).toEqual(job.spec.template.metadata.labels);
    expect((await s.k.run(['get', 'jobs', '-l', 'job-name=j1', '-o', 'name'])).stdout).toBe('job.batch/j1\n');
  });

  it('labels the manifest sets are kept; a manual selector is left alone', { timeout: 120_000 }, async () => {
    const own = s.k.file(
      'own.yaml',
      'apiVersion: batch/v1\nkind: Job\nmetadata: {name: own}\nspec:\n  template:\n    metadata: {labels: {job-name: mine, team: a}}\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n',
    );
    expect((await s.k.run(['apply', '--server-side', '-f', own])).code).toBe(0);
    const j = JSON.parse((await s.k.run(['get', 'job', 'own', '-o', 'json'])).stdout);
    expect(j.spec.template.metadata.labels).toEqual({
      'batch.kubernetes.io/controller-uid': j.metadata.uid,
      'batch.kubernetes.io/job-name': 'own',
      'controller-uid': j.metadata.uid,
      'job-name': 'mine',
      team: 'a',
    });
    const manual = s.k.file(
      'manual.yaml',
      'apiVersion: batch/v1\nkind: Job\nmetadata: {name: manual}\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: m}}\n  template:\n    metadata: {labels: {app: m}}\n    spec:\n      restartPolicy: Never\n      containers: [{name: c, image: busybox}]\n',
    );
    expect((await s.k.run(['apply', '-f', manual])).code).toBe(0);
    const m = JSON.parse((await s.k.run(['get', 'job', 'manual', '-o', 'json'])).stdout);
    expect([m.spec.selector, m.spec.template.metadata.labels]).toEqual([{ matchLabels: { app: 'm' } }, { app: 'm' }]);
  });

  it('a dry run generates them too, from the uid it would have', { timeout: 120_000 }, async () => {
    const out = await s.k.run(['create', 'job', 'dry', '--image=busybox', '--dry-run=server', '-o', 'jsonpath={.metadata.uid} {.spec.selector.matchLabels}']);
    const [uid, labels] = out.stdout.split(' ');
    expect(uid).not.toBe('');
    expect(JSON.parse(labels)).toEqual({ 'batch.kubernetes.io/controller-uid': uid });
  });
});
