/**
 * The pod fields kube-apiserver 1.32 drops because their feature gate is off by default
 * (pkg/api/pod/util.go: DropDisabledPodFields for a Pod, DropDisabledTemplateFields for the
 * template of every workload), called from the registry strategies' PrepareForCreate and
 * PrepareForUpdate: after the field manager and admission, before validation. A field is dropped
 * only when the stored object does not use it already (each gate's "in use" check reads the old
 * object; a create has none), so an object written while a gate was on stays writable.
 *
 * The gates of 1.32 that are off and what each drops, in a v1 pod spec:
 * - UserNamespacesSupport (beta, off): `hostUsers`.
 * - SupplementalGroupsPolicy (alpha): `securityContext.supplementalGroupsPolicy`.
 * - PodLevelResources (alpha): `resources` (in use: requests or limits not empty).
 * - ProcMountType (beta, off): a container's `securityContext.procMount` is set to `Default`, not
 *   removed (in use: some container has another value).
 * - DynamicResourceAllocation (beta, off): `resourceClaims` and the containers'
 *   `resources.claims` (in use: `resourceClaims` not empty).
 * - ClusterTrustBundleProjection (alpha): `clusterTrustBundle` of each projected volume source;
 *   the source itself stays, empty.
 * - InPlacePodVerticalScaling (alpha): every container's `resizePolicy` (in use: a regular
 *   container has one).
 * - ImageVolume (alpha): the `image` volumes and every container's mounts naming them.
 * - SELinuxChangePolicy (alpha): `securityContext.seLinuxChangePolicy`.
 * And from a Pod's status, by the same in-use checks of the old spec: the container statuses'
 * `resources` and `status.resize` (InPlacePodVerticalScaling), `resourceClaimStatuses`
 * (DynamicResourceAllocation), the container statuses' `user` (SupplementalGroupsPolicy); and
 * always, having no in-use check, the container statuses' `allocatedResources`
 * (InPlacePodVerticalScalingAllocatedStatus, alpha) and `allocatedResourcesStatus`
 * (ResourceHealthStatus, alpha).
 * The other gates dropDisabledFields consults are on in 1.32 (NodeInclusionPolicyInPodTopologySpread,
 * MatchLabelKeysInPodTopologySpread, MatchLabelKeysInPodAffinity, SidecarContainers,
 * RecursiveReadOnlyMounts, PodLifecycleSleepAction), so nothing of theirs is dropped.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, setPath } from './object-paths.js';
import { podTemplatePath } from './pod-template-paths.js';
import type { ResourceType } from './types.js';

const CONTAINER_LISTS = ['containers', 'initContainers', 'ephemeralContainers'] as const;
const STATUS_LISTS = ['containerStatuses', 'initContainerStatuses', 'ephemeralContainerStatuses'] as const;

/** Present in the Go sense: a pointer or interface that decodes to non-nil. */
const present = (v: Value | undefined): boolean => v !== undefined && v !== null;
const nonEmptyList = (v: Value | undefined): boolean => Array.isArray(v) && v.length > 0;
const nonEmptyMap = (v: Value | undefined): boolean => isMap(v) && Object.keys(v).length > 0;
const mapOr = (v: Value | undefined): ValueMap | undefined => (isMap(v) ? v : undefined);

/** The maps of the containers in the given lists of a pod spec. */
function containersOf(spec: ValueMap | undefined, lists: readonly string[] = CONTAINER_LISTS): ValueMap[] {
  if (!spec) return [];
  return lists.flatMap((l) => {
    const list = getKey(spec, l);
    return Array.isArray(list) ? list.filter(isMap) : [];
  });
}

/** `obj` with each map in the lists `lists` replaced by `f` of it (other items kept). */
function mapLists(obj: ValueMap, lists: readonly string[], f: (item: ValueMap) => ValueMap): ValueMap {
  let out = obj;
  for (const l of lists) {
    const list = getKey(out, l);
    if (!Array.isArray(list)) continue;
    const mapped = list.map((item) => (isMap(item) ? f(item) : item));
    if (mapped.some((item, i) => item !== list[i])) out = setPath(out, [l], mapped);
  }
  return out;
}

