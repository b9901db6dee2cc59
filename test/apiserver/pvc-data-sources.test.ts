/**
 * A PersistentVolumeClaim's strategy (1.32) keeps its two data source fields consistent
 * (pkg/registry/core/persistentvolumeclaim/strategy.go PrepareForCreate and PrepareForUpdate, after
 * DropDisabledFields): a dataSource naming anything but a PVC or a VolumeSnapshot is dropped when
 * neither field was in use (EnforceDataSourceBackwardsCompatibility, KEP 1495: the old behaviour of
 * ignoring it), then whichever of dataSource and dataSourceRef is missing is copied from the other
 * (NormalizeDataSources; not from a dataSourceRef naming another namespace).
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/apiserver/index.js';
import { cluster, obj, ok, ref } from './helpers.js';

type Plain = Record<string, unknown>;
const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const claimRef = ref('v1', 'PersistentVolumeClaim', 'c');
const claim = (extra: Plain): KubeObject =>
  obj({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'c', namespace: 'default' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra },
  });
const specOf = (o: KubeObject): Plain => (JSON.parse(JSON.stringify(o)) as Plain).spec as Plain;

describe('a new claim', () => {
  it('gets a dataSourceRef copied from its dataSource (apiGroup written as null, as Go has no omitempty there)', () => {
    const s = specOf(ok(real().create(claim({ dataSource: { kind: 'PersistentVolumeClaim', name: 'src' } }), { fieldManager: 'c' })));
    expect(s.dataSource).toEqual({ apiGroup: null, kind: 'PersistentVolumeClaim', name: 'src' });
    expect(s.dataSourceRef).toEqual({ apiGroup: null, kind: 'PersistentVolumeClaim', name: 'src' });
  });

  it('gets a dataSource copied from a dataSourceRef in its own namespace, by apply too', () => {
    const snap = { apiGroup: 'snapshot.storage.k8s.io', kind: 'VolumeSnapshot', name: 'snap' };
    const s = specOf(ok(real().apply(claim({ dataSourceRef: snap }), { fieldManager: 'a', target: claimRef })));
    expect(s.dataSource).toEqual(snap);
    expect(s.dataSourceRef).toEqual(snap);
  });

  it('loses a dataSource that is neither a PVC nor a VolumeSnapshot when it has no dataSourceRef', () => {
    const s = specOf(ok(real().create(claim({ dataSource: { apiGroup: 'example.com', kind: 'Populator', name: 'p' } }), { fieldManager: 'c' })));
    expect(s.dataSource).toBeUndefined();
    expect(s.dataSourceRef).toBeUndefined();
  });

  it('keeps such a dataSource when a dataSourceRef says the same', () => {
    const populator = { apiGroup: 'example.com', kind: 'Populator', name: 'p' };
    const s = specOf(ok(real().create(claim({ dataSource: populator, dataSourceRef: populator }), { fieldManager: 'c' })));
    expect(s.dataSource).toEqual(populator);
    expect(s.dataSourceRef).toEqual(populator);
  });
});

describe('an update', () => {
  it('of a claim that had no data source drops a garbage dataSource, so the immutable spec is unchanged', () => {
    const c = real();
    ok(c.apply(claim({}), { fieldManager: 'a', target: claimRef }));
    const s = specOf(ok(c.apply(claim({ dataSource: { apiGroup: 'example.com', kind: 'Populator', name: 'p' } }), { fieldManager: 'a', target: claimRef })));
    expect(s.dataSource).toBeUndefined();
  });

  it('that leaves out the dataSourceRef the create filled in gets it again (an older client)', () => {
    const c = real();
    ok(c.create(claim({ dataSource: { kind: 'PersistentVolumeClaim', name: 'src' } }), { fieldManager: 'c' }));
    const live = JSON.parse(JSON.stringify(c.object(claimRef))) as Plain;
    const spec = { ...(live.spec as Plain) };
    delete spec.dataSourceRef;
    const s = specOf(ok(c.update(obj({ ...live, spec }), { fieldManager: 'old-client' })));
    expect(s.dataSourceRef).toEqual({ apiGroup: null, kind: 'PersistentVolumeClaim', name: 'src' });
  });
});
