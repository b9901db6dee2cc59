/**
 * Engine scenarios: the merge library alone, exactly as the reference vectors run it. Managers
 * are plain names, apiVersions are whatever the steps say, and no API server rule applies
 * (no managedFields entries, no time, no `kubectl` exception). Any reference case is such a
 * scenario.
 */
import { freeze } from 'immer';
import { SsaError } from '../errors/ssa-error.js';
import { decodeFieldsV1Value } from '../fieldpath/fieldsv1-decode.js';
import { pathToString } from '../fieldpath/path-string.js';
import { apply } from '../merge/apply.js';
import type { EngineContext } from '../merge/context.js';
import type { ManagedFields, ManagerEntry } from '../merge/managers.js';
import type { EngineOutcome } from '../merge/outcome.js';
import { update } from '../merge/update.js';
import { SchemaSource } from '../protocol/schema-source.js';
import type { Atom } from '../schema/schema.js';
import { issuesError } from '../typed/issues.js';
import { validate } from '../typed/validate.js';
import { getKey, isMap, type Value } from '../value/value.js';
import type { Scenario, ScenarioStep } from './model.js';
import { atKey } from './at-key.js';
import { ownersFromEngine } from './owners.js';
import type { ActionResult, ModeRunner, RunEnvironment, Snapshot } from './run-types.js';

export interface EngineState {
  readonly object: Value;
  readonly managers: ManagedFields;
}

export const ENGINE_OBJECT_DISPLAY = 'the object';

export function engineSnapshot(state: EngineState, atom: Atom, frozen = true): Snapshot {
  const snapshot: Snapshot = {
    time: undefined,
    objects: [{ display: ENGINE_OBJECT_DISPLAY, ref: undefined, object: state.object, owners: ownersFromEngine(state.managers), type: { get: () => atom } }],
    state,
  };
  return frozen ? freeze(snapshot, true) : snapshot;
}

/** One schema cache for every engine scenario of a process (schemas are immutable). */
const sharedSchemas = new SchemaSource();

export function engineContext(scenario: Scenario, env: RunEnvironment, schemas: SchemaSource = sharedSchemas): EngineContext {
  const spec = scenario.schema;
  try {
    switch (spec.kind) {
      case 'deduced':
        return { atom: schemas.rootAtom('', undefined, '') };
      case 'inline':
        return { atom: schemas.rootAtom(spec.text, undefined, spec.type) };
      case 'file':
        return { atom: schemas.rootAtom(atKey('schema.file', () => env.readFile(spec.path, spec.source)), undefined, spec.type) };
      default:
        throw new SsaError('INPUT', 'engine scenarios take a schema (`type` with `yaml` or `file`) or `deduced`', { source: spec.source });
    }
  } catch (err) {
    if (err instanceof SsaError && err.source === undefined && 'source' in spec) {
      throw new SsaError(err.code, `schema: ${err.message}`, { source: spec.source });
    }
    throw err;
  }
}

export function engineRunner(scenario: Scenario, env: RunEnvironment, schemas?: SchemaSource): ModeRunner {
  const ctx = engineContext(scenario, env, schemas);
  const initialManagers = new Map<string, ManagerEntry>();
  for (const m of scenario.managed) {
    let set;
    try {
      set = decodeFieldsV1Value(m.fieldsV1 ?? {});
    } catch (err) {
      throw new SsaError('INPUT', `managed: ${m.manager}: fieldsV1: ${(err as Error).message}`, { source: m.source });
    }
    if (!set.isEmpty()) initialManagers.set(m.manager, { set, apiVersion: m.apiVersion ?? 'v1', applied: m.operation === 'Apply' });
  }
  if (scenario.live !== null) {
    const issues = validate(scenario.live, ctx.atom, { allowDuplicates: true });
    if (issues.length > 0) throw issuesError('INPUT', 'live: invalid object: ', issues);
  }
  const frozen = env.freezeSnapshots ?? true;
  const initial = engineSnapshot({ object: scenario.live, managers: initialManagers }, ctx.atom, frozen);
  return {
    initial,
    run: (step, before) => {
      const { result, next } = runEngineStep(ctx, step, before.state as EngineState);
      return { result, after: next ? engineSnapshot(next, ctx.atom, frozen) : before };
    },
  };
}

function runEngineStep(ctx: EngineContext, step: ScenarioStep, state: EngineState): { result: ActionResult; next?: EngineState } {
  const args = step.args;
  if (!isMap(args)) throw new SsaError('INPUT', `steps[${step.index}].${step.action}: expected a map`, { source: step.source });
  const manager = getKey(args, 'manager') as string;
  const apiVersion = (getKey(args, 'apiVersion') as string | undefined) ?? 'v1';
  const object = getKey(args, 'object') ?? null;
  const force = getKey(args, 'force') === true;
  let outcome: EngineOutcome;
  try {
    outcome =
      step.action === 'apply'
        ? apply(ctx, state.object, object, apiVersion, state.managers, manager, force)
        : update(ctx, state.object, object, apiVersion, state.managers, manager);
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    outcome = { ok: false, error: err, conflicts: [] };
  }
  const summary =
    step.action === 'apply'
      ? `${force ? 'force-apply' : 'apply'} by ${manager} at ${apiVersion}`
      : `update by ${manager} at ${apiVersion}`;
  if (!outcome.ok) {
    const result: ActionResult = {
      ok: false,
      summary,
      stdout: '',
      stderr: outcome.error.message + '\n',
      exitCode: 1,
      error: outcome.error.message,
      conflicts: outcome.conflicts.map((c) => ({ manager: c.manager, path: pathToString(c.path) })),
      touched: [],
      notes: [],
    };
    return { result };
  }
  const next: EngineState = { object: outcome.object, managers: outcome.managers };
  const result: ActionResult = {
    ok: true,
    summary,
    stdout: `${outcome.changed ? 'object changed' : 'object unchanged'}\n`,
    stderr: '',
    exitCode: 0,
    error: undefined,
    conflicts: [],
    touched: [],
    notes: [],
  };
  return { result, next };
}