const without = (path: readonly string[]) => (m: ValueMap): ValueMap => (getPath(m, path) === undefined ? m : setPath(m, path, undefined));

const hostUsersInUse = (old: ValueMap) => present(getKey(old, 'hostUsers'));
const supplementalGroupsPolicyInUse = (old: ValueMap) => present(getPath(old, ['securityContext', 'supplementalGroupsPolicy']));
const dynamicResourceAllocationInUse = (old: ValueMap) => nonEmptyList(getKey(old, 'resourceClaims'));
const inPlacePodVerticalScalingInUse = (old: ValueMap) => containersOf(old, ['containers']).some((c) => nonEmptyList(getKey(c, 'resizePolicy')));

/** One gate of dropDisabledFields that 1.32 has off: whether the old spec uses it, and the drop. */
interface SpecGate {
  readonly inUse: (old: ValueMap) => boolean;
  readonly drop: (spec: ValueMap) => ValueMap;
}

const SPEC_GATES: readonly SpecGate[] = [
  // UserNamespacesSupport: the internal SecurityContext.HostUsers is the v1 spec.hostUsers.
  { inUse: hostUsersInUse, drop: without(['hostUsers']) },
  // SupplementalGroupsPolicy
  {
    inUse: supplementalGroupsPolicyInUse,
    drop: without(['securityContext', 'supplementalGroupsPolicy']),
  },
  // PodLevelResources
  {
    inUse: (old) => {
      const r = mapOr(getKey(old, 'resources'));
      return r !== undefined && (nonEmptyMap(getKey(r, 'requests')) || nonEmptyMap(getKey(r, 'limits')));
    },
    drop: without(['resources']),
  },
  // ProcMountType: a value present is forced to Default (upstream: removing it would diff against
  // objects stored since 1.12, when the field was forced non-nil).
  {
    inUse: (old) => containersOf(old).some((c) => {
      const v = getPath(c, ['securityContext', 'procMount']);
      return present(v) && v !== 'Default';
    }),
    drop: (spec) => mapLists(spec, CONTAINER_LISTS, (c) => (present(getPath(c, ['securityContext', 'procMount'])) ? setPath(c, ['securityContext', 'procMount'], 'Default') : c)),
  },
  // DynamicResourceAllocation
  {
    inUse: dynamicResourceAllocationInUse,
    drop: (spec) => without(['resourceClaims'])(mapLists(spec, CONTAINER_LISTS, without(['resources', 'claims']))),
  },
  // ClusterTrustBundleProjection
  {
    inUse: (old) => projectedSources(old).some((s) => present(getKey(s, 'clusterTrustBundle'))),
    drop: (spec) => mapLists(spec, ['volumes'], (v) => {
      const sources = getPath(v, ['projected', 'sources']);
      if (!Array.isArray(sources)) return v;
      const mapped = sources.map((s) => (isMap(s) ? without(['clusterTrustBundle'])(s) : s));
      return mapped.some((s, i) => s !== sources[i]) ? setPath(v, ['projected', 'sources'], mapped) : v;
    }),
  },
  // InPlacePodVerticalScaling: in use when a regular container has a resize policy.
  {
    inUse: inPlacePodVerticalScalingInUse,
    drop: (spec) => mapLists(spec, CONTAINER_LISTS, without(['resizePolicy'])),
  },
  // ImageVolume: the image volumes, and the mounts naming them, go.
  { inUse: (old) => imageVolumeNames(old).size > 0, drop: dropImageVolumes },
  // SELinuxChangePolicy
  {
    inUse: (old) => present(getPath(old, ['securityContext', 'seLinuxChangePolicy'])),
    drop: without(['securityContext', 'seLinuxChangePolicy']),
  },
];

function projectedSources(spec: ValueMap): ValueMap[] {
  const volumes = getKey(spec, 'volumes');
  if (!Array.isArray(volumes)) return [];
  return volumes.flatMap((v) => {
    const sources = getPath(v, ['projected', 'sources']);
    return Array.isArray(sources) ? sources.filter(isMap) : [];
  });
}

