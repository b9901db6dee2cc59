/**
 * The 1.32 pod strategy's applyAppArmorVersionSkew (pkg/registry/core/pod/strategy.go) on a new
 * Pod: a container's deprecated AppArmor annotation is copied into its appArmorProfile field (with
 * the deprecation warning), a field is copied into the annotation, neither owned by anyone.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, obj, ok } from './helpers.js';
import { getPath } from '../../src/apiserver/object-paths.js';

const KEY = 'container.apparmor.security.beta.kubernetes.io/';
const create = (annotations: object, spec: object) => {
  const c = cluster({ harness: false });
  const r = c.create(obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', annotations }, spec }), { fieldManager: 'm' });
  return { r, pod: ok(r) };
};

describe('AppArmor version skew on a new Pod (1.32)', () => {
  it('copies an annotation into the container field, warning, and a field into the annotation', () => {
    const { r, pod } = create(
      { [`${KEY}a`]: 'runtime/default' },
      { containers: [{ name: 'a', image: 'i' }, { name: 'b', image: 'i', securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'prof' } } }] },
    );
    expect(r.warnings).toEqual([`metadata.annotations[${KEY}a]: deprecated since v1.30; use the "appArmorProfile" field instead`]);
    expect(getPath(pod, ['spec', 'containers'])).toMatchObject([
      { name: 'a', securityContext: { appArmorProfile: { type: 'RuntimeDefault' } } },
      { name: 'b', securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'prof' } } },
    ]);
    expect(getPath(pod, ['metadata', 'annotations'])).toEqual({ [`${KEY}a`]: 'runtime/default', [`${KEY}b`]: 'localhost/prof' });
    const [entry] = entries(pod);
    const owned = JSON.parse(entry.slice(entry.lastIndexOf(' | ') + 3));
    expect(owned['f:spec']['f:containers']['k:{"name":"a"}']['f:securityContext']).toBeUndefined();
    expect(Object.keys(owned['f:metadata']['f:annotations'])).toEqual(['.', `f:${KEY}a`]);
  });
  it("the pod's own profile: written to each container's annotation; an annotation equal to it is not copied but still warns nothing", () => {
    const { r, pod } = create({ [`${KEY}a`]: 'unconfined' }, { securityContext: { appArmorProfile: { type: 'Unconfined' } }, containers: [{ name: 'a', image: 'i' }, { name: 'b', image: 'i' }] });
    expect(r.warnings).toEqual([]);
    expect(getPath(pod, ['spec', 'containers'])).toEqual([
      expect.not.objectContaining({ securityContext: expect.anything() }),
      expect.not.objectContaining({ securityContext: expect.anything() }),
    ]);
    expect(getPath(pod, ['metadata', 'annotations'])).toEqual({ [`${KEY}a`]: 'unconfined', [`${KEY}b`]: 'unconfined' });
  });
  it('leaves a Windows pod alone', () => {
    const { r, pod } = create({ [`${KEY}a`]: 'runtime/default' }, { os: { name: 'windows' }, containers: [{ name: 'a', image: 'i' }] });
    expect(r.warnings).toEqual([]);
    expect(getPath(pod, ['spec', 'containers'])).toEqual([expect.not.objectContaining({ securityContext: expect.anything() })]);
  });
});
