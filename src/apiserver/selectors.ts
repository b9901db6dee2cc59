/**
 * Label and field selectors as list and watch requests send them (`labelSelector=app=web,tier
 * in (a,b)`, `fieldSelector=metadata.name=x`), read into predicates over objects.
 */
import { getKey, isMap, type Value } from '../value/value.js';

type Pred = (obj: Value) => boolean;

function meta(obj: Value): Record<string, Value> {
  const m = isMap(obj) ? getKey(obj, 'metadata') : undefined;
  return isMap(m) ? m : {};
}

function labels(obj: Value): Record<string, Value> {
  const l = getKey(meta(obj), 'labels');
  return isMap(l) ? l : {};
}

/** Splits on commas outside parentheses. */
function splitTerms(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((t) => t.trim()).filter((t) => t !== '');
}

const KEY = /^[A-Za-z0-9]([-A-Za-z0-9_./]*[A-Za-z0-9])?$/;
const VALUE = /^(([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?)$/;

/** A label selector as a predicate, or the text of a 400. */
export function labelSelector(text: string): Pred | { problem: string } {
  const preds: Pred[] = [];
  for (const term of splitTerms(text)) {
    const set = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(term);
    if (set) {
      const [, key, op, list] = set;
      const values = list.split(',').map((v) => v.trim());
      if (!KEY.test(key) || values.some((v) => !VALUE.test(v))) return { problem: `unable to parse requirement: ${JSON.stringify(term)}` };
      const has = (o: Value) => {
        const v = getKey(labels(o), key);
        return typeof v === 'string' && values.includes(v);
      };
      preds.push(op === 'in' ? has : (o) => !has(o));
      continue;
    }
    const cmp = /^([^=!<>\s]+)\s*(==|=|!=|<|>)\s*(\S*)$/.exec(term);
    if (cmp) {
      const [, key, op, value] = cmp;
      if (!KEY.test(key) || !VALUE.test(value)) return { problem: `unable to parse requirement: ${JSON.stringify(term)}` };
      if (op === '<' || op === '>') {
        const n = Number(value);
        if (!/^-?\d+$/.test(value)) return { problem: `unable to parse requirement: for 'Gt', 'Lt' operators, the value must be an integer` };
        preds.push((o) => {
          const v = getKey(labels(o), key);
          return typeof v === 'string' && /^-?\d+$/.test(v) && (op === '<' ? Number(v) < n : Number(v) > n);
        });
      } else if (op === '!=') preds.push((o) => getKey(labels(o), key) !== value);
      else preds.push((o) => getKey(labels(o), key) === value);
      continue;
    }
    const exists = /^(!?)\s*(\S+)$/.exec(term);
    if (exists && KEY.test(exists[2])) {
      const key = exists[2];
      preds.push(exists[1] ? (o) => getKey(labels(o), key) === undefined : (o) => getKey(labels(o), key) !== undefined);
      continue;
    }
    return { problem: `unable to parse requirement: ${JSON.stringify(term)}` };
  }
  return (o) => preds.every((p) => p(o));
}

/** A field selector (the `fields` given, with =, == and !=) as a predicate, or the text of a 400. */
export function fieldSelector(text: string, fields: Readonly<Record<string, (obj: Value) => string>>): Pred | { problem: string } {
  const preds: Pred[] = [];
  for (const term of splitTerms(text)) {
    const m = /^([^=!]+?)\s*(==|=|!=)\s*(.*)$/.exec(term);
    if (!m) return { problem: `invalid selector: '${text}'; can't understand '${term}'` };
    const [, field, op, value] = m;
    const read = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (!read) return { problem: `field label not supported: ${field}` };
    preds.push(op === '!=' ? (o) => read(o) !== value : (o) => read(o) === value);
  }
  return (o) => preds.every((p) => p(o));
}
