/**
 * Strategic merge patch directives and malformed patches as kube-apiserver 1.32 answers them:
 * k8s.io/apimachinery v0.32.0 pkg/util/strategicpatch/patch.go (mergeMap, mergeSliceHandler,
 * applyRetainKeysDirective, mergeSliceWithSpecialElements, sliceElementType), its error texts in
 * pkg/util/mergepatch/errors.go, and how k8s.io/apiserver's handlers/patch.go
 * (interpretStrategicMergePatchError) turns them into answers: the five format errors are 400s,
 * lists of lists the generic 422, every other error a plain error, so a 500 with no reason.
 */
import { describe, expect, it } from 'vitest';
import { applyStrategicMergePatch } from '../../src/apiserver/patch/strategic-merge-patch.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import type { KubeObject } from '../../src/apiserver/index.js';
import { cluster, fail, obj, ok, ref, T } from './helpers.js';

const catalog = builtinCatalog();
const deploymentAtom = () => catalog.schema.named(catalog.typeFor('apps/v1', 'Deployment')!);

const live = obj({
  metadata: { finalizers: [] },
  spec: {
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1 } },
    template: {
      spec: {
        containers: [
          { name: 'web', image: 'nginx', args: ['x', 'y'], env: [{ name: 'A', value: '1' }] },
          { name: 'side', image: 'busybox' },
        ],
      },
    },
  },
});

const patched = (patch: unknown): KubeObject => {
  const r = applyStrategicMergePatch(live, obj(patch), deploymentAtom());
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.value as KubeObject;
};
const failed = (patch: unknown): string => {
  const r = applyStrategicMergePatch(live, obj(patch), deploymentAtom());
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return `${r.code}: ${r.message}`;
};
const podSpec = (spec: unknown) => ({ spec: { template: { spec } } });
const containers = (o: KubeObject) => (((o.spec as KubeObject).template as KubeObject).spec as KubeObject).containers;

describe('directives', () => {
  it('$deleteFromPrimitiveList removes values from a list whatever its patch strategy (args has none)', () => {
    // mergeSliceHandler: "Delete lists are handled the same way regardless of what the field's patch strategy is"
    expect(containers(patched(podSpec({ containers: [{ name: 'web', '$deleteFromPrimitiveList/args': ['x'] }] })))).toEqual([
      { name: 'web', image: 'nginx', args: ['y'], env: [{ name: 'A', value: '1' }] },
      { name: 'side', image: 'busybox' },
    ]);
  });
  it('a $deleteFromPrimitiveList value that is not a list, or names a missing list, is passed over', () => {
    expect(containers(patched(podSpec({ containers: [{ name: 'web', '$deleteFromPrimitiveList/args': 'x' }] })))).toEqual(containers(live));
    expect(containers(patched(podSpec({ containers: [{ name: 'side', '$deleteFromPrimitiveList/args': ['x'] }] })))).toEqual(containers(live));
  });
  it('a key starting with $ that is no directive is data (the decoder then reports it as an unknown field)', () => {
    expect((patched({ spec: { $foo: 1 } }).spec as KubeObject).$foo).toBe(1);
  });
});

describe('values placed where nothing was are kept as Go keeps them', () => {
  const spec = (o: KubeObject) => ((o.spec as KubeObject).template as KubeObject).spec as KubeObject;
  it('a new subtree: maps carrying $patch dropped, nulls dropped, other directive keys kept as data', () => {
    expect(spec(patched(podSpec({ securityContext: { $patch: 'replace', runAsUser: 1 } }))).securityContext).toBeUndefined();
    expect(spec(patched(podSpec({ dnsConfig: { $retainKeys: ['nameservers'], nameservers: ['1.1.1.1'], searches: null } }))).dnsConfig).toEqual({
      $retainKeys: ['nameservers'],
      nameservers: ['1.1.1.1'],
    });
  });
  it('a new item of a merged list, a replaced list and a $patch: replace map are taken as they are', () => {
    expect((containers(patched(podSpec({ containers: [{ name: 'new', image: 'x', env: [{ name: 'A', $patch: 'delete' }] }] }))) as KubeObject[])[0]).toEqual({
      name: 'new',
      image: 'x',
      env: [{ name: 'A', $patch: 'delete' }],
    });
    expect((containers(patched(podSpec({ containers: [{ name: 'web', args: ['a', null] }] }))) as KubeObject[])[0].args).toEqual(['a', null]);
    expect((patched({ spec: { strategy: { $patch: 'replace', type: 'Recreate', rollingUpdate: null } } }).spec as KubeObject).strategy).toEqual({ type: 'Recreate', rollingUpdate: null });
  });
});

