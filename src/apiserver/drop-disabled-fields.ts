/**
 * The fields of kinds other than Pod that kube-apiserver 1.32 drops because their feature gate is
 * off by default: each registry strategy's PrepareForCreate and PrepareForUpdate calls its kind's
 * dropDisabled*Fields (pkg/registry/<group>/<resource>/strategy.go, or the kind's helper under
 * pkg/api/<kind>/util.go), after the field manager and admission, before validation. As for pods
 * (drop-disabled-pod-fields.ts), a field is dropped only when the stored object does not use it
 * already (a create has no stored object), so an object written while the gate was on stays
 * writable.
 *
 * Each gate is listed with the writes whose strategy consults it: the main resource (create, update
 * and the scale subresource, which updates through the main strategy) or the status subresource.
 * Gates that are on in 1.32 drop nothing and are not listed; the kinds and gates read, and the
 * reason each other gate is left out, are in docs/apiserver.md (*Fields of the feature gates 1.32
 * has off*).
 */
import type { Value, ValueMap } from '../value/value.js';
import { getPath, setPath, type FieldPath } from './object-paths.js';
import type { ResourceType } from './types.js';

/** The writes a strategy serves: the main resource's (create, update, scale) or /status. */
type Write = 'main' | 'status';

/** One off gate of a kind's strategy: which writes consult it, whether `old` uses it, and the drop. */
interface GateDrop {
  readonly gate: string;
  readonly on: readonly Write[];
  /** Whether the stored object uses the feature (never called on a create). */
  readonly inUse: (old: ValueMap) => boolean;
  readonly drop: (obj: ValueMap) => ValueMap;
}

/** Present in the Go sense: a pointer or interface that decodes to non-nil. */
const present = (v: Value | undefined): boolean => v !== undefined && v !== null;

/** `obj` without the value at `path` (unchanged when there is none). */
const without = (path: FieldPath) => (obj: ValueMap): ValueMap => (getPath(obj, path) === undefined ? obj : setPath(obj, path, undefined));

/** A gate that drops the field at `path`, in use when the old object has it (a nil check upstream). */
const pointerField = (gate: string, on: readonly Write[], path: FieldPath): GateDrop => ({
  gate,
  on,
  inUse: (old) => present(getPath(old, path)),
  drop: without(path),
});

const MAIN: readonly Write[] = ['main'];
const STATUS: readonly Write[] = ['status'];
const BOTH: readonly Write[] = ['main', 'status'];

/** Keyed `group/Kind` (`/Kind` for the core group). */
const KIND_GATES: Readonly<Record<string, readonly GateDrop[]>> = {
  // pkg/registry/apps/statefulset/strategy.go dropStatefulSetDisabledFields: alpha in 1.32.
  'apps/StatefulSet': [pointerField('MaxUnavailableStatefulSet', MAIN, ['spec', 'updateStrategy', 'rollingUpdate', 'maxUnavailable'])],
  // pkg/api/persistentvolumeclaim/util.go: DropDisabledFields (main) and DropDisabledFieldsFromStatus
  // (status). VolumeAttributesClass is beta but off in 1.32 (on from 1.34); the status fields'
  // in-use checks read the old status, each its own field. The main strategy's status is the old
  // one (reset), so only /status writes reach the status drops.
  '/PersistentVolumeClaim': [
    pointerField('VolumeAttributesClass', MAIN, ['spec', 'volumeAttributesClassName']),
    // CrossNamespaceVolumeDataSource (alpha): a dataSourceRef naming a namespace goes whole,
    // unless the old spec has any dataSourceRef.
    {
      gate: 'CrossNamespaceVolumeDataSource',
      on: MAIN,
      inUse: (old) => present(getPath(old, ['spec', 'dataSourceRef'])),
      drop: (obj) => {
        const ns = getPath(obj, ['spec', 'dataSourceRef', 'namespace']);
        return typeof ns === 'string' && ns !== '' ? setPath(obj, ['spec', 'dataSourceRef'], undefined) : obj;
      },
    },
    pointerField('VolumeAttributesClass', STATUS, ['status', 'currentVolumeAttributesClassName']),
    pointerField('VolumeAttributesClass', STATUS, ['status', 'modifyVolumeStatus']),
  ],
  // pkg/api/persistentvolume/util.go DropDisabledSpecFields.
  '/PersistentVolume': [pointerField('VolumeAttributesClass', MAIN, ['spec', 'volumeAttributesClassName'])],
  // pkg/registry/core/node/strategy.go dropDisabledFields and the status strategy's
  // PrepareForUpdate: dynamic kubelet config is gone (its gate removed, the feature off for good),
  // so a create drops spec.configSource and status.config, and an update keeps each only when the
  // stored Node has it. (status.runtimeHandlers goes only when RecursiveReadOnlyMounts is off,
  // and it is on in 1.32.)
  '/Node': [
    pointerField('DynamicKubeletConfig (removed)', MAIN, ['spec', 'configSource']),
    pointerField('DynamicKubeletConfig (removed)', BOTH, ['status', 'config']),
    // SupplementalGroupsPolicy (alpha): in the main strategy only, so a create (which keeps the
    // rest of the status) loses status.features, and a kubelet's /status write keeps them.
    pointerField('SupplementalGroupsPolicy', MAIN, ['status', 'features']),
  ],
  // pkg/registry/coordination/lease/strategy.go: CoordinatedLeaderElection is alpha in 1.32.
  'coordination.k8s.io/Lease': [
    pointerField('CoordinatedLeaderElection', MAIN, ['spec', 'strategy']),
    pointerField('CoordinatedLeaderElection', MAIN, ['spec', 'preferredHolder']),
  ],
};

/**
 * The object as the kind's strategy leaves it: without the fields of the gates 1.32 has off that
 * `old` (the stored object; none on create) does not use. `subresource` is the write's: '' for
 * create and update, 'status', 'scale'.
 */
export function dropDisabledFields(resource: ResourceType, subresource: string, next: ValueMap, old: ValueMap | undefined): ValueMap {
  if (resource.custom) return next;
  const key = `${resource.group}/${resource.kind}`;
  if (!Object.hasOwn(KIND_GATES, key)) return next;
  const on = subresource === 'status' ? 'status' : 'main';
  let out = next;
  for (const g of KIND_GATES[key]) if (g.on.includes(on) && !(old && g.inUse(old))) out = g.drop(out);
  return out;
}
