/**
 * What apimachinery's unstructured converter makes of a number in an int32 or int64 field of a
 * built-in kind's Go type (runtime/converter.go v0.32.13, fromUnstructured): an integral number
 * goes in through reflect's Convert, which never fails. An int64 keeps its low bits, as every Go
 * integer conversion does (4294967297 into an int32 is 1, 2^31 is -2^31); a float64 is first
 * converted to int64, which for a value beyond int64 Go leaves to the platform: amd64, the
 * platform the kubectl model names, gives -2^63 (whose low 32 bits are 0). The converter reads a
 * server-side apply's merged object and a strategic merge patch's result; a fraction there is its
 * error instead (from-unstructured-error.ts, asked first). Go's JSON decoder, which reads create
 * and update bodies, refuses an overflow instead (go-decode-error.ts).
 */
import { isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { goShapes, type GoShapes, type Shape } from './go-types.js';
import type { ProtoTables } from './protobuf-messages.js';

const INT64_MIN = -(2n ** 63n);
const INT64_LIMIT = 2n ** 63n;

/** The int64 Go's float64-to-int64 conversion gives on amd64 (CVTTSD2SQ): beyond int64, -2^63. */
function int64OfFloat(v: number): bigint {
  const n = BigInt(v);
  return n >= INT64_LIMIT || n < INT64_MIN ? INT64_MIN : n;
}

/** An int64 as a Value: a number where it is safe, a bigint beyond. */
function asValue(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** The value a signed Go int field of `bits` holds after the conversion, or `v` when it is the same. */
function converted(v: number | bigint, bits: 32 | 64): number | bigint {
  if (typeof v === 'number' && !Number.isInteger(v)) return v; // a fraction: the converter's error, asked first
  // The common case, without a BigInt: a safe integer that the field holds as it is.
  if (typeof v === 'number' && Number.isSafeInteger(v) && (bits === 64 || (v >= -2147483648 && v <= 2147483647))) return v;
  const wide = typeof v === 'bigint' ? v : Number.isSafeInteger(v) ? BigInt(v) : int64OfFloat(v);
  const kept = BigInt.asIntN(bits, wide);
  if (typeof v === 'bigint' ? kept === v : Number.isSafeInteger(v) && kept === BigInt(v)) return v;
  return asValue(kept);
}

function bitsOf(shape: Shape & { kind: 'scalar' }): 32 | 64 | undefined {
  if (shape.go === 'int32') return 32;
  if (shape.go === 'int64') return 64;
  return undefined;
}

/** Whether a Go int field of `shape` holds `v` otherwise than it is written. */
export function changesInGoInt(v: Value, shape: Shape & { kind: 'scalar' }): boolean {
  const bits = bitsOf(shape);
  return bits !== undefined && (typeof v === 'number' || typeof v === 'bigint') && converted(v, bits) !== v;
}

function walk(v: Value, shape: Shape, shapes: GoShapes): Value {
  switch (shape.kind) {
    case 'scalar': {
      const bits = bitsOf(shape);
      return bits !== undefined && (typeof v === 'number' || typeof v === 'bigint') ? converted(v, bits) : v;
    }
    case 'struct': {
      if (!isMap(v)) return v;
      const fields = shapes.jsonFields(shape.message);
      return mapped(v, (key) => fields.get(key), shapes);
    }
    case 'map': {
      if (!isMap(v)) return v;
      const el = shape.element();
      return mapped(v, () => el, shapes);
    }
    case 'slice': {
      if (!isList(v)) return v;
      const el = shape.element();
      let out: Value[] | undefined;
      v.forEach((item, i) => {
        const next = walk(item, el, shapes);
        if (next !== item) (out ??= v.slice())[i] = next;
      });
      return out ?? v;
    }
    case 'own':
      return v;
  }
}

/** The map with each value walked at its shape; the same map when nothing changes. */
function mapped(v: ValueMap, shapeOf: (key: string) => Shape | undefined, shapes: GoShapes): ValueMap {
  let out: ValueMap | undefined;
  for (const key of Object.keys(v)) {
    const shape = shapeOf(key);
    if (shape === undefined) continue;
    const next = walk(v[key], shape, shapes);
    if (next !== v[key]) (out ??= Object.assign(newMap(), v))[key] = next;
  }
  return out ?? v;
}

/**
 * `object` as the converter leaves it in protobuf message `messageName`'s Go type: integral
 * numbers in int32 and int64 fields as those fields hold them. The same object when none changes.
 */
export function withGoIntegers(object: Value, messageName: string, tables: ProtoTables): Value {
  const shapes = goShapes(tables);
  const root = shapes.root(messageName);
  return root ? walk(object, root, shapes) : object;
}
