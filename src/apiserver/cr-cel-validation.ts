/**
 * A CRD's `x-kubernetes-validations` (CEL rules) on a custom resource, as apiextensions-apiserver
 * 1.32 runs them (pkg/apiserver/schema/cel/validation.go, pkg/registry/customresource/strategy.go).
 *
 * The strategy's Validate and ValidateUpdate (also for `/scale`) and the status strategy's
 * ValidateUpdate run the rules over the whole object after the schema validation, unless one of
 * its errors is of a blocking type (NotSupported, Required, TooLong, TooMany, TypeInvalid): then a
 * single `<nil>: Invalid value: "null": some validation rules were not checked because the object
 * was invalid; correct the existing errors to complete validation` stands in for them.
 *
 * Each node's rules run with `self` its value (cel/cel-values.ts) and, on an update, `oldSelf` the
 * old value it correlates with: a property with the old object's same property, an item of an
 * `x-kubernetes-list-type: map` list with the old item of the same keys; items of other lists with
 * nothing. A rule that names `oldSelf` (a transition rule) runs only where there is an old value,
 * unless `optionalOldSelf` (then oldSelf is an optional). A null value runs no rules. The rules of
 * the root see also apiVersion, kind, metadata.name and metadata.generateName.
 *
 * A rule that is not true is a field error at the node (or at `fieldPath` under it): its
 * `message`, the value of its `messageExpression`, or `failed rule: <rule>`, of the type its
 * `reason` names (Invalid by default; Duplicate prints no message); an Invalid's value is the
 * schema's type (`spec: Invalid value: "object": ...`). A rule whose evaluation fails is Invalid
 * with `<error> evaluating rule: <rule>`. On the main resource's update (ratcheting, on in 1.32) a
 * failed rule that does not name oldSelf, at a node equal to its old value (or under an unchanged
 * node that correlates nothing), is a warning with the error's text instead.
 *
 * What is not evaluated is never a silent pass: a rule the evaluator cannot compile or run (a
 * function or overload of Kubernetes' libraries it does not have), rules under allOf, or no
 * evaluator at all, each give a warning naming the field path and the rule. Not modelled: the
 * cost budget and the compilation of rules when the CRD is written.
 */
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';
import { celEngine, firstLine, type CelEngine } from './cel/engine.js';
import { celValue, withTypeAndObjectMeta } from './cel/cel-values.js';
import { NOT_MODELLED } from './cel/kube-library.js';
import { duplicate, forbidden, invalidValue, required } from './field-error.js';
import { fieldErrorBody, type FieldError } from './status.js';

export interface CelOutcome {
  readonly errors: FieldError[];
  readonly warnings: string[];
}

/** Whether any node of `schema` has a rule (hasXValidations): only then is there a CEL validator. */
export function hasCelRules(schema: Value | undefined): boolean {
  if (!isMap(schema)) return false;
  const rules = getKey(schema, 'x-kubernetes-validations');
  if (isList(rules) && rules.length > 0) return true;
  const properties = getKey(schema, 'properties');
  if (isMap(properties) && Object.values(properties).some(hasCelRules)) return true;
  return hasCelRules(getKey(schema, 'items')) || hasCelRules(getKey(schema, 'additionalProperties'));
}

const BLOCKING = new Set<FieldError['type']>(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);