describe('malformed patches: texts and codes', () => {
  it('a list item without its merge key: 500 naming the item as Go prints a map', () => {
    expect(failed(podSpec({ containers: [{ image: 'x' }] }))).toBe('500: map: map[image:x] does not contain declared merge key: name');
    expect(failed(podSpec({ containers: [{ $patch: 'delete' }] }))).toBe('500: map: map[$patch:delete] does not contain declared merge key: name');
  });
  it('unknown $patch values, in a map and in a list item: 500', () => {
    expect(failed({ spec: { strategy: { $patch: 'bogus', type: 'Recreate' } } })).toBe('500: unknown patch type: bogus in map: map[$patch:bogus type:Recreate]');
    expect(failed(podSpec({ containers: [{ name: 'web', $patch: 'bogus' }] }))).toBe('500: unknown patch type: bogus in map: map[$patch:bogus name:web]');
    expect(failed(podSpec({ containers: [{ name: 'web', $patch: 'merge' }] }))).toBe('500: merging lists cannot yet be specified in the patch');
  });
  it('$retainKeys: not a list, or a patch key it does not list: 400', () => {
    expect(failed({ spec: { strategy: { $retainKeys: ['type'], type: 'RollingUpdate', rollingUpdate: { maxSurge: 2 } } } })).toBe('400: invalid patch format of retainKeys');
    expect(failed({ spec: { strategy: { $retainKeys: 'type', type: 'Recreate' } } })).toBe('400: invalid patch format of retainKeys');
    // a null, a $setElementOrder and a $deleteFromPrimitiveList key need not be listed
    expect((patched({ spec: { strategy: { $retainKeys: ['type'], type: 'Recreate', rollingUpdate: null } } }).spec as KubeObject).strategy).toEqual({ type: 'Recreate' });
  });
  it('directive keys without their field: 400', () => {
    expect(failed(podSpec({ containers: [{ name: 'web', $deleteFromPrimitiveList: ['x'] }] }))).toBe('400: invalid patch format of primitive list');
    expect(failed(podSpec({ '$setElementOrderX/containers': [{ name: 'web' }] }))).toBe('400: invalid patch format of setElementOrder list');
    expect(failed(podSpec({ '$setElementOrder/containers': 'web' }))).toBe('500: expected a []interface {}, but received a string');
  });
  it('a patch list out of its $setElementOrder order, or with items it lacks: 500 (validatePatchWithSetOrderList)', () => {
    expect(
      failed(podSpec({ '$setElementOrder/containers': [{ name: 'side' }, { name: 'web' }], containers: [{ name: 'web', image: 'a' }, { name: 'side', image: 'b' }] })),
    ).toBe('500: The order in patch list:\n[map[image:a name:web] map[image:b name:side]]\n doesn\'t match $setElementOrder list:\n[map[name:side] map[name:web]]\n');
    expect(failed(podSpec({ '$setElementOrder/containers': [{ name: 'web' }], containers: [{ name: 'other', image: 'a' }] }))).toBe(
      "500: The order in patch list:\n[map[image:a name:other]]\n doesn't match $setElementOrder list:\n[map[name:web]]\n",
    );
    expect(failed(podSpec({ '$setElementOrder/containers': [{ image: 'x' }], containers: [{ name: 'web', image: 'a' }] }))).toBe(
      '500: map: map[image:x] does not contain declared merge key: name',
    );
    expect(failed({ metadata: { '$setElementOrder/finalizers': ['b', 'a'], finalizers: ['a', 'b'] } })).toBe(
      "500: The order in patch list:\n[a b]\n doesn't match $setElementOrder list:\n[b a]\n",
    );
    // in order, deletions and other directives aside: fine
    const ok = patched(
      podSpec({ '$setElementOrder/containers': [{ name: 'side' }, { name: 'web' }], containers: [{ name: 'web', $patch: 'delete' }, { name: 'side', image: 'b2' }] }),
    );
    expect(containers(ok)).toEqual([{ name: 'side', image: 'b2' }]);
  });
  it('lists of lists: the generic 422; items of two types: 500', () => {
    expect(failed({ metadata: { finalizers: [['a']] }, spec: {} })).toBe('422: lists of lists are not supported');
    expect(failed(podSpec({ containers: [{ name: 'web', env: ['A'] }] }))).toBe('500: list element types are not identical: [[map[name:A value:1]] [A]]');
  });
});

describe('through the API server', () => {
  it('the answer carries the code and text; nothing is stored', () => {
    const c = cluster({ now: T(1) });
    const d = ref('apps/v1', 'Deployment', 'd');
    ok(c.create(obj({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { strategy: { type: 'Recreate' }, template: { spec: { containers: [{ name: 'a', image: 'a' }] } } } }), { fieldManager: 'creator' }));
    const before = c.object(d);
    expect(fail(c.patch(d, 'strategic', obj(podSpec({ containers: [{ image: 'x' }] })), { fieldManager: 'kubectl-patch' }))).toEqual({
      code: 500,
      message: 'map: map[image:x] does not contain declared merge key: name',
      reason: undefined,
      causes: undefined,
    });
    expect(fail(c.patch(d, 'strategic', { spec: { strategy: { $retainKeys: [], type: 'Recreate' } } }, { fieldManager: 'kubectl-patch' }))).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'invalid patch format of retainKeys',
    });
    expect(c.object(d)).toEqual(before);
  });
});
