/**
 * `length` and `contains`: the value at a field path of the object (managedFields included) or
 * of the step's response body has so many items, or contains an item matching a partial value
 * (a list) or a piece of text (a string).
 */
import { isList, isMap, type Value } from '../value/value.js';
import type { Expectation } from './model.js';
import { showValue, subsetDifference } from './match-value.js';
import type { ExpectationResult, Verdict } from './run-types.js';
import { resolvePathString, valueAtPath } from './value-at-path.js';
import { stringifyJson } from '../value/stringify-json.js';

/** Items listed in a failure, at most. */
const MAX_LISTED = 20;

function describeKind(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return `the string ${JSON.stringify(v)}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `the number ${String(v)}`;
  if (typeof v === 'boolean') return `the boolean ${String(v)}`;
  return showValue(v);
}

function sizeOf(v: Value): number | undefined {
  if (isList(v)) return v.length;
  if (isMap(v)) return Object.keys(v).length;
  if (typeof v === 'string') return [...v].length;
  return undefined;
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

/**
 * `root` holds the object or response body, or says why there is none; `label` prefixes the path
 * in words (`the response `).
 */
export function checkPathValue(
  e: Extract<Expectation, { kind: 'length' | 'contains' }>,
  root: { readonly value: Value } | string,
  label: string,
  step: number,
  done: Verdict,
): ExpectationResult {
  const name = `${label}${e.path}`;
  const description =
    e.kind === 'length'
      ? `${name} has ${items(e.count)}`
      : `${name} contains ${isMap(e.value) ? `an item matching ${showValue(e.value)}` : stringifyJson(e.value)}`;
  if (typeof root === 'string') return done(description, root);
  const path = resolvePathString(root.value, e.path);
  const v = path ? valueAtPath(root.value, path) : undefined;
  if (v === undefined) return done(description, `step ${step}, there is nothing at ${name}`);
  if (e.kind === 'length') {
    const n = sizeOf(v);
    if (n === undefined) return done(description, `step ${step}, ${name} is ${describeKind(v)}: it has no length`);
    return done(description, n === e.count ? undefined : `step ${step}, ${name} has ${items(n)}: ${showValue(v)}`);
  }
  if (typeof v === 'string') {
    if (typeof e.value !== 'string') return done(description, `step ${step}, ${name} is ${describeKind(v)}, not a list`);
    return done(description, v.includes(e.value) ? undefined : `step ${step}, ${name} is ${stringifyJson(v)}`);
  }
  if (!isList(v)) return done(description, `step ${step}, ${name} is ${describeKind(v)}: neither a list nor a string`);
  if (v.some((item) => subsetDifference(e.value, item) === undefined)) return done(description, undefined);
  const listed = v.slice(0, MAX_LISTED).map((item) => `\n  ${stringifyJson(item)}`).join('');
  const more = v.length > MAX_LISTED ? `\n  ... and ${v.length - MAX_LISTED} more` : '';
  return done(description, `step ${step}, no item of ${name} matches ${showValue(e.value)}; ${v.length === 0 ? 'the list is empty' : `the items are:${listed}${more}`}`);
}
