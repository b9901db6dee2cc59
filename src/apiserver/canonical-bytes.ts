/**
 * A built-in object's `[]byte` values (a Secret's `data`, a ConfigMap's `binaryData`...) as
 * kube-apiserver stores them: Go decodes each from base64 and its encoder writes the bytes back
 * as standard padded base64, so a value sent with line breaks or with non-zero padding bits comes
 * back in its canonical text (`YWJj\nZA==` as `YWJjZA==`, `YR==` as `YQ==`). Values that do not
 * decode are left as they are (the decoder refuses them first: go-decode-error.ts).
 */
import { isList, isMap, type Value } from '../value/value.js';
import { canonicalBase64 } from './go-base64.js';
import { goShapes, isByte, type GoShapes, type Shape } from './go-types.js';
import type { ProtoTables } from './protobuf-messages.js';

function canonical(v: Value, shape: Shape, shapes: GoShapes): Value {
  if (shape.kind === 'slice' && typeof v === 'string' && isByte(shape.element())) return canonicalBase64(v) ?? v;
  if (shape.kind === 'struct' && isMap(v)) {
    const fields = shapes.jsonFields(shape.message);
    for (const k of Object.keys(v)) {
      const f = fields.get(k);
      if (f) v[k] = canonical(v[k], f, shapes);
    }
  } else if (shape.kind === 'map' && isMap(v)) {
    const el = shape.element();
    for (const k of Object.keys(v)) v[k] = canonical(v[k], el, shapes);
  } else if (shape.kind === 'slice' && isList(v)) {
    const el = shape.element();
    for (let i = 0; i < v.length; i++) v[i] = canonical(v[i], el, shapes);
  }
  return v;
}

/** Rewrites the `[]byte` values of `object` (of protobuf message `messageName`'s Go type) in place. */
export function canonicalizeBytes(object: Value, messageName: string, tables: ProtoTables): void {
  const shapes = goShapes(tables);
  const root = shapes.root(messageName);
  if (root) canonical(object, root, shapes);
}
