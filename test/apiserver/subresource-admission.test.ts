/**
 * Writes through `/scale` and `/status` go through the same admission chain as the main resource
 * (k8s.io/apiserver v0.32.9 pkg/endpoints/handlers update.go and patch.go: the mutating chain is a
 * transformer after the field manager for every PUT and PATCH, with the attributes of the request's
 * scope: kind autoscaling/v1 Scale for `/scale`, the parent's kind for `/status`, the subresource,
 * operation UPDATE). Of the plugins modelled, NamespaceLifecycle acts on them (an update needs its
 * namespace; a Terminating namespace refuses only creates, so updates go on), and so do the
 * configured hooks, which see the Scale object; the Pod plugins act on a Pod's main resource only.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withAdmission, withExistingObject } from '../../src/apiserver/server.js';
import type { AdmissionAttributes, ApiRequest, ApiResponse, ClusterState, KubeObject, ObjectRef } from '../../src/apiserver/types.js';
import { getPath, setPath } from '../../src/apiserver/object-paths.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { obj } from './helpers.js';

const catalog = builtinCatalog();
const ns = (name: string, phase = 'Active') => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: { finalizers: ['kubernetes'] }, status: { phase } });
const deploy = (namespace: string) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace, generation: 1 },
  spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  status: { replicas: 1 },
});
const ref = (namespace: string): ObjectRef => ({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', namespace });

function cluster(...objects: object[]): ClusterState {
  let s = createCluster({ catalog, namespaceLifecycle: true, now: '2026-11-28T04:10:00Z' });
  for (const o of objects) {
    const r = withExistingObject(s, obj(o));
    if ('problem' in r) throw new Error(r.problem);
    s = r.state;
  }
  return s;
}

const scaleTo = (namespace: string, replicas: number): KubeObject => obj({ apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace }, spec: { replicas } });

/** The five writes of a subresource: PUT and a merge patch of /scale, server-side apply of /scale, PUT and a merge patch of /status. */
function writes(namespace: string, state: ClusterState): Record<string, ApiRequest> {
  const stored = state.objects.get(`apps/deployments/${namespace}/web`) ?? [...state.objects.values()].find((o) => getPath(o, ['kind']) === 'Deployment')!;
  return {
    'PUT /scale': { verb: 'update', body: scaleTo(namespace, 3), target: ref(namespace), options: { subresource: 'scale', fieldManager: 'm' } },
    'PATCH /scale': { verb: 'patch', target: ref(namespace), patchType: 'merge', patch: { spec: { replicas: 3 } }, options: { subresource: 'scale', fieldManager: 'm' } },
    'apply /scale': { verb: 'apply', body: scaleTo(namespace, 3), target: ref(namespace), options: { subresource: 'scale', fieldManager: 'm', force: true } },
    'PUT /status': { verb: 'update', body: setPath(stored, ['status', 'replicas'], 3), options: { subresource: 'status', fieldManager: 'm' } },
    'PATCH /status': { verb: 'patch', target: ref(namespace), patchType: 'merge', patch: { status: { replicas: 3 } }, options: { subresource: 'status', fieldManager: 'm' } },
  };
}

function codeOf(r: ApiResponse): string {
  return r.ok ? `${r.code}` : `${r.code} ${r.status.message}`;
}

describe('NamespaceLifecycle on subresource writes', () => {
  it('an update through /scale or /status of an object whose namespace is gone is the 404 for the namespace, as the main resource is', () => {
    const s = cluster(deploy('ghost'));
    const main = serve(s, { verb: 'patch', target: ref('ghost'), patchType: 'merge', patch: { spec: { replicas: 3 } }, options: { fieldManager: 'm' } }).response;
    expect(codeOf(main)).toBe('404 namespaces "ghost" not found');
    for (const [name, request] of Object.entries(writes('ghost', s))) {
      const r = serve(s, request);
      expect(`${name}: ${codeOf(r.response)}`).toBe(`${name}: 404 namespaces "ghost" not found`);
      expect(r.state).toBe(s);
    }
  });

  it('a Terminating namespace refuses creates only: /scale and /status updates go on (the namespace controller and scalers need them)', () => {
    const s = cluster(ns('going', 'Terminating'), deploy('going'));
    for (const [name, request] of Object.entries(writes('going', s))) expect(`${name}: ${codeOf(serve(s, request).response)}`).toBe(`${name}: 200`);
  });

  it('the plugin comes before the Scale\'s own validation: a negative replicas in a missing namespace is the 404', () => {
    const s = cluster(deploy('ghost'));
    const r = serve(s, { verb: 'update', body: scaleTo('ghost', -1), target: ref('ghost'), options: { subresource: 'scale', fieldManager: 'm' } }).response;
    expect(codeOf(r)).toBe('404 namespaces "ghost" not found');
  });
});

describe('configured admission hooks on subresource writes', () => {
  /** A hook that records what it is asked and caps a Scale's replicas at 2. */
  function capped(seen: AdmissionAttributes[]) {
    return {
      name: 'cap',
      mutate(object: KubeObject, a: AdmissionAttributes) {
        seen.push(a);
        if (a.subresource !== 'scale') return undefined;
        const replicas = getPath(object, ['spec', 'replicas']);
        return typeof replicas === 'number' && replicas > 2 ? setPath(object, ['spec', 'replicas'], 2) : undefined;
      },
    };
  }

  it('a /scale write is admitted as an UPDATE of autoscaling/v1 Scale with subresource scale, and what the hook sets is stored', () => {
    for (const kind of ['PUT /scale', 'PATCH /scale', 'apply /scale'] as const) {
      const seen: AdmissionAttributes[] = [];
      const s = withAdmission(cluster(ns('default'), deploy('default')), capped(seen));
      const r = serve(s, writes('default', s)[kind]);
      expect(codeOf(r.response)).toBe('200');
      expect(seen).toEqual([{ operation: 'UPDATE', apiVersion: 'autoscaling/v1', kind: 'Scale', namespace: 'default', name: 'web', subresource: 'scale', dryRun: false, manager: 'm' }]);
      expect(r.response.ok && getPath(r.response.object, ['spec', 'replicas'])).toBe(2);
      expect(getPath(r.state.objects.get([...r.state.objects.keys()].find((k) => k.includes('deployments'))!)!, ['spec', 'replicas'])).toBe(2);
    }
  });

  it('a /status write is admitted with the parent kind and subresource status (as it already was)', () => {
    const seen: AdmissionAttributes[] = [];
    const s = withAdmission(cluster(ns('default'), deploy('default')), capped(seen));
    expect(codeOf(serve(s, writes('default', s)['PATCH /status']).response)).toBe('200');
    expect(seen).toEqual([{ operation: 'UPDATE', apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web', subresource: 'status', dryRun: false, manager: 'm' }]);
  });
});
