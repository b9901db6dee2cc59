/**
 * The pod-specific annotations kube-apiserver 1.32 validates on a Pod and a pod template
 * (pkg/apis/core/validation/validation.go: ValidatePodSpecificAnnotations,
 * ValidateSeccompPodAnnotations, ValidateAppArmorPodAnnotations, and pkg/apis/core/helper's
 * GetDeletionCostFromPodAnnotations), the kinds of case validation_test.go's
 * TestValidatePodSpecificAnnotations holds: a mirror pod without a node, a deletion cost that is
 * not a 32-bit integer ("+10", "008", "2147483648"), an unknown seccomp profile, an AppArmor
 * annotation for a container the pod lacks or with an invalid profile.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const web = { name: 'web', image: 'nginx' };
const pod = (annotations: Record<string, string>, spec: Record<string, unknown> = {}) =>
  obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', annotations }, spec: { containers: [web], ...spec } });
const podMessage = (annotations: Record<string, string>, spec: Record<string, unknown> = {}) => fail(real().create(pod(annotations, spec), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
const COST = 'controller.kubernetes.io/pod-deletion-cost';

describe('pod-specific annotations', () => {
  it.each(['+10', '008', '2147483648', '-', '1.5', ''])('pod-deletion-cost %j is not a 32bit integer', (v) => {
    expect(podMessage({ [COST]: v })).toBe(podInvalid(`metadata.annotations[${COST}]: Invalid value: ${JSON.stringify(v)}: must be a 32bit integer`));
  });

  it.each(['0', '-2147483648', '2147483647', '-007', '100'])('pod-deletion-cost %j is', (v) => {
    ok(real().create(pod({ [COST]: v }), { fieldManager: 'm' }));
  });

  it('a mirror pod needs a node', () => {
    expect(podMessage({ 'kubernetes.io/config.mirror': 'abc' })).toBe(
      podInvalid('metadata.annotations[kubernetes.io/config.mirror]: Invalid value: "abc": must set spec.nodeName if mirror pod annotation is set'),
    );
  });

  it('seccomp annotations name a valid profile, at upstream\'s dotted path', () => {
    expect(podMessage({ 'seccomp.security.alpha.kubernetes.io/pod': 'strict', 'container.seccomp.security.alpha.kubernetes.io/web': 'localhost/../p.json' })).toBe(
      podInvalid(
        'metadata.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: "strict": must be a valid seccomp profile',
        `metadata.annotations.container.seccomp.security.alpha.kubernetes.io/web: Invalid value: "../p.json": must not contain '..'`,
      ),
    );
    ok(real().create(pod({ 'seccomp.security.alpha.kubernetes.io/pod': 'runtime/default' }), { fieldManager: 'm' }));
  });

  it('AppArmor annotations name a container of the pod and a valid profile', () => {
    expect(podMessage({ 'container.apparmor.security.beta.kubernetes.io/db': 'enforce' })).toBe(
      podInvalid(
        'metadata.annotations[container.apparmor.security.beta.kubernetes.io/db]: Invalid value: "db": container not found',
        'metadata.annotations[container.apparmor.security.beta.kubernetes.io/db]: Invalid value: "enforce": invalid AppArmor profile name: "enforce"',
      ),
    );
  });

  it('in a template, under spec.template.annotations', () => {
    const d = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' }, annotations: { [COST]: 'high' } }, spec: { containers: [web] } } },
    });
    expect(fail(real().create(d, { fieldManager: 'm' })).message).toBe(`Deployment.apps "x" is invalid: spec.template.annotations[${COST}]: Invalid value: "high": must be a 32bit integer`);
  });
});
