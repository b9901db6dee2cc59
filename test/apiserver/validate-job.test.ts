/**
 * A batch/v1 Job's update as kube-apiserver 1.32 refuses it (ValidateJobSpecUpdate): its
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

  it('the generated selector, completions and completion mode are immutable', () => {
    const c = real();
    const created = ok(c.create(obj(job('perl', { completions: 2 })), { fieldManager: 'creator' }));
    const uid = (created.metadata as { uid: string }).uid;
    const selector = fail(c.patch(target, 'merge', { spec: { selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': 'other' } } } }, { fieldManager: 'p' }));
    expect(selector.message).toBe(
      `Job.batch "pi" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"batch.kubernetes.io/controller-uid":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable`,
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
