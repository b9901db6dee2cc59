import { formatJsonNumber, jsonQuoteHtml } from '../fieldpath/json-text.js';
import { compareStrings } from '../value/compare-strings.js';
import type { Value, ValueMap } from '../value/value.js';

/**
 * `kubectl get -o json`: Go's `json.MarshalIndent(obj, "", "    ")` of the object as a map, so
 * keys sorted byte-wise, four-space indents, `<`, `>`, `&` escaped, a final newline. Iterative, so
 * nesting depth is no limit.
 */
export function toJson(value: Value): string {
  let out = '';
  type Frame = { entries: [string | undefined, Value][]; next: number; indent: string; close: string };
  const open = (v: Value, indent: string): Frame | string => {
    if (v === null || typeof v !== 'object') return scalar(v);
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      return { entries: v.map((x) => [undefined, x]), next: 0, indent: indent + '    ', close: ']' };
    }
    const m = v as ValueMap;
    const keys = Object.keys(m).sort(compareStrings);
    if (keys.length === 0) return '{}';
    return { entries: keys.map((k) => [k, m[k]]), next: 0, indent: indent + '    ', close: '}' };
  };
  const first = open(value, '');
  if (typeof first === 'string') return first + '\n';
  out += first.close === ']' ? '[' : '{';
  const stack: Frame[] = [first];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.entries.length) {
      stack.pop();
      out += '\n' + top.indent.slice(4) + top.close;
      continue;
    }
    const [key, v] = top.entries[top.next++];
    out += (top.next > 1 ? ',' : '') + '\n' + top.indent + (key === undefined ? '' : jsonQuoteHtml(key) + ': ');
    const inner = open(v, top.indent);
    if (typeof inner === 'string') out += inner;
    else {
      out += inner.close === ']' ? '[' : '{';
      stack.push(inner);
    }
  }
  return out + '\n';
}

function scalar(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return jsonQuoteHtml(v);
  if (typeof v === 'number' || typeof v === 'bigint') return formatJsonNumber(v);
  return v ? 'true' : 'false';
}
