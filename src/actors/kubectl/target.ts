/**
 * The object a kubectl command names (`daemonset/aws-node -n kube-system`), fetched, and the
 * patch that turns it into a modified copy, sent under the command's manager.
 */
import type { KubeObject, ObjectRef, PatchType } from '../../apiserver/types.js';
import type { Value, ValueMap } from '../../value/value.js';
import type { DryRun, TargetOptions } from '../actor.js';
import { coordinates, type ObjectCoordinates, resolveResourceArg, splitTarget } from '../resources.js';
import type { Wire } from '../wire.js';
import { type FieldValidation, patchMetaFor, printWarnings, statusError } from './kubectl.js';
import type { KubectlError } from './output.js';
import { createMergePatch, isEmptyPatch, twoWayStrategicMergePatch } from './three-way-patch.js';

export interface Target {
  readonly c: ObjectCoordinates;
  readonly ref: ObjectRef;
}

export function resolveTarget(wire: Wire, options: TargetOptions): Target {
  const { resource, name } = splitTarget(options.resource, options.name);
  const r = resolveResourceArg(wire.state, resource);
  const c = coordinates(wire.state, r.apiVersion, r.type.kind, name, options.namespace);
  return { c, ref: { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) } };
}

/** The live object, or undefined after pushing kubectl's error (`Error from server (NotFound): ...`). */
export function fetch(wire: Wire, t: Target, errors: KubectlError[], subresource?: string): KubeObject | undefined {
  const r = wire.get(t.ref, subresource);
  if (!r.ok) {
    errors.push(statusError(r));
    return undefined;
  }
  return r.object;
}

/**
 * The two-way patch kubectl sends for a modification: strategic merge patch for built-in kinds,
 * JSON merge patch for custom resources.
 */
export function twoWayPatch(wire: Wire, t: Target, original: ValueMap, modified: ValueMap): { patchType: PatchType; patch: ValueMap } {
  if (t.c.custom) return { patchType: 'merge', patch: createMergePatch(original, modified) };
  return { patchType: 'strategic', patch: twoWayStrategicMergePatch(original, modified, patchMetaFor(wire.state, t.c.apiVersion, t.c.kind)) };
}

export interface SendPatch {
  readonly patchType: PatchType;
  readonly patch: string | Value;
  readonly fieldManager?: string;
  readonly dryRun?: DryRun;
  readonly subresource?: string;
  /** `?fieldValidation=`, for the commands that send it (edit). */
  readonly fieldValidation?: FieldValidation;
}

/** What came of a patch: the object after it (absent on `--dry-run=client`: nothing is sent), or a failure already reported. */
export type PatchResult = { readonly ok: true; readonly object?: KubeObject } | { readonly ok: false };

/** Sends a patch (nothing for `--dry-run=client`); pushes kubectl's error on failure. */
export function sendPatch(wire: Wire, t: Target, p: SendPatch, errors: KubectlError[]): PatchResult {
  if (p.dryRun === 'client') return { ok: true };
  const r = wire.send({
    verb: 'patch',
    target: t.ref,
    patchType: p.patchType,
    patch: p.patch,
    options: {
      ...(p.fieldManager !== undefined ? { fieldManager: p.fieldManager } : {}),
      dryRun: p.dryRun === 'server',
      ...(p.subresource ? { subresource: p.subresource } : {}),
      ...(p.fieldValidation ? { fieldValidation: p.fieldValidation } : {}),
    },
  });
  printWarnings(wire, r);
  if (!r.ok) {
    errors.push(statusError(r));
    return { ok: false };
  }
  return { ok: true, object: r.object };
}

export { isEmptyPatch };
