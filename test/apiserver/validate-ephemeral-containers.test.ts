/**
 * Ephemeral containers and the create-only rules of a Pod as kube-apiserver 1.32 validates them
 * (pkg/apis/core/validation/validation.go: validateEphemeralContainers, validateFieldAllowList over
 * allowedEphemeralContainerFields, ValidatePodCreate, ValidatePodTemplateSpec), the kinds of case
 * validation_test.go's TestValidateEphemeralContainers table holds (a name taken by a container,
 * an unknown target, a disallowed field, a subPath), and ValidatePodCreate's two refusals (any
 * ephemeral container, a node name with scheduling gates).
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const web = { name: 'web', image: 'nginx' };
const pod = (spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [web], ...spec } });
const podMessage = (spec: Record<string, unknown>) => fail(real().create(pod(spec), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
const CANNOT = 'Forbidden: cannot be set for an Ephemeral Container';

describe('ephemeral containers', () => {
  it('a new Pod may not have any; each is still checked first', () => {
    expect(podMessage({ ephemeralContainers: [{ name: 'debug', image: 'busybox', targetContainerName: 'web' }] })).toBe(
      podInvalid('spec.ephemeralContainers: Forbidden: cannot be set on create'),
    );
    expect(
      podMessage({
        volumes: [{ name: 'data', emptyDir: {} }],
        ephemeralContainers: [
          { name: 'web', image: ' busybox' },
          { name: 'debug', image: 'busybox', targetContainerName: 'db', ports: [{ containerPort: 80 }], resources: { limits: { cpu: '1' } }, readinessProbe: { exec: { command: ['true'] } }, volumeMounts: [{ name: 'data', mountPath: '/d', subPath: 'x' }] },
        ],
      }),
    ).toBe(
      podInvalid(
        'spec.ephemeralContainers[0].image: Invalid value: " busybox": must not have leading or trailing whitespace',
        'spec.ephemeralContainers[0].name: Duplicate value: "web"',
        'spec.ephemeralContainers[1].targetContainerName: Not found: "db"',
        `spec.ephemeralContainers[1].ports: ${CANNOT}`,
        `spec.ephemeralContainers[1].resources: ${CANNOT}`,
        `spec.ephemeralContainers[1].readinessProbe: ${CANNOT}`,
        `spec.ephemeralContainers[1].volumeMounts[0].subPath: ${CANNOT}`,
        'spec.ephemeralContainers: Forbidden: cannot be set on create',
      ),
    );
  });

  it('a template may not have any either', () => {
    const d = obj({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', namespace: 'default' },
      spec: { selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'x' } }, spec: { containers: [web], ephemeralContainers: [{ name: 'debug', image: 'busybox' }] } } },
    });
    expect(fail(real().create(d, { fieldManager: 'm' })).message).toBe(
      'Deployment.apps "x" is invalid: spec.template.spec.ephemeralContainers: Forbidden: ephemeral containers not allowed in pod template',
    );
  });
});

describe('a node name with scheduling gates', () => {
  it('is refused on create until the gates are gone', () => {
    expect(podMessage({ nodeName: 'node-1', schedulingGates: [{ name: 'example.com/wait' }] })).toBe(
      podInvalid('spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared'),
    );
    ok(real().create(pod({ nodeName: 'node-1' }), { fieldManager: 'm' }));
  });
});
