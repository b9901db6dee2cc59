/**
 * A Pod update as kube-apiserver 1.32 validates it (pkg/apis/core/validation/validation.go:
 * ValidatePodUpdate, ValidateContainerUpdates, validateOnlyAddedTolerations,
 * validateOnlyDeletedSchedulingGates, validateNodeSelectorMutation): the kinds of case
 * validation_test.go's TestValidatePodUpdate table holds — an image change allowed, a container
 * added or an env changed refused, activeDeadlineSeconds only set or lowered, tolerations only
 * added (their seconds may change), scheduling gates only removed, a gated pod's node selector
 * only extended — and the update's own spec checks as on create. The message's go-cmp diff is
 * written core.PodSpec{...} (docs/apiserver.md).
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { cluster, fail, obj, ok, ref } from './helpers.js';

const UPDATABLE =
  'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n  core.PodSpec{...}';

const web = { name: 'web', image: 'nginx:1.25' };
const pod = (spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [web], ...spec } });

/** A cluster holding the Pod created from `spec`, and a merge patch's outcome on it. */
function patched(spec: Record<string, unknown>, patch: Record<string, unknown>) {
  const c = cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
  ok(c.create(pod(spec), { fieldManager: 'm' }));
  return c.patch(ref('v1', 'Pod', 'p'), 'strategic', JSON.stringify({ spec: patch }), { fieldManager: 'm' });
}
const refused = (spec: Record<string, unknown>, patch: Record<string, unknown>) => {
  const r = fail(patched(spec, patch));
  expect(r.code).toBe(422);
  return r.message;
};
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;

