/**
 * What kube-apiserver's patch handler answers when a patch's result does not fit the kind's Go
 * type (handlers/patch.go): a json or merge patch's JSON text is decoded (go-decode-error.ts), a
 * strategic merge patch's map converted (from-unstructured-error.ts), and a failure is a 422 with
 * no kind and no name, ` "" is invalid: patch: Invalid value: "<value>": <text>`, the value the
 * patched JSON (patch/patched-json.ts) or the patch map as Go's fmt prints it (`%+v`).
 */
import type { Value, ValueMap } from '../value/value.js';
import { patchDoesNotDecode } from './decode-object.js';
import { fromUnstructured } from './from-unstructured-error.js';
import { goDecodeError } from './go-decode-error.js';
import { withGoIntegers } from './go-int-conversion.js';
import { inMessageOrder } from './go-struct-order.js';
import { goSprint } from './patch/go-sprint.js';
import { patchedObjectJson } from './patch/patched-json.js';
import { builtinProtoTables } from './protobuf-envelope.js';
import type { PatchType, StatusObject } from './types.js';

/**
 * `patched` (`old` patched with `patch`) read into protobuf message `message`'s Go type: the 422
 * when it does not fit, else the object as the Go type holds it. A strategic merge patch's result
 * goes through the unstructured converter, which keeps the low bits of a number beyond an int
 * field's range (go-int-conversion.ts); a json or merge patch's through Go's JSON decoder, which
 * refuses such a number.
 */
export function patchedIntoGoType(
  patchType: Exclude<PatchType, 'apply'>,
  message: string,
  old: ValueMap,
  patch: Value,
  patched: ValueMap,
): { ok: true; value: ValueMap } | { ok: false; status: StatusObject } {
  const tables = builtinProtoTables();
  if (patchType === 'strategic') {
    const { error, changedInts } = fromUnstructured(patched, message, tables);
    if (error !== undefined) return { ok: false, status: patchDoesNotDecode(goSprint(patch), error) };
    return { ok: true, value: changedInts ? (withGoIntegers(patched, message, tables) as ValueMap) : patched };
  }
  const text = goDecodeError(patched, message, tables);
  if (text === undefined) return { ok: true, value: patched };
  const doc = inMessageOrder(tables, message, old) as ValueMap;
  return { ok: false, status: patchDoesNotDecode(patchedObjectJson(patchType, doc, patch) ?? '', text) };
}
