/**
 * kube-apiserver 1.32's RuntimeClass admission plugin (plugin/pkg/admission/runtimeclass/admission.go)
 * on a new Pod: a missing class is a 403, the class's overhead becomes the pod's (a different one
 * given, or one without a class, is refused), its scheduling node selector and tolerations are
 * merged in (pkg/util/tolerations MergeTolerations); nobody owns what it sets.
 */
import { describe, expect, it } from 'vitest';
import { cluster, entries, fail, obj, ok, ref } from './helpers.js';
import { getPath } from '../../src/apiserver/object-paths.js';

const podWith = (spec: object) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });
function withClass(rc: object) {
  const c = cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
  ok(c.create(obj({ apiVersion: 'node.k8s.io/v1', kind: 'RuntimeClass', metadata: { name: 'gvisor' }, handler: 'runsc', ...rc }), { fieldManager: 'm' }));
  return c;
}

describe('RuntimeClass admission (1.32)', () => {
  it('refuses a pod whose RuntimeClass does not exist, and an overhead without a class defining one', () => {
    const c = withClass({});
    expect(fail(c.create(podWith({ runtimeClassName: 'kata' }), { fieldManager: 'm' }))).toMatchObject({ code: 403, reason: 'Forbidden', message: 'pods "p" is forbidden: pod rejected: RuntimeClass "kata" not found' });
    expect(fail(c.create(podWith({ overhead: { cpu: '1' } }), { fieldManager: 'm' })).message).toBe('pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    expect(fail(c.create(podWith({ runtimeClassName: 'gvisor', overhead: { cpu: '1' } }), { fieldManager: 'm' })).message).toBe(
      'pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead',
    );
  });
  it("sets the class's overhead, owned by nobody; a different one is refused, an equal one by value accepted", () => {
    const c = withClass({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } });
    expect(fail(c.create(podWith({ runtimeClassName: 'gvisor', overhead: { cpu: '1' } }), { fieldManager: 'm' })).message).toBe(
      "pods \"p\" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead",
    );
    const created = ok(c.create(podWith({ runtimeClassName: 'gvisor' }), { fieldManager: 'm' }));
    expect(getPath(created, ['spec', 'overhead'])).toEqual({ cpu: '250m', memory: '120Mi' });
    expect(entries(created).join('\n')).not.toContain('overhead');
    const d = withClass({ overhead: { podFixed: { cpu: '250m', memory: '120Mi' } } });
    ok(d.create(podWith({ runtimeClassName: 'gvisor', overhead: { cpu: '0.25', memory: '125829120' } }), { fieldManager: 'm' }));
  });
  it('merges the scheduling node selector (refusing a conflict) and tolerations after the default ones', () => {
    const scheduling = { nodeSelector: { sandbox: 'gvisor', zone: 'a' }, tolerations: [{ key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' }, { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 }] };
    const c = withClass({ scheduling });
    expect(fail(c.create(podWith({ runtimeClassName: 'gvisor', nodeSelector: { zone: 'b' } }), { fieldManager: 'm' })).message).toBe(
      'pods "p" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[zone] = a; pod.spec.nodeSelector[zone] = b',
    );
    const created = ok(c.create(podWith({ runtimeClassName: 'gvisor', nodeSelector: { disk: 'ssd', zone: 'a' } }), { fieldManager: 'm' }));
    expect(getPath(created, ['spec', 'nodeSelector'])).toEqual({ disk: 'ssd', zone: 'a', sandbox: 'gvisor' });
    // The default not-ready toleration (300 s) is covered by the class's (600 s), which replaces it.
    expect(getPath(created, ['spec', 'tolerations'])).toEqual([
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'sandbox', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 600 },
    ]);
    expect(entries(ok(c.get(ref('v1', 'Pod', 'p')))).join('\n')).not.toContain('sandbox');
  });
});