describe('what a Pod update may change', () => {
  it('an image, yes; an env var or a new container, no', () => {
    ok(patched({}, { containers: [{ name: 'web', image: 'nginx:1.27' }] }));
    expect(refused({}, { containers: [{ name: 'web', env: [{ name: 'A', value: '1' }] }] })).toBe(podInvalid(`spec: Forbidden: ${UPDATABLE}`));
    expect(refused({}, { containers: [web, { name: 'side', image: 'busybox' }] })).toBe(podInvalid('spec.containers: Forbidden: pod updates may not add or remove containers'));
  });

  it('a non-pointer field written at its Go zero is no change; a pointer set to its zero is', () => {
    ok(patched({ containers: [{ ...web, ports: [{ containerPort: 80 }] }] }, { hostNetwork: false, nodeName: '', containers: [{ name: 'web', stdin: false, workingDir: '', ports: [{ containerPort: 80, hostPort: 0 }] }] }));
    expect(refused({}, { automountServiceAccountToken: false })).toBe(podInvalid(`spec: Forbidden: ${UPDATABLE}`));
  });

  it('activeDeadlineSeconds: set, or lowered; not raised, not removed', () => {
    ok(patched({}, { activeDeadlineSeconds: 30 }));
    ok(patched({ activeDeadlineSeconds: 30 }, { activeDeadlineSeconds: 10 }));
    expect(refused({ activeDeadlineSeconds: 30 }, { activeDeadlineSeconds: 60 })).toBe(podInvalid('spec.activeDeadlineSeconds: Invalid value: 60: must be less than or equal to previous value'));
    expect(refused({ activeDeadlineSeconds: 30 }, { activeDeadlineSeconds: null })).toBe(
      podInvalid('spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value'),
    );
  });

  it('tolerations: added, or their seconds changed; an existing one not modified', () => {
    const t = { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoExecute', tolerationSeconds: 300 };
    ok(patched({ tolerations: [t] }, { tolerations: [{ ...t, tolerationSeconds: 60 }, { key: 'spot', operator: 'Exists', effect: 'NoSchedule' }] }));
    expect(refused({ tolerations: [t] }, { tolerations: [{ ...t, value: 'cpu' }] })).toBe(
      podInvalid('spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds'),
    );
  });

  it('scheduling gates: removed, not added; a gated pod may gain node selector labels but not change them', () => {
    ok(patched({ schedulingGates: [{ name: 'example.com/a' }, { name: 'example.com/b' }] }, { schedulingGates: [{ name: 'example.com/b' }] }));
    expect(refused({ schedulingGates: [{ name: 'example.com/a' }] }, { schedulingGates: [{ name: 'example.com/a' }, { name: 'example.com/c' }] })).toBe(
      podInvalid("spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'example.com/c'"),
    );
    ok(patched({ schedulingGates: [{ name: 'example.com/a' }], nodeSelector: { zone: 'a' } }, { nodeSelector: { zone: 'a', disk: 'ssd' } }));
    expect(refused({ schedulingGates: [{ name: 'example.com/a' }], nodeSelector: { zone: 'a' } }, { nodeSelector: { zone: 'b' } })).toBe(
      podInvalid('spec.nodeSelector: Invalid value: map[string]string{"zone":"b"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)'),
    );
    // Without gates the node selector is as immutable as the rest.
    expect(refused({ nodeSelector: { zone: 'a' } }, { nodeSelector: { zone: 'a', disk: 'ssd' } })).toBe(podInvalid(`spec: Forbidden: ${UPDATABLE}`));
  });

  it('the new spec is validated as on create, before the update rules', () => {
    expect(refused({}, { containers: [{ name: 'web', image: ' nginx' }] })).toBe(
      podInvalid('spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace'),
    );
  });

  it('AppArmor and mirror pod annotations may not be added, changed or removed (ValidatePodSpecificAnnotationUpdates)', () => {
    const c = cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
    ok(c.create(pod({}), { fieldManager: 'm' }));
    const annotate = (annotations: Record<string, string | null>) => c.patch(ref('v1', 'Pod', 'p'), 'merge', JSON.stringify({ metadata: { annotations } }), { fieldManager: 'm' });
    expect(fail(annotate({ 'container.apparmor.security.beta.kubernetes.io/web': 'runtime/default' })).message).toBe(
      podInvalid('metadata.annotations[container.apparmor.security.beta.kubernetes.io/web]: Forbidden: may not add AppArmor annotations'),
    );
    // The pod-specific checks run again after these: a bad deletion cost is one message line, two causes.
    const r = fail(annotate({ 'controller.kubernetes.io/pod-deletion-cost': 'x' }));
    expect(r.message).toBe(podInvalid('metadata.annotations[controller.kubernetes.io/pod-deletion-cost]: Invalid value: "x": must be a 32bit integer'));
    expect(r.causes?.filter((cause) => cause.field === 'metadata.annotations[controller.kubernetes.io/pod-deletion-cost]')).toHaveLength(2);
    ok(annotate({ team: 'web' }));
  });

  it('a metadata-only change, and a status change, leave the spec alone', () => {
    const c = cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
    ok(c.create(pod({}), { fieldManager: 'm' }));
    ok(c.patch(ref('v1', 'Pod', 'p'), 'merge', JSON.stringify({ metadata: { labels: { app: 'web' } } }), { fieldManager: 'm' }));
    ok(c.patch(ref('v1', 'Pod', 'p'), 'merge', JSON.stringify({ status: { phase: 'Running' } }), { fieldManager: 'm', subresource: 'status' }));
  });
});

describe('the old Pod the update rules compare with', () => {
  it('is the stored one decoded with defaulting: a Pod stored without its defaults may still change its image', () => {
    // Stored as a hand-made capture would be, without the defaults a create writes (imagePullPolicy,
    // terminationMessagePath, dnsPolicy...). The update is defaulted; were the stored spec compared
    // as it is, every default would read as a forbidden change.
    const bare = obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [web] } });
    const seeded = withExistingObject(createCluster({ catalog: builtinCatalog(), harness: false, now: '2024-02-24T15:24:00Z' }), bare);
    if ('problem' in seeded) throw new Error(seeded.problem);
    const patch = JSON.stringify({ spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } });
    const r = serve(seeded.state, { verb: 'patch', patchType: 'strategic', target: ref('v1', 'Pod', 'p'), patch, options: { fieldManager: 'm' } }).response;
    expect(r.ok ? r.code : [r.code, r.status.message]).toBe(200);
  });
});
