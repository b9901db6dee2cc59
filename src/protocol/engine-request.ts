import { SsaError } from '../errors/ssa-error.js';
import { decodeFieldsV1Value } from '../fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../fieldpath/fieldsv1-encode.js';
import { pathToString } from '../fieldpath/path-string.js';
import { apply } from '../merge/apply.js';
import type { EngineContext } from '../merge/context.js';
import type { ManagedFields, ManagerEntry } from '../merge/managers.js';
import type { EngineOutcome } from '../merge/outcome.js';
import { update } from '../merge/update.js';
import { issuesError } from '../typed/issues.js';
import { validate } from '../typed/validate.js';
import { compareStrings } from '../value/compare-strings.js';
import { type Value, type ValueMap, getKey, isMap } from '../value/value.js';
import type { SchemaSource } from './schema-source.js';
import { stringifyJson } from '../value/stringify-json.js';

/**
 * One engine request, in the reference vectors' format: a schema and root type, optionally a
 * live object and its managers, and the steps to run (engine-semantics, vectors README).
 */
export interface EngineStep {
  readonly op: 'apply' | 'update';
  readonly manager: string;
  readonly apiVersion: string;
  readonly object: Value;
  readonly force: boolean;
}

export interface EngineRequest {
  readonly schema: string;
  readonly schemaRef?: string;
  readonly type: string;
  readonly steps: readonly EngineStep[];
  readonly live: Value;
  readonly managed: readonly ManagedEntryJson[];
}

export interface ManagedEntryJson {
  readonly manager: string;
  readonly apiVersion: string;
  readonly applied: boolean;
  readonly fieldsV1: Value;
}

/** Checks the shape of a decoded JSON request; throws SsaError('INVALID_REQUEST') naming the field. */
export function parseEngineRequest(json: Value): EngineRequest {
  const req = expectMap(json, 'request');
  const schema = optional(req, 'schema', 'string', '') as string;
  const schemaRef = optional(req, 'schemaRef', 'string', undefined) as string | undefined;
  const type = optional(req, 'type', 'string', '') as string;
  const stepsJson = getKey(req, 'steps');
  if (!Array.isArray(stepsJson)) throw bad('"steps" must be a list of steps');
  const steps = stepsJson.map((s, i) => parseStep(s, i));
  const live = getKey(req, 'live') ?? null;
  const managedJson = getKey(req, 'managed') ?? [];
  if (!Array.isArray(managedJson)) throw bad('"managed" must be a list of entries');
  const managed = managedJson.map((m, i) => parseManaged(m, i));
  refuseNonFinite(live, 'live');
  steps.forEach((s, i) => refuseNonFinite(s.object, `steps[${i}].object`));
  return { schema, schemaRef, type, steps, live, managed };
}

/**
 * A JSON number beyond float64 (`1e400`) is an error where Go's decoder reads it (it cannot be
 * unmarshalled into a float64); JSON.parse makes it Infinity, which would be answered as null.
 */
function refuseNonFinite(root: Value, rootPath: string): void {
  // A walk with its own stack: objects nested deeper than the engine accepts get their own error later.
  const stack: { v: Value; path: () => string }[] = [{ v: root, path: () => rootPath }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'number' && !Number.isFinite(v)) throw bad(`${path()}: the number is beyond float64's range`);
    if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: () => `${path()}[${i}]` });
    else if (isMap(v)) for (const k of Object.keys(v).reverse()) stack.push({ v: v[k], path: () => `${path()}.${k}` });
  }
}

function parseStep(json: Value, i: number): EngineStep {
  const s = expectMap(json, `steps[${i}]`);
  const op = getKey(s, 'op');
  if (op !== 'apply' && op !== 'update') throw bad(`steps[${i}].op must be "apply" or "update"`);
  const manager = getKey(s, 'manager');
  if (typeof manager !== 'string') throw bad(`steps[${i}].manager must be a string`);
  const apiVersion = getKey(s, 'apiVersion');
  if (typeof apiVersion !== 'string' || apiVersion === '') throw bad(`steps[${i}].apiVersion must be a non-empty string`);
  const object = getKey(s, 'object');
  if (object === undefined) throw bad(`steps[${i}].object is missing`);
  const force = getKey(s, 'force') ?? false;
  if (typeof force !== 'boolean') throw bad(`steps[${i}].force must be a boolean`);
  return { op, manager, apiVersion, object, force };
}

