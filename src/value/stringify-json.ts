/**
 * JSON.stringify for data that may hold Values: the same text (`indent` spaces per level, or
 * compact), with a `bigint` (an int64 beyond 2^53, value.ts) written as its digits, where
 * JSON.stringify throws. Data without bigints is written by JSON.stringify itself.
 */
export function stringifyJson(x: unknown, indent = 0): string {
  try {
    return JSON.stringify(x, null, indent);
  } catch (e) {
    if (!(e instanceof TypeError) || !/BigInt/.test(e.message)) throw e;
  }
  return write(x, '', ' '.repeat(indent)) ?? 'undefined';
}

/** One value as JSON.stringify writes it (undefined for what it leaves out). */
function write(x: unknown, indent: string, gap: string): string | undefined {
  if (x !== null && typeof x === 'object' && typeof (x as { toJSON?: unknown }).toJSON === 'function') x = (x as { toJSON(): unknown }).toJSON();
  switch (typeof x) {
    case 'bigint':
      return x.toString();
    case 'number':
    case 'string':
    case 'boolean':
      return JSON.stringify(x);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (x === null) return 'null';
  const inner = indent + gap;
  const parts: string[] = [];
  let open = '[';
  let close = ']';
  if (Array.isArray(x)) {
    for (const e of x as unknown[]) parts.push(write(e, inner, gap) ?? 'null');
  } else {
    open = '{';
    close = '}';
    const o = x as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const v = write(o[k], inner, gap);
      if (v !== undefined) parts.push(JSON.stringify(k) + (gap ? ': ' : ':') + v);
    }
  }
  if (parts.length === 0) return open + close;
  return gap ? `${open}\n${inner}${parts.join(`,\n${inner}`)}\n${indent}${close}` : open + parts.join(',') + close;
}