function imageVolumeNames(spec: ValueMap): Set<string> {
  const volumes = getKey(spec, 'volumes');
  const names = new Set<string>();
  if (Array.isArray(volumes)) for (const v of volumes) if (isMap(v) && present(getKey(v, 'image'))) names.add(String(getKey(v, 'name') ?? ''));
  return names;
}

/** The spec without its image volumes and the mounts naming them; a list left empty is removed (nil in Go, omitted). */
function dropImageVolumes(spec: ValueMap): ValueMap {
  const names = imageVolumeNames(spec);
  if (names.size === 0) return spec;
  const kept = (getKey(spec, 'volumes') as Value[]).filter((v) => !(isMap(v) && present(getKey(v, 'image'))));
  const out = setPath(spec, ['volumes'], kept.length > 0 ? kept : undefined);
  return mapLists(out, CONTAINER_LISTS, (c) => {
    const mounts = getKey(c, 'volumeMounts');
    if (!Array.isArray(mounts)) return c;
    const left = mounts.filter((m) => !(isMap(m) && names.has(String(getKey(m, 'name') ?? ''))));
    if (left.length === mounts.length) return c;
    return setPath(c, ['volumeMounts'], left.length > 0 ? left : undefined);
  });
}

/** dropDisabledFields: a pod spec without the fields of the off gates the old spec does not use. */
export function dropDisabledSpecFields(spec: ValueMap, old: ValueMap | undefined): ValueMap {
  const before = old ?? newMap();
  let out = spec;
  for (const gate of SPEC_GATES) if (!gate.inUse(before)) out = gate.drop(out);
  return out;
}

/** dropDisabledPodStatusFields: a Pod's status without the fields of the off gates, by the old spec's use. */
export function dropDisabledStatusFields(status: ValueMap, oldSpec: ValueMap | undefined): ValueMap {
  const before = oldSpec ?? newMap();
  const resize = inPlacePodVerticalScalingInUse(before);
  const dra = dynamicResourceAllocationInUse(before);
  const groups = supplementalGroupsPolicyInUse(before);
  const containerFields = ['allocatedResources', 'allocatedResourcesStatus'];
  if (!resize) containerFields.push('resources');
  if (!groups) containerFields.push('user');
  let out = mapLists(status, STATUS_LISTS, (cs) => containerFields.reduce((m, f) => without([f])(m), cs));
  if (!resize) out = without(['resize'])(out);
  if (!dra) out = without(['resourceClaimStatuses'])(out);
  return out;
}

/**
 * The object as the strategy leaves it: a Pod's spec and status, or a workload's pod template
 * spec, without the fields 1.32 drops; `old` is the stored object (none on create).
 */
export function dropDisabledPodFields(resource: ResourceType, next: ValueMap, old: ValueMap | undefined): ValueMap {
  if (resource.custom) return next;
  if (resource.group === '' && resource.kind === 'Pod') {
    let out = next;
    const oldSpec = old ? mapOr(getKey(old, 'spec')) : undefined;
    const spec = mapOr(getKey(out, 'spec'));
    const dropped = spec && dropDisabledSpecFields(spec, oldSpec);
    if (dropped !== spec) out = setPath(out, ['spec'], dropped);
    const status = mapOr(getKey(out, 'status'));
    const kept = status && dropDisabledStatusFields(status, oldSpec);
    if (kept !== status) out = setPath(out, ['status'], kept);
    return out;
  }
  const path = podTemplatePath(resource.group, resource.kind, resource.custom);
  if (!path) return next;
  const specPath = [...path, 'spec'];
  const spec = mapOr(getPath(next, specPath));
  if (!spec) return next;
  const oldSpec = old ? mapOr(getPath(old, specPath)) : undefined;
  const dropped = dropDisabledSpecFields(spec, oldSpec);
  return dropped === spec ? next : setPath(next, specPath, dropped);
}
