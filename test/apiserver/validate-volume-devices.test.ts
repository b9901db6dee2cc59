/**
 * A container's volumeDevices as kube-apiserver 1.32 validates them
 * (pkg/apis/core/validation/validation.go: ValidateVolumeDevices, and ValidateVolumeMounts' overlap
 * checks), the kinds of case validation_test.go's volume device tests hold: a device
 * naming no volume or a volume that is not a claim, a name or path twice, a path with backsteps,
 * a name or path also a volumeMount's.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const volumes = [
  { name: 'claim', persistentVolumeClaim: { claimName: 'data' } },
  { name: 'scratch', emptyDir: {} },
];
const pod = (container: Record<string, unknown>) =>
  obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { volumes, containers: [{ name: 'web', image: 'nginx', ...container }] } });
const podMessage = (container: Record<string, unknown>) => fail(real().create(pod(container), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
const D = 'spec.containers[0].volumeDevices';

describe('volumeDevices', () => {
  it('a claim as a block device is accepted', () => {
    ok(real().create(pod({ volumeDevices: [{ name: 'claim', devicePath: '/dev/xvda' }] }), { fieldManager: 'm' }));
  });

  it('names a claim or ephemeral volume of the pod, once; a path once, without backsteps', () => {
    expect(
      podMessage({
        volumeDevices: [
          { name: 'scratch', devicePath: '/dev/a' },
          { name: 'nothing', devicePath: '/dev/../b' },
          { name: 'claim', devicePath: '/dev/a' },
          { name: 'claim', devicePath: '' },
        ],
      }),
    ).toBe(
      podInvalid(
        `${D}[0].name: Invalid value: "scratch": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode`,
        `${D}[1].name: Not found: "nothing"`,
        `${D}[1].devicePath: Invalid value: "/dev/../b": can not contain backsteps ('..')`,
        `${D}[2].devicePath: Invalid value: "/dev/a": must be unique`,
        `${D}[3].name: Invalid value: "claim": must be unique`,
        `${D}[3].devicePath: Required value`,
      ),
    );
  });

  it('neither the name nor the path of a volumeMount, checked from both sides', () => {
    expect(podMessage({ volumeMounts: [{ name: 'claim', mountPath: '/dev/xvda' }], volumeDevices: [{ name: 'claim', devicePath: '/dev/xvda' }] })).toBe(
      podInvalid(
        'spec.containers[0].volumeMounts[0].name: Invalid value: "claim": must not already exist in volumeDevices',
        'spec.containers[0].volumeMounts[0].mountPath: Invalid value: "/dev/xvda": must not already exist as a path in volumeDevices',
        `${D}[0].name: Invalid value: "claim": must not already exist in volumeMounts`,
        `${D}[0].devicePath: Invalid value: "/dev/xvda": must not already exist as a path in volumeMounts`,
      ),
    );
  });
});
