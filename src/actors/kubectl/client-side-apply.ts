/**
 * `kubectl apply` without --server-side, for one object (apiserver-semantics §5.1): create it
 * with the last-applied annotation when it is missing; otherwise send the three-way patch from
 * the annotation, the new manifest and the live object, or nothing when that patch is empty.
 */
import type { KubeObject } from '../../apiserver/types.js';
import type { DryRun } from '../actor.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { printWarnings, patchMetaFor, statusError } from './kubectl.js';
import { dropNulls, lastAppliedValue, parseLastApplied, readLastApplied, withLastApplied } from './last-applied.js';
import { type KubectlError, missingAnnotationWarning, successLine } from './output.js';
import { isEmptyPatch, threeWayJsonMergePatch, threeWayStrategicMergePatch } from './three-way-patch.js';

export interface ClientSideApplyOne {
  readonly fieldManager: string;
  readonly dryRun: DryRun;
  readonly outputName: boolean;
}

/** Applies `manifest` (namespace already filled in); prints its line or pushes its error. */
export function clientSideApplyOne(wire: Wire, manifest: KubeObject, c: ObjectCoordinates, opts: ClientSideApplyOne, errors: KubectlError[]): void {
  const ref = { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
  const modified = withLastApplied(manifest, lastAppliedValue(manifest));
  const dryRun = opts.dryRun === 'server';
  const line = (verb: string) => wire.print(successLine(c.kind, c.group, c.name, verb, opts.dryRun, opts.outputName));

  const got = wire.get(ref);
  if (!got.ok && got.code !== 404) {
    errors.push(statusError(got));
    return;
  }
  if (!got.ok) {
    if (opts.dryRun !== 'client') {
      const r = wire.send({
        verb: 'create',
        body: dropNulls(modified) as KubeObject,
        target: ref,
        options: { fieldManager: opts.fieldManager, dryRun },
      });
      printWarnings(wire, r);
      if (!r.ok) {
        errors.push(statusError(r));
        return;
      }
    }
    line('created');
    return;
  }

  const live = got.object;
  const annotation = readLastApplied(live);
  if (annotation === undefined) wire.printError(missingAnnotationWarning(c.resource, c.name));
  const original = parseLastApplied(annotation);
  const patch = c.custom
    ? threeWayJsonMergePatch(original, modified, live)
    : threeWayStrategicMergePatch(original, modified, live, patchMetaFor(wire.state, c.apiVersion, c.kind));
  if (isEmptyPatch(patch)) {
    line('unchanged');
    return;
  }
  if (opts.dryRun !== 'client') {
    const r = wire.send({
      verb: 'patch',
      target: ref,
      patchType: c.custom ? 'merge' : 'strategic',
      patch,
      options: { fieldManager: opts.fieldManager, dryRun },
    });
    printWarnings(wire, r);
    if (!r.ok) {
      errors.push(statusError(r));
      return;
    }
  }
  line('configured');
}