/** hasBlockingErr's stand-in error, or undefined when the rules may run after `errors`. */
export function blockingError(errors: readonly FieldError[]): FieldError | undefined {
  if (!errors.some((e) => BLOCKING.has(e.type))) return undefined;
  return { type: 'FieldValueInvalid', field: '<nil>', value: '"null"', detail: 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation' };
}

/**
 * The rules' errors and warnings for `obj` (`old` on an update); `ratchet`: the main resource's
 * update, whose unchanged values keep their errors as warnings.
 */
export function celRuleErrors(schema: Value | undefined, obj: Value, old: Value | undefined, ratchet: boolean): CelOutcome {
  const out: CelOutcome = { errors: [], warnings: [] };
  if (!isMap(schema) || !hasCelRules(schema)) return out;
  const engine = celEngine();
  const root: Correlation = ratchet && old !== undefined ? { current: { now: obj, old } } : {};
  walk({ engine, out }, schema, '', obj, old, root, true);
  return out;
}

interface Run {
  readonly engine: CelEngine | undefined;
  readonly out: CelOutcome;
}

/** A value and the old value it correlates with. */
interface Pair {
  readonly now: Value;
  readonly old: Value;
}

/** ratchetingOptions: the node's correlation, or the nearest correlated ancestor's. */
interface Correlation {
  readonly current?: Pair;
  readonly parent?: Pair;
}

function shouldRatchet(c: Correlation): boolean {
  const p = c.current ?? c.parent;
  return p !== undefined && deepEqual(p.now, p.old);
}

function byKey(c: Correlation, key: string, atRoot: boolean): Correlation {
  if (c.current === undefined) return c;
  if (atRoot && (key === 'apiVersion' || key === 'kind')) return {};
  const { now, old } = c.current;
  const next = isMap(now) && isMap(old) && Object.hasOwn(now, key) && Object.hasOwn(old, key) ? { now: now[key] as Value, old: old[key] as Value } : undefined;
  return next ? { current: next, parent: c.current } : { parent: c.current };
}

function byItem(c: Correlation, item: Value, oldItem: Value | undefined): Correlation {
  if (c.current === undefined) return c;
  return oldItem !== undefined ? { current: { now: item, old: oldItem }, parent: c.current } : { parent: c.current };
}

function child(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}

function walk(run: Run, schema: ValueMap, path: string, obj: Value, old: Value | undefined, corr: Correlation, atRoot: boolean): void {
  if (obj === null) return;
  rulesAt(run, atRoot ? withTypeAndObjectMeta(schema) : schema, path, obj, old, corr);
  const allOf = getKey(schema, 'allOf');
  if (isList(allOf)) {
    for (const branch of allOf) {
      const rules = isMap(branch) ? getKey(branch, 'x-kubernetes-validations') : undefined;
      for (const r of isList(rules) ? rules : []) notEvaluated(run, path, ruleText(r), 'rules under allOf are not modelled');
    }
  }
  if (isList(obj)) {
    const items = getKey(schema, 'items');
    if (!isMap(items)) return;
    obj.forEach((item, i) => {
      const oldItem = correlatedItem(schema, old, item);
      walk(run, items, `${path}[${i}]`, item, oldItem, byItem(corr, item, oldItem), false);
    });
    return;
  }
  if (!isMap(obj)) return;
  const oldMap = isMap(old) ? old : undefined;
  const oldOf = (k: string) => (oldMap && Object.hasOwn(oldMap, k) ? (oldMap[k] as Value) : undefined);
  const additional = getKey(schema, 'additionalProperties');
  if (isMap(additional)) {
    for (const [k, v] of Object.entries(obj)) walk(run, additional, `${path}[${k}]`, v, oldOf(k), byKey(corr, k, atRoot), false);
  }
  const properties = getKey(schema, 'properties');
  if (isMap(properties)) {
    for (const [k, sub] of Object.entries(properties)) {
      if (isMap(sub) && Object.hasOwn(obj, k)) walk(run, sub, child(path, k), obj[k] as Value, oldOf(k), byKey(corr, k, atRoot), false);
    }
  }
}

/** The old item a map-list's item correlates with: the one with the same values at every key. */
function correlatedItem(schema: ValueMap, old: Value | undefined, item: Value): Value | undefined {
  if (!isList(old) || getKey(schema, 'x-kubernetes-list-type') !== 'map' || !isMap(item)) return undefined;
  const keys = getKey(schema, 'x-kubernetes-list-map-keys');
  if (!isList(keys)) return undefined;
  return old.find((o) => isMap(o) && keys.every((k) => typeof k === 'string' && deepEqual(getKey(o, k) ?? null, getKey(item, k) ?? null)));
}

function ruleText(r: Value): string {
  const rule = isMap(r) ? getKey(r, 'rule') : undefined;
  return typeof rule === 'string' ? rule : '';
}

function notEvaluated(run: Run, path: string, rule: string, why: string): void {
  run.out.warnings.push(`${path === '' ? '<nil>' : path}: x-kubernetes-validations rule not evaluated by ssa-sim (${why}): ${rule.trim()}`);
}

/** Whether the expression names the identifier oldSelf (outside string literals). */
function usesOldSelf(rule: string): boolean {
  const code = rule.replace(/(?:[rRbB]{0,2})("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')/g, '""');
  return /(?<![\w.])oldSelf\b/.test(code);
}

function str(m: ValueMap, key: string): string | undefined {
  const v = getKey(m, key);
  return typeof v === 'string' ? v : undefined;
}

/** validateExpressions: each rule of the node, in order. */
function rulesAt(run: Run, schema: ValueMap, path: string, obj: Value, oldValue: Value | undefined, corr: Correlation): void {
  const rules = getKey(schema, 'x-kubernetes-validations');
  // A null old value is no old value (validateExpressions' guard against a nil oldObj).
  const old = oldValue === null ? undefined : oldValue;
  if (!isList(rules) || rules.length === 0) return;
  const field = path === '' ? '<nil>' : path;
  const type = str(schema, 'type') ?? '';
  let self: unknown;
  let oldSelf: unknown;
  let converted = false;
  for (const r of rules) {
    if (!isMap(r)) continue;
    const rule = str(r, 'rule') ?? '';
    if (rule.trim() === '') continue;
    const optionalOldSelf = getKey(r, 'optionalOldSelf') === true;
    const transition = usesOldSelf(rule);
    if (transition && old === undefined && !optionalOldSelf) continue;
    const engine = run.engine;
    if (engine === undefined) {
      notEvaluated(run, path, rule, 'no CEL evaluator in this runtime');
      continue;
    }
    const compiled = engine.compile(rule, optionalOldSelf);
    if ('unsupported' in compiled) {
      notEvaluated(run, path, rule, compiled.unsupported);
      continue;
    }
    if (!converted) {
      const conv = { duration: (t: string) => engine.duration(t) };
      self = celValue(obj, schema, conv);
      oldSelf = old === undefined ? undefined : celValue(old, schema, conv);
      converted = true;
    }
    const vars = { self, oldSelf: optionalOldSelf ? (oldSelf === undefined ? engine.none() : engine.some(oldSelf)) : oldSelf };
    const message = str(r, 'message') ?? '';
    const errorString = message.length > 0 ? message.trim() : rule.trim();
    let result: unknown;
    try {
      result = compiled.run(vars);
    } catch (e) {
      const text = firstLine(e instanceof Error ? e.message : String(e));
      if (unsupportedAtRun(text)) notEvaluated(run, path, rule, text);
      else run.out.errors.push(invalidValue(field, type, `${goCelError(text)} evaluating rule: ${errorString}`));
      continue;
    }
    if (result === true) continue;
    const at = withFieldPath(field, path, str(r, 'fieldPath'), schema);
    const fallback = message.length > 0 ? message.trim() : `failed rule: ${rule.trim()}`;
    const expression = str(r, 'messageExpression');
    const detail = expression ? messageOf(run, path, engine, expression, { self, oldSelf }) ?? fallback : fallback;
    const error = reasonError(str(r, 'reason'), at, type, detail);
    if (!transition && shouldRatchet(corr)) run.out.warnings.push(`${error.field}: ${fieldErrorBody(error)}`);
    else run.out.errors.push(error);
  }
}

/**
 * evalMessageExpression: a non-empty one-line string of at most 5 KiB, trimmed; else (an error, as
 * in kube) the rule's message. One we cannot compile or run is that too, with a warning.
 */
function messageOf(run: Run, path: string, engine: CelEngine, expression: string, vars: Record<string, unknown>): string | undefined {
  const compiled = engine.compile(expression, false);
  if ('unsupported' in compiled) {
    messageNotEvaluated(run, path, expression, compiled.unsupported);
    return undefined;
  }
  try {
    const v = compiled.run(vars);
    if (typeof v !== 'string') return undefined;
    const t = v.trim();
    return t === '' || t.includes('\n') || new TextEncoder().encode(t).length > 5 * 1024 ? undefined : t;
  } catch (e) {
    const text = firstLine(e instanceof Error ? e.message : String(e));
    if (unsupportedAtRun(text)) messageNotEvaluated(run, path, expression, text);
    return undefined;
  }
}

function messageNotEvaluated(run: Run, path: string, expression: string, why: string): void {
  run.out.warnings.push(`${path === '' ? '<nil>' : path}: x-kubernetes-validations messageExpression not evaluated by ssa-sim (${why}): ${expression.trim()}`);
}

/** A failure of the evaluator, not of the rule: an overload or function it lacks, or one we do not model. */
function unsupportedAtRun(text: string): boolean {
  return /no matching overload|no such overload|Unknown variable|Cannot index type/i.test(text) || text.includes(NOT_MODELLED);
}

function reasonError(reason: string | undefined, field: string, type: string, detail: string): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return forbidden(field, detail);
    case 'FieldValueRequired':
      return required(field, detail);
    case 'FieldValueDuplicate':
      return duplicate(field, type);
    default:
      return invalidValue(field, type, detail);
  }
}

/** cel-go's texts for the evaluation errors whose wording differs. */
function goCelError(text: string): string {
  // unstructuredList.Get (k8s.io/apiserver pkg/cel/common/values.go)
  const index = /^No such key: index out of bounds, index (-?\d+)/.exec(text);
  if (index) return `index out of bounds: ${index[1]}`;
  const key = /^No such key: (.*)$/.exec(text);
  if (key) return `no such key: ${key[1]}`;
  return text;
}

/**
 * The error's path with the rule's `fieldPath` (ValidFieldPath, then Path.Child of its text):
 * `.name` steps into a property (or a map's key), `['name']` likewise; keys print as `[name]`.
 */
function withFieldPath(field: string, path: string, fieldPath: string | undefined, schema: ValueMap): string {
  if (fieldPath === undefined || fieldPath === '') return field;
  let s: ValueMap | undefined = schema;
  let out = '';
  const re = /\.([^.[\]]+)|\['((?:\\.|[^'\\])*)'\]/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(fieldPath)) !== null) {
    end = re.lastIndex;
    const name = m[1] ?? (m[2] ?? '').replace(/\\(.)/g, '$1');
    const properties: Value | undefined = s ? getKey(s, 'properties') : undefined;
    if (isMap(properties)) {
      out = out === '' ? name : `${out}.${name}`;
      const sub: Value | undefined = properties[name];
      s = isMap(sub) ? sub : undefined;
    } else {
      out = `${out}[${name}]`;
      const additional: Value | undefined = s ? getKey(s, 'additionalProperties') : undefined;
      s = isMap(additional) ? additional : undefined;
    }
  }
  if (end !== fieldPath.length || out === '') return field;
  return path === '' ? out : `${path}.${out}`;
}

function deepEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (isList(a) && isList(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i] as Value));
  if (isMap(a) && isMap(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k] as Value, b[k] as Value));
  }
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return Number(a) === Number(b);
  return false;
}
