/**
 * JSON Patch (RFC 6902, `application/json-patch+json`) applied with fast-json-patch. Operations
 * are validated first; paths that try to reach `__proto__` are refused by the library. Errors
 * come back as texts in the spirit of the server's (evanphx/json-patch) messages.
 */
import fastJsonPatch, { type Operation } from 'fast-json-patch';
import { isMap, type Value } from '../../value/value.js';
import { toPlain, toValue } from '../object-paths.js';

export type PatchOutcome = { ok: true; value: Value } | { ok: false; kind: 'decode' | 'apply'; message: string };

/** Applies the operations in `patch` (a list) to `doc`; the inputs are not changed. */
export function applyJsonPatch(doc: Value, patch: Value): PatchOutcome {
  if (!Array.isArray(patch)) return { ok: false, kind: 'decode', message: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' };
  const prefix = bigintPrefix(doc, patch);
  const ops = toPlain(patch, prefix) as Operation[];
  try {
    const result = fastJsonPatch.applyPatch(toPlain(doc, prefix), ops, true, false, true);
    return { ok: true, value: toValue(result.newDocument, 0, prefix) };
  } catch (e) {
    return { ok: false, kind: 'apply', message: describe(e, ops) };
  }
}

/**
 * fast-json-patch copies values through JSON.stringify, which refuses bigints (ints beyond 2^53),
 * so those travel through it as strings with a prefix that begins no string of the inputs.
 * Undefined when there is no bigint.
 */
function bigintPrefix(...values: Value[]): string | undefined {
  const nulStrings: string[] = [];
  let found = false;
  const stack: Value[] = [...values];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (typeof v === 'bigint') found = true;
    else if (typeof v === 'string') {
      if (v.startsWith('\u0000')) nulStrings.push(v);
    } else if (Array.isArray(v)) for (const e of v) stack.push(e);
    else if (isMap(v)) for (const k of Object.keys(v)) stack.push(v[k]);
  }
  if (!found) return undefined;
  let prefix = '\u0000int64:';
  while (nulStrings.some((s) => s.startsWith(prefix))) prefix = '\u0000' + prefix;
  return prefix;
}

function describe(e: unknown, ops: readonly Operation[]): string {
  if (!(e instanceof fastJsonPatch.JsonPatchError)) return e instanceof Error ? e.message : String(e);
  const op = (e.operation ?? ops[e.index ?? 0]) as Partial<Operation> & { from?: string };
  const path = typeof op?.path === 'string' ? op.path : '';
  switch (e.name) {
    case 'TEST_OPERATION_FAILED':
      return `testing value ${path} failed: test failed`;
    case 'OPERATION_PATH_UNRESOLVABLE':
      if (op?.op === 'remove') return `Unable to remove nonexistent key: ${lastSegment(path)}: missing value`;
      if (op?.op === 'replace') return `replace operation does not apply: doc is missing key: ${path}: missing value`;
      return `${op?.op ?? 'patch'} operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
    case 'OPERATION_FROM_UNRESOLVABLE':
      return `${op?.op ?? 'patch'} operation does not apply: doc is missing from path: ${JSON.stringify(op?.from ?? '')}: missing value`;
    case 'OPERATION_PATH_CANNOT_ADD':
      return `add operation does not apply: doc is missing path: ${JSON.stringify(path)}: missing value`;
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
      return `Unable to access invalid index: ${lastSegment(path)}: invalid index referenced`;
    case 'OPERATION_OP_INVALID':
      return `Unexpected kind: ${String(op?.op)}`;
    default:
      return e.message.split('\n')[0];
  }
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