function parseManaged(json: Value, i: number): ManagedEntryJson {
  const m = expectMap(json, `managed[${i}]`);
  const manager = getKey(m, 'manager');
  const apiVersion = getKey(m, 'apiVersion');
  const applied = getKey(m, 'applied') ?? false;
  const fieldsV1 = getKey(m, 'fieldsV1') ?? null;
  if (typeof manager !== 'string') throw bad(`managed[${i}].manager must be a string`);
  if (typeof apiVersion !== 'string') throw bad(`managed[${i}].apiVersion must be a string`);
  if (typeof applied !== 'boolean') throw bad(`managed[${i}].applied must be a boolean`);
  return { manager, apiVersion, applied, fieldsV1 };
}

/** Runs a request and returns its response as one JSON line (FieldsV1 bytes as the reference writes them). */
export function runEngineRequest(req: EngineRequest, schemas: SchemaSource): string {
  const ctx: EngineContext = { atom: schemas.rootAtom(req.schema, req.schemaRef, req.type) };
  let live: Value = req.live;
  let managers: ManagedFields = initialManagers(req.managed);
  if (live !== null) {
    const issues = validate(live, ctx.atom, { allowDuplicates: true });
    if (issues.length > 0) throw issuesError('INVALID_REQUEST', 'invalid live object: ', issues);
  }
  const results: string[] = [];
  for (const step of req.steps) {
    const outcome = runStep(ctx, live, managers, step);
    if (outcome.ok) {
      live = outcome.object;
      managers = outcome.managers;
      results.push(stepResultJson(live, managers));
    } else {
      results.push(stepResultJson(live, managers, outcome.error.message, outcome.conflicts));
    }
  }
  return `{"steps":[${results.join(',')}]}`;
}

function runStep(ctx: EngineContext, live: Value, managers: ManagedFields, step: EngineStep): EngineOutcome {
  return step.op === 'apply'
    ? apply(ctx, live, step.object, step.apiVersion, managers, step.manager, step.force)
    : update(ctx, live, step.object, step.apiVersion, managers, step.manager);
}

function initialManagers(entries: readonly ManagedEntryJson[]): ManagedFields {
  const out = new Map<string, ManagerEntry>();
  entries.forEach((e, i) => {
    let set;
    try {
      set = decodeFieldsV1Value(e.fieldsV1);
    } catch (err) {
      if (err instanceof SsaError) throw bad(`managed[${i}].fieldsV1: ${err.message}`);
      throw err;
    }
    if (!set.isEmpty()) out.set(e.manager, { set, apiVersion: e.apiVersion, applied: e.applied });
  });
  return out;
}

function stepResultJson(
  object: Value,
  managers: ManagedFields,
  error?: string,
  conflicts: readonly { manager: string; path: readonly unknown[] }[] = [],
): string {
  const parts: string[] = [];
  if (error !== undefined) {
    if (conflicts.length > 0) {
      const list = conflicts.map((c) => `{"manager":${JSON.stringify(c.manager)},"path":${JSON.stringify(pathToString(c.path as never))}}`);
      parts.push(`"conflicts":[${list.join(',')}]`);
    }
    parts.push(`"error":${JSON.stringify(error)}`);
  }
  const names = [...managers.keys()].sort(compareStrings);
  const managed = names.map((name) => {
    const e = managers.get(name)!;
    return `{"apiVersion":${JSON.stringify(e.apiVersion)},"applied":${e.applied},"fieldsV1":${encodeFieldsV1(e.set)},"manager":${JSON.stringify(name)}}`;
  });
  parts.push(`"managed":[${managed.join(',')}]`);
  parts.push(`"object":${stringifyJson(object)}`);
  return `{${parts.join(',')}}`;
}

function expectMap(v: Value, what: string): ValueMap {
  if (!isMap(v)) throw bad(`${what} must be a JSON object`);
  return v;
}

function optional(m: ValueMap, key: string, type: 'string', dflt: string | undefined): string | undefined {
  const v = getKey(m, key);
  if (v === undefined) return dflt;
  if (typeof v !== type) throw bad(`"${key}" must be a ${type}`);
  return v as string;
}

function bad(message: string): SsaError {
  return new SsaError('INVALID_REQUEST', message);
}
