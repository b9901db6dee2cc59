/**
 * `kubectl apply` without --server-side, for one object (apiserver-semantics §5.1): create it
 * with the last-applied annotation when it is missing; otherwise send the three-way patch from
 * the annotation, the new manifest and the live object, or nothing when that patch is empty.
 */
import type { KubeObject } from '../../apiserver/types.js';
import type { DryRun } from '../actor.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { encodeGoJson } from '../../fieldpath/json-text.js';
import type { ValueMap } from '../../value/value.js';
import { type FieldValidation, printWarnings, patchMetaFor, statusError } from './kubectl.js';
import { dropNulls, lastAppliedValue, parseLastApplied, readLastApplied, withLastApplied } from './last-applied.js';
import { forceReplace } from './force-replace.js';
import { infoText, type KubectlError, missingAnnotationWarning, successLine, withSource } from './output.js';
import { isEmptyPatch, PatchComputeError, threeWayJsonMergePatch, threeWayStrategicMergePatch } from './three-way-patch.js';

export interface ClientSideApplyOne {
  readonly fieldManager: string;
  readonly dryRun: DryRun;
  readonly fieldValidation: FieldValidation;
  /** The file the object came from, named in wrapped errors. */
  readonly source: string;
  readonly outputName: boolean;
  /** `--force`: a patch refused as Invalid or Conflict deletes the object and creates it anew (force-replace.ts). */
  readonly force?: boolean;
}

/**
 * The three-way patch kubectl's patcher computes from the live object's last-applied annotation
 * (the original), the new configuration and the live object: a JSON merge patch for a custom
 * resource, else a strategic merge patch. `kubectl apply` and `kubectl diff` both compute it so.
 *
 * When it cannot be computed, kubectl's patcher (patcher.go patchSimple) has tried three times —
 * with the server's OpenAPI v3 document, its v2 document, then its compiled-in types — and warned
 * on stderr after each of the first two (`warning: error calculating patch from openapi v3 spec:
 * ...`, `warning: error calculating patch from openapi spec: ...`); the error is the last try's
 * behind the three documents as sent (each JSON text ends in a newline), and the patcher names
 * the file: `error when patching "FILE": creating patch with:\noriginal:\n...\nfor:: REASON`.
 */
export function threeWayPatch(wire: Wire, c: ObjectCoordinates, modified: KubeObject, live: KubeObject, source: string): { ok: true; patch: ValueMap } | { ok: false; error: KubectlError } {
  const annotation = readLastApplied(live);
  const original = parseLastApplied(annotation);
  try {
    const patch = c.custom ? threeWayJsonMergePatch(original, modified, live) : threeWayStrategicMergePatch(original, modified, live, patchMetaFor(wire.state, c.apiVersion, c.kind));
    return { ok: true, patch };
  } catch (err) {
    if (!(err instanceof PatchComputeError)) throw err;
    wire.printError(`warning: error calculating patch from openapi v3 spec: ${err.openApiV3}\n`);
    wire.printError(`warning: error calculating patch from openapi spec: ${err.openApiV2}\n`);
    const message = `creating patch with:\noriginal:\n${annotation ?? ''}\nmodified:\n${encodeGoJson(modified)}\n\ncurrent:\n${encodeGoJson(live)}\n\nfor:: ${err.message}`;
    return { ok: false, error: withSource({ kind: 'plain', message }, 'patching', source) };
  }
}

/** A refused patch, wrapped twice as kubectl's patcher wraps it (`applying patch:` PATCH `to:` OBJECT `for:`, then `patching`). */
export function refusedPatchError(error: KubectlError, patch: ValueMap, c: ObjectCoordinates, source: string): KubectlError {
  return withSource(withSource(error, 'patching', source), `applying patch:\n${encodeGoJson(patch)}\nto:\n${infoText(c)}\nfor:`, source);
}

/**
 * Applies `manifest` (namespace already filled in); prints its line or pushes its error, wrapped
 * as kubectl wraps it: `error when creating "FILE": ...`, or for a refused patch
 * `error when applying patch:\n<patch>\nto:\n<object>\nfor: "FILE": error when patching "FILE": ...`.
 */
export function clientSideApplyOne(wire: Wire, manifest: KubeObject, c: ObjectCoordinates, opts: ClientSideApplyOne, errors: KubectlError[]): void {
  const ref = { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
  const modified = withLastApplied(manifest, lastAppliedValue(manifest));
  const dryRun = opts.dryRun === 'server';
  const line = (verb: string) => wire.print(successLine(c.kind, c.group, c.name, verb, opts.dryRun, opts.outputName));

  const got = wire.get(ref);
  if (!got.ok && got.code !== 404) {
    errors.push(withSource(statusError(got), `retrieving current configuration of:\n${infoText(c)}\nfrom server for:`, opts.source));
    return;
  }
  if (!got.ok) {
    if (opts.dryRun !== 'client') {
      const r = wire.send({
        verb: 'create',
        body: dropNulls(modified) as KubeObject,
        target: ref,
        options: { fieldManager: opts.fieldManager, dryRun, fieldValidation: opts.fieldValidation },
      });
      printWarnings(wire, r);
      if (!r.ok) {
        errors.push(withSource(statusError(r), 'creating', opts.source));
        return;
      }
    }
    line('created');
    return;
  }

  const live = got.object;
  if (readLastApplied(live) === undefined) wire.printError(missingAnnotationWarning(c.resource, c.name));
  const computed = threeWayPatch(wire, c, modified, live, opts.source);
  if (!computed.ok) {
    // apply names the patch it could not compute (none) and the object
    errors.push(withSource(computed.error, `applying patch:\n\nto:\n${infoText(c)}\nfor:`, opts.source));
    return;
  }
  const { patch } = computed;
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
      options: { fieldManager: opts.fieldManager, dryRun, fieldValidation: opts.fieldValidation },
    });
    printWarnings(wire, r);
    if (!r.ok && opts.force && (r.code === 409 || r.code === 422)) {
      const failed = forceReplace(wire, ref, c, modified, live, opts);
      if (failed) {
        errors.push(failed);
        return;
      }
    } else if (!r.ok) {
      errors.push(refusedPatchError(statusError(r), patch, c, opts.source));
      return;
    }
  }
  line('configured');
}

