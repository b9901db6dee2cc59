import type { Atom } from '../../schema/schema.js';
import { isMap, type Value, type ValueMap } from '../../value/value.js';
import { badRequest, genericUnprocessable, internalError, statusFailure } from '../status.js';
import type { PatchType, StatusObject } from '../types.js';
import { applyJsonPatch } from './json-patch.js';
import { applyMergePatch } from './merge-patch.js';
import { applyStrategicMergePatch } from './strategic-merge-patch.js';

/** A json, merge or strategic patch applied to `doc`. */
export function applyPatch(type: Exclude<PatchType, 'apply'>, doc: ValueMap, patchValue: Value, atom: Atom | undefined): { ok: true; value: ValueMap } | { ok: false; status: StatusObject } {
  let out: Value;
  switch (type) {
    case 'json': {
      const r = applyJsonPatch(doc, patchValue);
      if (!r.ok) {
        // One that does not apply is the generic 422: json-patch's text is not in the answer (handlers/patch.go).
        const status = r.kind === 'decode' ? badRequest(r.message) : r.kind === 'too-large' ? statusFailure(413, r.message, 'RequestEntityTooLarge') : genericUnprocessable();
        return { ok: false, status };
      }
      out = r.value;
      break;
    }
    case 'merge':
      out = applyMergePatch(doc, patchValue);
      break;
    case 'strategic': {
      const r = applyStrategicMergePatch(doc, patchValue, atom);
      // handlers/patch.go's interpretStrategicMergePatchError: format errors 400, lists of lists the
      // generic 422, any other error as it is (a plain error: 500 with no reason)
      if (!r.ok) return { ok: false, status: r.code === 400 ? badRequest(r.message) : r.code === 422 ? genericUnprocessable() : internalError(r.message) };
      out = r.value;
      break;
    }
  }
  if (!isMap(out)) return { ok: false, status: badRequest('the patched object is not an object') };
  return { ok: true, value: out };
}

