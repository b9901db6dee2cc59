/**
 * A batch/v1 Job as kube-apiserver 1.32 validates it: on create its restart policy (OnFailure or
 * Never), selector and template (ValidateJobSpec); on update (ValidateJobSpecUpdate) its
 * selector, pod template, completions and completion mode are immutable; a suspended Job that
 * never started may change its template's scheduling directives (labels, annotations, node
 * selector, tolerations, node affinity), nothing else of it.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const target = ref('batch/v1', 'Job', 'pi');
const job = (image: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'pi', namespace: 'default' },
  spec: { ...extra, template: { spec: { restartPolicy: 'Never', containers: [{ name: 'pi', image }] } } },
});
const real = () => cluster({ harness: false, now: NOW });

describe('Job create', () => {
  it('a Job without a restart policy gets the default Always, which a Job may not have', () => {
    const j = job('perl');
    delete (j.spec.template.spec as Record<string, unknown>).restartPolicy;
    const r = fail(real().create(obj(j), { fieldManager: 'm' }));
    expect([r.code, r.message]).toEqual([422, 'Job.batch "pi" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']);
  });

  it('a manual selector must match the template; containers are checked as a workload\'s', () => {
    const manual = job('', { manualSelector: true, selector: { matchLabels: { app: 'pi' } } });
    const r = fail(real().create(obj(manual), { fieldManager: 'm' }));
    expect(r.message).toBe(
      'Job.batch "pi" is invalid: [spec.template.spec.containers[0].image: Required value, spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`]',
    );
    ok(real().create(obj(job('perl', { backoffLimit: 0 })), { fieldManager: 'm' }));
    expect(fail(real().create(obj(job('perl', { backoffLimit: -1 })), { fieldManager: 'm' })).message).toBe(
      'Job.batch "pi" is invalid: spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0',
    );
  });
});

describe('Job update', () => {
  it('another image through apply: the template is immutable', () => {
    const c = real();
    ok(c.apply(obj(job('perl:5.34')), { fieldManager: 'tool' }));
    const r = fail(c.apply(obj(job('perl:5.36')), { fieldManager: 'tool' }));
    expect([r.code, r.message]).toEqual([422, 'Job.batch "pi" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable']);
    expect(r.causes).toEqual([{ reason: 'FieldValueInvalid', message: 'Invalid value: core.PodTemplateSpec{...}: field is immutable', field: 'spec.template' }]);
    // The same manifest again is accepted: the generated selector and labels are kept.
    ok(c.apply(obj(job('perl:5.34')), { fieldManager: 'tool' }));
  });

  it('a template field written at its Go zero is no change (Semantic.DeepEqual of the Go structs)', () => {
    const c = real();
    ok(c.create(obj(job('perl:5.34')), { fieldManager: 'tool' }));
    const zeros = { template: { spec: { hostNetwork: false, containers: [{ name: 'pi', stdin: false, workingDir: '' }] } } };
    ok(c.patch(target, 'strategic', JSON.stringify({ spec: zeros }), { fieldManager: 'tool' }));
    // A pointer at its zero is a change.
    const r = fail(c.patch(target, 'strategic', JSON.stringify({ spec: { template: { spec: { automountServiceAccountToken: false } } } }), { fieldManager: 'tool' }));
    expect(r.message).toBe('Job.batch "pi" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable');
  });

  it('the generated selector, completions and completion mode are immutable', () => {
    const c = real();
    const created = ok(c.create(obj(job('perl', { completions: 2 })), { fieldManager: 'creator' }));
    const uid = (created.metadata as { uid: string }).uid;
    const selector = fail(c.patch(target, 'merge', { spec: { selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'other' } } } }, { fieldManager: 'p' }));
    // Not the generated selector any more, not matching the template, and changed.
    const other = 'v1.LabelSelector{MatchLabels:map[string]string{"batch.kubernetes.io/controller-uid":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}';
    const labels = `map[string]string{"batch.kubernetes.io/controller-uid":"${uid}", "batch.kubernetes.io/job-name":"pi", "controller-uid":"${uid}", "job-name":"pi"}`;
    expect(selector.message).toBe(
      `Job.batch "pi" is invalid: [spec.selector: Invalid value: ${other}: \`selector\` not auto-generated, ` +
        `spec.template.metadata.labels: Invalid value: ${labels}: \`selector\` does not match template \`labels\`, spec.selector: Invalid value: ${other}: field is immutable]`,
    );
    expect(uid).not.toBe('other');
    expect(fail(c.patch(target, 'merge', { spec: { completions: 3 } }, { fieldManager: 'p' })).message).toBe(
      'Job.batch "pi" is invalid: spec.completions: Invalid value: 3: field is immutable',
    );
    expect(fail(c.patch(target, 'merge', { spec: { completionMode: 'Indexed' } }, { fieldManager: 'p' })).message).toBe(
      'Job.batch "pi" is invalid: spec.completionMode: Invalid value: "Indexed": field is immutable',
    );
    ok(c.patch(target, 'merge', { spec: { parallelism: 2, activeDeadlineSeconds: 60 } }, { fieldManager: 'p' }));
  });

  it('a suspended Job that never started may change its scheduling directives, not its containers', () => {
    const c = real();
    ok(c.create(obj(job('perl', { suspend: true })), { fieldManager: 'creator' }));
    const directives = { spec: { template: { metadata: { labels: { zone: 'a' } }, spec: { nodeSelector: { zone: 'a' }, tolerations: [{ key: 'k', operator: 'Exists' }] } } } };
    ok(c.patch(target, 'strategic', directives, { fieldManager: 'p' }));
    const image = { spec: { template: { spec: { containers: [{ name: 'pi', image: 'perl:2' }] } } } };
    expect(fail(c.patch(target, 'strategic', image, { fieldManager: 'p' })).message).toBe(
      'Job.batch "pi" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable',
    );
    const running = real();
    ok(running.create(obj(job('perl')), { fieldManager: 'creator' }));
    expect(fail(running.patch(target, 'strategic', directives, { fieldManager: 'p' })).code).toBe(422);
  });
});
