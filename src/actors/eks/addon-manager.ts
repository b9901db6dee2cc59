/**
 * The EKS add-on manager (Kubernetes user `eks:addon-manager`, user agent `Go-http-client/1.1`,
 * field manager `eks`): applies an add-on's objects by server-side apply, the way the EKS story
 * observed it (the-eks-story.md §3-§6; users-and-peers §3):
 *
 * - NONE: a dry-run apply of every object without force
 *   (`?dryRun=All&fieldManager=eks&force=false&timeout=10s`); any conflict fails the operation
 *   (`CREATE_FAILED` / `UPDATE_FAILED`, issue `ConfigurationConflict`) and nothing is applied;
 *   otherwise the same applies for real.
 * - OVERWRITE: the apply with `force=true`: `eks` takes the conflicting fields.
 * - PRESERVE (update): the dry run finds the conflicts; then, per the chosen model, EKS applies
 *   its configuration without the conflicting paths (`drop-conflicting-paths`, the default) or
 *   with the live values at those paths (`apply-live-values`). On create PRESERVE acts as NONE.
 * - Create where none of the add-on's objects exist: installed with EKS's values, whatever the mode.
 */
import type { ApiResponse, ClusterState, KubeObject } from '../../apiserver/types.js';
import type { Value } from '../../value/value.js';
import type { ActorOutcome, AddonIssue, AddonState, AddonStatus, EksAddonOptions, PreservedPath, PreserveModel, ResolveConflicts } from '../actor.js';
import { GO_HTTP_CLIENT } from '../controllers/controller.js';
import { identity, requireName, toObjects, withNamespace } from '../objects.js';
import { coordinates, type ObjectCoordinates } from '../resources.js';
import { Wire } from '../wire.js';
import { AddonApiError, parseConfigurationValues, shippedAddon } from './addons/index.js';
import { statusConflicts } from '../../apiserver/index.js';
import { valueAtPath, withoutPath, withValueAtPath } from './conflict-paths.js';

const EKS_QUERY = { timeout: '10s' } as const;

interface Item {
  readonly c: ObjectCoordinates;
  readonly ref: { apiVersion: string; kind: string; name: string; namespace?: string };
  /** `DaemonSet.apps aws-node` */
  readonly id: string;
  config: KubeObject;
}

interface Conflict {
  readonly item: Item;
  readonly path: string;
  readonly manager: string;
}

export const CONFLICT_MESSAGE_PREFIX = 'Conflicts found when trying to apply. Will not continue due to resolve conflicts mode. Conflicts:';

/** `DaemonSet.apps aws-node`, `ServiceAccount aws-node`. */
export function resourceId(c: ObjectCoordinates): string {
  return `${c.kind}${c.group ? `.${c.group}` : ''} ${c.name}`;
}

function failureMessage(r: ApiResponse): string {
  return r.ok ? '' : r.status.message;
}

