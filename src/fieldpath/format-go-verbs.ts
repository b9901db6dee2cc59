import { compareStrings } from '../value/compare-strings.js';
import type { Value, ValueMap } from '../value/value.js';
import { formatGoFloat, formatGoNumber, goQuote } from './format-go-value.js';

/**
 * Which Go number type a decoded value's numbers have: `int64` where the text was an integer
 * that fits (the value model's reading, and apimachinery's unstructured JSON), `float64` for every
 * number (Go's encoding/json into `interface{}`, as sigs.k8s.io/yaml decodes an apply body).
 */
export type GoNumbers = 'int64' | 'float64';

/**
 * Go's `%#v` of a value held in an `interface{}` of an unstructured object (Go's fmt printValue):
 * `map[string]interface {}{"a":1, "b":"x"}` with keys sorted, `[]interface {}{1, "x"}`, strings
 * quoted, a null element `interface {}(nil)`.
 */
export function goSyntax(v: Value, numbers: GoNumbers): string {
  return render(v, numbers, SYNTAX);
}

/**
 * Go's `%v` of the same: `map[a:1 b:x]`, `[1 x]`, strings as they are, a null element `<nil>`.
 */
export function goDefault(v: Value, numbers: GoNumbers): string {
  return render(v, numbers, DEFAULT);
}

interface Verb {
  readonly nil: string;
  readonly listOpen: string;
  readonly mapOpen: string;
  readonly listClose: string;
  readonly mapClose: string;
  readonly separator: string;
  readonly key: (k: string) => string;
  readonly quote: boolean;
}

const SYNTAX: Verb = {
  nil: 'interface {}(nil)',
  listOpen: '[]interface {}{',
  mapOpen: 'map[string]interface {}{',
  listClose: '}',
  mapClose: '}',
  separator: ', ',
  key: goQuote,
  quote: true,
};

const DEFAULT: Verb = { nil: '<nil>', listOpen: '[', mapOpen: 'map[', listClose: ']', mapClose: ']', separator: ' ', key: (k) => k, quote: false };

/** Without recursion: a value may nest as deep as its text allows, and Go prints it all. */
function render(root: Value, numbers: GoNumbers, verb: Verb): string {
  let out = '';
  // What is still to print, last first: a value, or text already known (a separator, a close).
  const work: ({ value: Value } | string)[] = [{ value: root }];
  while (work.length > 0) {
    const item = work.pop()!;
    if (typeof item === 'string') {
      out += item;
      continue;
    }
    const v = item.value;
    if (v === null) out += verb.nil;
    else if (Array.isArray(v)) {
      out += verb.listOpen;
      work.push(verb.listClose);
      for (let i = v.length - 1; i >= 0; i--) {
        work.push({ value: v[i] });
        if (i > 0) work.push(verb.separator);
      }
    } else if (typeof v === 'object') {
      const m = v as ValueMap;
      const keys = Object.keys(m).sort(compareStrings);
      out += verb.mapOpen;
      work.push(verb.mapClose);
      for (let i = keys.length - 1; i >= 0; i--) {
        work.push({ value: m[keys[i]] });
        work.push((i > 0 ? verb.separator : '') + verb.key(keys[i]) + ':');
      }
    } else out += goScalar(v, numbers, verb.quote);
  }
  return out;
}

function goScalar(v: boolean | number | bigint | string, numbers: GoNumbers, quote: boolean): string {
  switch (typeof v) {
    case 'string':
      return quote ? goQuote(v) : v;
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return numbers === 'float64' ? formatGoFloat(Number(v)) : formatGoNumber(v);
  }
}
