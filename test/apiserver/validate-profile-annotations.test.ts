/**
 * kube-apiserver 1.32's ValidatePodCreate ends with validateSeccompAnnotationsAndFields and
 * validateAppArmorAnnotationsAndFieldsMatchOnCreate (pkg/apis/core/validation/validation.go): a
 * profile given as a field and as its deprecated annotation must say the same.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const create = (annotations: object, spec: object) =>
  cluster({ harness: false }).create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', annotations }, spec }), { fieldManager: 'm' });

describe('seccomp and AppArmor annotations against their fields on create (1.32)', () => {
  it('refuses a different type or localhost profile, at the field path', () => {
    const r = create(
      { 'seccomp.security.alpha.kubernetes.io/pod': 'unconfined', 'container.seccomp.security.alpha.kubernetes.io/a': 'localhost/x', 'container.apparmor.security.beta.kubernetes.io/a': 'localhost/b' },
      {
        securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
        containers: [{ name: 'a', image: 'i', securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'y' }, appArmorProfile: { type: 'Localhost', localhostProfile: 'a' } } }],
      },
    );
    expect(fail(r).message).toBe(
      'Pod "p" is invalid: [spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match, ' +
        'spec.containers[0].securityContext.seccompProfile.localhostProfile: Forbidden: seccomp profile in annotation and field must match, ' +
        'spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match]',
    );
  });
  it("a container without its own AppArmor field answers for the pod's; docker/default is RuntimeDefault for seccomp", () => {
    // An annotation the strategy can read is copied into the container's field first (applyAppArmorVersionSkew),
    // so it then matches; an empty one is not, and meets the pod's profile.
    ok(create({ 'container.apparmor.security.beta.kubernetes.io/a': 'unconfined' }, { securityContext: { appArmorProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'a', image: 'i' }] }));
    expect(fail(create({ 'container.apparmor.security.beta.kubernetes.io/a': '' }, { securityContext: { appArmorProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'a', image: 'i' }] })).message).toBe(
      'Pod "p" is invalid: spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match',
    );
    ok(create({ 'seccomp.security.alpha.kubernetes.io/pod': 'docker/default' }, { securityContext: { seccompProfile: { type: 'RuntimeDefault' } }, containers: [{ name: 'a', image: 'i' }] }));
  });
});