export function runAddon(state: ClusterState, options: EksAddonOptions, operation: 'create' | 'update'): ActorOutcome {
  const wire = new Wire(state, { userAgent: options.userAgent ?? GO_HTTP_CLIENT, ...(options.now ? { now: options.now } : {}) });
  const addonName = options.addonName ?? 'vpc-cni';
  const shipped = shippedAddon(addonName);
  const addonVersion = options.addonVersion ?? shipped?.defaultVersion ?? options.current?.addonVersion ?? 'unknown';
  const clusterName = options.clusterName ?? options.current?.clusterName ?? 'ironman-2022';
  const mode: ResolveConflicts = options.resolveConflicts ?? 'NONE';
  const model: PreserveModel = options.preserveModel ?? 'drop-conflicting-paths';
  const manager = options.fieldManager ?? 'eks';
  const configurationValues = options.configurationValues ?? (operation === 'update' ? options.current?.configurationValues : undefined);
  const failedState: AddonState = operation === 'create' ? 'CREATE_FAILED' : 'UPDATE_FAILED';
  const base = {
    clusterName,
    addonName,
    addonVersion,
    resolveConflicts: mode,
    ...(configurationValues !== undefined ? { configurationValues } : {}),
  };
  const finish = (status: AddonState, issues: AddonIssue[], extra: Partial<AddonStatus> = {}): ActorOutcome => {
    const addon: AddonStatus = { ...base, status, health: { issues }, ...extra };
    if (status === 'ACTIVE') wire.print(`addon "${addonName}" ${addonVersion} is ACTIVE (resolveConflicts ${mode})\n`);
    else {
      wire.printError(`Error: addon status transitioned to "${status}"\n`);
      for (const i of issues) wire.printError(`${i.code}: ${i.message}\n`);
    }
    return wire.outcome(status === 'ACTIVE' ? 0 : 1, addon);
  };

  // The objects EKS applies: shipped or given manifests, with the configuration values merged in.
  let objects: KubeObject[];
  try {
    if (options.manifests !== undefined) objects = toObjects(options.manifests, `${addonName}.yaml`, options.readObjects);
    else if (shipped) {
      if (!shipped.versions.includes(addonVersion)) {
        throw new AddonApiError('InvalidParameterException', `Addon version specified is not supported, addon: ${addonName}, version: ${addonVersion}`);
      }
      objects = toObjects(shipped.manifest(addonVersion, options.region ?? 'eu-west-1'), `${addonName}.yaml`, options.readObjects);
    } else throw new AddonApiError('InvalidParameterException', `Addon ${addonName} specified is not supported`);
    if (configurationValues !== undefined) {
      const values = parseConfigurationValues(configurationValues);
      if (Object.keys(values).length > 0) {
        if (!shipped) throw new AddonApiError('InvalidParameterException', `ConfigurationValue provided in request is not supported: ${addonName} has no configuration schema in ssa-sim`);
        objects = shipped.configure(objects, values);
      }
    }
  } catch (err) {
    if (err instanceof AddonApiError) {
      wire.printError(`An error occurred (${err.code}) when calling the ${operation === 'create' ? 'CreateAddon' : 'UpdateAddon'} operation: ${err.message}\n`);
      return wire.outcome(1, options.current);
    }
    throw err;
  }

  const items: Item[] = objects.map((o) => {
    const id = requireName(identity(o));
    const c = coordinates(wire.state, id.apiVersion, id.kind, id.name, id.namespace);
    return {
      c,
      ref: { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) },
      id: resourceId(c),
      config: c.namespaced ? withNamespace(o, c.namespace) : o,
    };
  });

  const apply = (item: Item, force: boolean, dryRun: boolean, purpose?: string) =>
    wire.send({ verb: 'apply', body: item.config, target: item.ref, options: { fieldManager: manager, force, dryRun } }, purpose, EKS_QUERY);

  const applyAll = (force: boolean): ActorOutcome | undefined => {
    for (const item of items) {
      const r = apply(item, force, false);
      if (!r.ok) return finish(failedState, [{ code: 'AdmissionRequestDenied', message: failureMessage(r), resourceIds: [item.id] }]);
    }
    return undefined;
  };

  // A new install: nothing of the add-on exists yet, so EKS's values go in whatever the mode.
  const existing = items.filter((i) => wire.getObject(i.ref) !== undefined);
  if (operation === 'create' && existing.length === 0) {
    return applyAll(mode === 'OVERWRITE') ?? finish('ACTIVE', []);
  }
  if (mode === 'OVERWRITE') return applyAll(true) ?? finish('ACTIVE', []);

  // NONE and PRESERVE: find the conflicts by a dry run.
  const conflicts: Conflict[] = [];
  for (const item of items) {
    const r = apply(item, false, true, 'dry run');
    if (r.ok) continue;
    if (r.code !== 409 || r.status.reason !== 'Conflict') {
      return finish(failedState, [{ code: 'AdmissionRequestDenied', message: failureMessage(r), resourceIds: [item.id] }]);
    }
    for (const c of statusConflicts(r.status.details)) conflicts.push({ item, path: c.path, manager: c.manager });
  }
  if (conflicts.length === 0) return applyAll(false) ?? finish('ACTIVE', []);

  const preserve = mode === 'PRESERVE' && operation === 'update';
  if (!preserve) {
    const message = `${CONFLICT_MESSAGE_PREFIX} ${conflicts.map((c) => `${c.item.id} - ${c.path}`).join(' ')}`;
    const resourceIds = [...new Set(conflicts.map((c) => c.item.id))];
    return finish(failedState, [{ code: 'ConfigurationConflict', message, resourceIds }]);
  }

  // PRESERVE: keep the live values at the conflicting paths, by the chosen model.
  const preserved: PreservedPath[] = [];
  const byPath = new Map<string, Conflict[]>();
  for (const c of conflicts) {
    const key = `${c.item.id}\u0000${c.path}`;
    byPath.set(key, [...(byPath.get(key) ?? []), c]);
  }
  for (const group of byPath.values()) {
    const { item, path } = group[0];
    let next: Value | undefined;
    if (model === 'drop-conflicting-paths') next = withoutPath(item.config, path);
    else {
      const live = wire.getObject(item.ref);
      const liveValue = live === undefined ? undefined : valueAtPath(live, path);
      next = liveValue === undefined ? withoutPath(item.config, path) : withValueAtPath(item.config, path, liveValue);
    }
    if (next !== undefined) item.config = next as KubeObject;
    preserved.push({ object: item.id, path, owners: [...new Set(group.map((c) => c.manager))] });
  }
  const failed = applyAll(false);
  if (failed) return failed;
  const how =
    model === 'drop-conflicting-paths'
      ? 'EKS left the conflicting paths out of what it applied, so their current managers keep sole ownership'
      : 'EKS applied the live values at the conflicting paths, so it co-owns them with their current managers';
  wire.note(
    `PRESERVE model "${model}" (ssa-sim's model; AWS does not document how PRESERVE works): ${how}.`,
  );
  for (const p of preserved) wire.print(`preserved ${p.object} ${p.path} (owned by ${p.owners.map((o) => `"${o}"`).join(', ')})\n`);
  wire.print(`PRESERVE model: ${model} (ssa-sim's model; EKS does not document how PRESERVE works)\n`);
  return finish('ACTIVE', [], { preserveModel: model, preserved });
}
