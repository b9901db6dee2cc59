/**
 * A PersistentVolumeClaim's two data source fields as its 1.32 strategy leaves them
 * (pkg/registry/core/persistentvolumeclaim/strategy.go PrepareForCreate and PrepareForUpdate, after
 * the drops of drop-disabled-fields.ts; the rules in pkg/api/persistentvolumeclaim/util.go):
 * - EnforceDataSourceBackwardsCompatibility (KEP 1495): when the stored spec (none on create) has
 *   neither field and the new one has no `dataSourceRef`, a `dataSource` that is neither a core
 *   PersistentVolumeClaim nor a snapshot.storage.k8s.io VolumeSnapshot is dropped, as servers before
 *   1.22 ignored it.
 * - NormalizeDataSources (AnyVolumeDataSource, on in 1.32): whichever of the two is missing is
 *   copied from the other (kind, name, and apiGroup when set); a `dataSourceRef` naming another
 *   namespace is not copied into `dataSource`.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, setPath } from './object-paths.js';
import type { ResourceType } from './types.js';

const present = (v: Value | undefined): boolean => v !== undefined && v !== null;

function isClaimOrSnapshot(source: Value | undefined): boolean {
  if (!isMap(source)) return false;
  const group = getKey(source, 'apiGroup');
  const apiGroup = typeof group === 'string' ? group : '';
  const kind = getKey(source, 'kind');
  return (kind === 'PersistentVolumeClaim' && apiGroup === '') || (kind === 'VolumeSnapshot' && apiGroup === 'snapshot.storage.k8s.io');
}

/** A reference with the kind, name and (when set) apiGroup of `from`. */
function copyRef(from: ValueMap): ValueMap {
  const out = newMap();
  const group = getKey(from, 'apiGroup');
  if (present(group)) out.apiGroup = group as Value;
  for (const k of ['kind', 'name']) {
    const v = getKey(from, k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function enforceBackwardsCompatibility(spec: ValueMap, oldSpec: ValueMap | undefined): ValueMap {
  if (oldSpec && (present(getKey(oldSpec, 'dataSource')) || present(getKey(oldSpec, 'dataSourceRef')))) return spec;
  if (present(getKey(spec, 'dataSourceRef'))) return spec;
  const source = getKey(spec, 'dataSource');
  return source !== undefined && !isClaimOrSnapshot(source) ? setPath(spec, ['dataSource'], undefined) : spec;
}

function normalize(spec: ValueMap): ValueMap {
  const source = getKey(spec, 'dataSource');
  const ref = getKey(spec, 'dataSourceRef');
  if (isMap(source) && !present(ref)) return setPath(spec, ['dataSourceRef'], copyRef(source));
  if (isMap(ref) && !present(source)) {
    const ns = getKey(ref, 'namespace');
    if (!present(ns) || ns === '') return setPath(spec, ['dataSource'], copyRef(ref));
  }
  return spec;
}

/** The claim `next` with its data sources settled; `old` is the stored claim (none on create). Other kinds, and /status writes, pass through. */
export function settlePvcDataSources(resource: ResourceType, subresource: string, next: ValueMap, old: ValueMap | undefined): ValueMap {
  if (resource.custom || resource.group !== '' || resource.kind !== 'PersistentVolumeClaim' || subresource !== '') return next;
  const spec = getPath(next, ['spec']);
  if (!isMap(spec)) return next;
  const oldSpec = old ? getPath(old, ['spec']) : undefined;
  const settled = normalize(enforceBackwardsCompatibility(spec, isMap(oldSpec) ? oldSpec : undefined));
  return settled === spec ? next : setPath(next, ['spec'], settled);
}
