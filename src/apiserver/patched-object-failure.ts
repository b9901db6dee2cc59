/**
 * What kube-apiserver's patch handler answers when a patch's result does not fit the kind's Go
 * type (handlers/patch.go): a json or merge patch's JSON text is decoded (go-decode-error.ts), a
 * strategic merge patch's map converted (from-unstructured-error.ts), and a failure is a 422 with
 * no kind and no name, ` "" is invalid: patch: Invalid value: "<value>": <text>`, the value the
 * patched JSON (patch/patched-json.ts) or the patch map as Go's fmt prints it (`%+v`).
 */
import type { Value, ValueMap } from '../value/value.js';
import { patchDoesNotDecode } from './decode-object.js';
import { fromUnstructuredError } from './from-unstructured-error.js';
import { goDecodeError } from './go-decode-error.js';
import { inMessageOrder } from './go-struct-order.js';
import { goSprint } from './patch/go-sprint.js';
import { patchedObjectJson } from './patch/patched-json.js';
import { builtinProtoTables } from './protobuf-envelope.js';
import type { PatchType, StatusObject } from './types.js';

/**
 * The 422 for `patched` (`old` patched with `patch`) as protobuf message `message`'s Go type, or
 * undefined when it fits.
 */
export function patchedObjectFailure(patchType: Exclude<PatchType, 'apply'>, message: string, old: ValueMap, patch: Value, patched: ValueMap): StatusObject | undefined {
  const tables = builtinProtoTables();
  if (patchType === 'strategic') {
    const text = fromUnstructuredError(patched, message, tables);
    return text === undefined ? undefined : patchDoesNotDecode(goSprint(patch), text);
  }
  const text = goDecodeError(patched, message, tables);
  if (text === undefined) return undefined;
  const doc = inMessageOrder(tables, message, old) as ValueMap;
  return patchDoesNotDecode(patchedObjectJson(patchType, doc, patch) ?? '', text);
}
