/**
 * Scenario file → Scenario. Checks the whole structure up front so that a typo fails before any
 * step runs, each problem naming file:line:column, the path inside the file and what was expected.
 */
import { isMap, newMap, type Value } from '../value/value.js';
import { actions, fileOptions, isActionName } from '../actors/index.js';
import { closestWord } from '../errors/closest-word.js';
import { DocNode } from './doc-reader.js';
import type {
  ClockSpec,
  ConflictSpec,
  Expectation,
  LocatedExpectation,
  ManagedEntrySpec,
  ObjectRef,
  RequestSpec,
  Scenario,
  ScenarioMode,
  ScenarioStep,
  SchemaSpec,
  ValueSource,
} from './model.js';
import { readYamlDocument, segsKey } from './read-yaml.js';
import { clockOverrun, DEFAULT_START, LAST_TIME } from './scenario-clock.js';
import { isScenarioTime, readOptionValue } from './read-option-value.js';
import { isVerb, PRECONDITION_KEYS, REQUEST_KEYS, REQUEST_OPTION_KEYS, TARGET_KEYS, VERBS } from './request-keys.js';

const TOP_KEYS = ['name', 'description', 'learn', 'mode', 'schema', 'clock', 'live', 'managed', 'objects', 'steps'];
const STEP_KEYS = ['title', 'explain', 'expect', 'wait'];
export const ENGINE_ACTIONS = ['apply', 'update'] as const;
const EXPECT_KEYS = [
  'target',
  'succeeds',
  'error',
  'stdout',
  'stderr',
  'stdoutIncludes',
  'stderrIncludes',
  'exitCode',
  'conflicts',
  'owners',
  'absent',
  'object',
  'objectExactly',
  'managedFields',
  'managedFieldsExactly',
  'changes',
  'exists',
  'unchangedSince',
  'length',
  'contains',
  'response',
  'requests',
  'requestsExactly',
];
/** Expectations about the API server's answers and the wire: cluster scenarios only. */
const CLUSTER_ONLY_KEYS: Readonly<Record<string, string>> = {
  exists: 'engine scenarios have one object; `exists` is for cluster scenarios',
  response: 'engine scenarios have no API server responses; `response` is for cluster scenarios',
  requests: 'engine scenarios send no requests; `requests` is for cluster scenarios',
  requestsExactly: 'engine scenarios send no requests; `requestsExactly` is for cluster scenarios',
};
const RESPONSE_KEYS = ['code', 'body', 'bodyExactly', 'length', 'contains'];
const REQUEST_SPEC_KEYS = ['method', 'path', 'query', 'contentType', 'body', 'bodyExactly'];
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ACTION_NAME = /^[a-z][a-zA-Z0-9-]*(?:\.[a-z][a-zA-Z0-9-]*)*$/;

/**
 * A Kubernetes object given as a scenario (a manifest, a capture: apiVersion and kind, no steps)
 * is named as what it is, with the command that takes it, rather than its first key refused.
 */
function notAnObject(root: DocNode, file: string): void {
  const text = (key: string) => {
    const v = root.get(key)?.value;
    return typeof v === 'string' ? v : undefined;
  };
  const apiVersion = text('apiVersion');
  const kind = text('kind');
  if (apiVersion === undefined || kind === undefined || root.get('steps') !== undefined) return;
  throw root.error(
    `a Kubernetes object (${apiVersion} ${kind}), not a scenario: a scenario is a map with name and steps (docs/scenarios.md); ssa-sim preview -f ${file} --live LIVE says what applying it would do`,
  );
}

/** Parses scenario text; `file` names it in errors. Throws SsaError('INPUT'). */
export function parseScenario(text: string, file: string): Scenario {
  const doc = readYamlDocument(text, file);
  const consumed = new Set<string>();
  const root = new DocNode(doc, [], doc.value, consumed);
  root.map('a scenario: a map with name, steps and the other keys of docs/scenarios.md');
  notAnObject(root, file);
  root.onlyKeys(TOP_KEYS);

  const name = root.require('name', "the scenario's name").string('a string (the scenario\'s name)');
  const description = optionalString(root.get('description'));
  const learn = stringOrList(root.get('learn'));
  const modeNode = root.get('mode');
  let mode: ScenarioMode = 'cluster';
  if (modeNode) {
    const m = modeNode.string('"engine" or "cluster"');
    if (m !== 'engine' && m !== 'cluster') throw modeNode.expected('"engine" or "cluster"');
    mode = m;
  }
  const schema = parseSchemaSpec(root.get('schema'), mode);
  const clock = root.get('clock') ? parseClock(root.get('clock')!) : undefined;

  let live: Value = null;
  let managed: ManagedEntrySpec[] = [];
  let objects: Value[] = [];
  if (mode === 'engine') {
    if (root.get('objects')) throw root.get('objects')!.error('engine scenarios start from `live` and `managed`, not `objects`', 'key');
    if (clock) throw root.get('clock')!.error('engine scenarios have no clock (the merge library records no time)', 'key');
    live = root.get('live')?.value ?? null;
    const m = root.get('managed');
    if (m) managed = m.items('a list of managedFields entries').map((n) => parseManagedEntry(n, true));
  } else {
    for (const k of ['live', 'managed']) {
      if (root.get(k)) throw root.get(k)!.error(`\`${k}\` is for engine scenarios (mode: engine); a cluster scenario lists its starting \`objects\``, 'key');
    }
    const o = root.get('objects');
    if (o) {
      objects = o.items('a list of Kubernetes objects').map((n) => {
        const m = n.map('a Kubernetes object (a map with apiVersion, kind and metadata)');
        for (const k of ['apiVersion', 'kind']) if (typeof m[k] !== 'string') throw n.error(`missing "${k}": expected a Kubernetes object`);
        return n.value;
      });
    }
  }

  const stepsNode = root.require('steps', 'a list of steps');
  const steps = stepsNode.items('a list of steps').map((n, i) => parseStep(n, i, mode));
  if (steps.length === 0) throw stepsNode.error('expected at least one step');
  if (mode === 'cluster') checkClock(root, clock, stepsNode, steps);

  return {
    file,
    name,
    description,
    learn,
    mode,
    schema,
    clock,
    live,
    managed,
    objects,
    steps,
    warnings: doc.warnings.filter((w) => !consumed.has(segsKey(w.segs ?? []))),
    positionOf: (segs, at) => doc.positionOf(segs, at),
    positionInText: (segs, line, column) => doc.positionInText(segs, line, column),
  };
}

function optionalString(n: DocNode | undefined): string {
  return n ? n.string() : '';
}

function stringOrList(n: DocNode | undefined): string[] {
  if (!n) return [];
  if (typeof n.value === 'string') return [n.value];
  return n.items('a string or a list of strings').map((i) => i.string());
}

function parseSchemaSpec(n: DocNode | undefined, mode: ScenarioMode): SchemaSpec {
  if (!n) return mode === 'engine' ? { kind: 'deduced' } : { kind: 'catalog', builtin: true, schemaFiles: [], crdFiles: [], source: {} };
  if (typeof n.value === 'string') {
    if (n.value === 'deduced') return { kind: 'deduced' };
    if (n.value === 'builtin' && mode === 'cluster') return { kind: 'catalog', builtin: true, schemaFiles: [], crdFiles: [], source: n.source };
    throw n.expected(mode === 'engine' ? '"deduced" or a map with type and yaml (or file)' : '"builtin", "deduced" or a map');
  }
  n.map();
  if (mode === 'engine') {
    n.onlyKeys(['type', 'yaml', 'file', 'deduced']);
    if (n.get('deduced')?.value === true) return { kind: 'deduced' };
    const type = n.require('type', 'the name of the root type').string();
    const yaml = n.get('yaml');
    const file = n.get('file');
    if (yaml && file) throw file.error('give the schema either inline (`yaml`) or in a file (`file`), not both', 'key');
    if (yaml) return { kind: 'inline', text: yaml.string('the schema YAML as a string (use `yaml: |`)'), type, source: yaml.source };
    if (file) return { kind: 'file', path: file.string('a file name'), type, source: file.source };
    throw n.error('missing "yaml" or "file": expected the schema');
  }
  n.onlyKeys(['builtin', 'files', 'crds', 'deduced']);
  if (n.get('deduced')?.value === true) return { kind: 'deduced' };
  const builtin = n.get('builtin') ? n.get('builtin')!.boolean() : true;
  const schemaFiles = n.get('files') ? n.get('files')!.items('a list of schema files').map((f) => f.string('a file name')) : [];
  const crdFiles = n.get('crds') ? n.get('crds')!.items('a list of CRD files').map((f) => f.string('a file name')) : [];
  return { kind: 'catalog', builtin, schemaFiles, crdFiles, source: n.source };
}

const DURATION = /^(\d+)(s|m|h)$/;

/** `90s`, `5m`, `2h` or a number of seconds. */
export function parseDuration(n: DocNode): number {
  if (typeof n.value === 'number' && Number.isInteger(n.value) && n.value >= 0) return n.value;
  const m = typeof n.value === 'string' ? DURATION.exec(n.value) : null;
  if (!m) throw n.expected('a duration such as 30s, 5m or 2h');
  return Number(m[1]) * (m[2] === 's' ? 1 : m[2] === 'm' ? 60 : 3600);
}


function parseClock(n: DocNode): ClockSpec {
  n.map('a map with start (an RFC 3339 time) and tick (a duration)');
  n.onlyKeys(['start', 'tick']);
  const startNode = n.require('start', 'an RFC 3339 time such as 2022-08-23T10:00:00Z');
  const start = startNode.string('an RFC 3339 time such as 2022-08-23T10:00:00Z');
  if (!isScenarioTime(start)) throw startNode.expected('an RFC 3339 time such as 2022-08-23T10:00:00Z');
  const tick = n.get('tick');
  return { start, tickSeconds: tick ? parseDuration(tick) : 60 };
}

/** The clock must stay within the times Kubernetes can write, through every wait and tick. */
function checkClock(root: DocNode, clock: ClockSpec | undefined, stepsNode: DocNode, steps: readonly ScenarioStep[]): void {
  const overrun = clockOverrun(clock?.start ?? DEFAULT_START, clock?.tickSeconds ?? 60, steps.map((s) => s.waitSeconds));
  if (!overrun) return;
  const when = overrun.by === 'wait' ? `before step ${overrun.step}` : `after step ${overrun.step}`;
  const message = `${when} the clock would be past ${LAST_TIME}, the last time a managedFields entry can hold`;
  const clockNode = root.get('clock');
  const node =
    overrun.by === 'wait'
      ? stepsNode.items('a list of steps')[overrun.step].get('wait')
      : (clockNode?.get('tick') ?? clockNode?.get('start'));
  if (node) throw node.error(message);
  throw stepsNode.error(message);
}

function parseManagedEntry(n: DocNode, engine: boolean): ManagedEntrySpec {
  n.map('a managedFields entry (a map with manager, operation, apiVersion, fieldsV1)');
  n.onlyKeys(['manager', 'operation', 'apiVersion', 'subresource', 'time', 'fieldsType', 'fieldsV1', 'applied']);
  const manager = n.require('manager', "the manager's name").string();
  let operation: 'Apply' | 'Update' | undefined;
  const op = n.get('operation');
  if (op) {
    const o = op.string('Apply or Update');
    if (o !== 'Apply' && o !== 'Update') throw op.expected('Apply or Update');
    operation = o;
  }
  const applied = n.get('applied');
  if (applied) {
    const a = applied.boolean();
    if (operation && (operation === 'Apply') !== a) throw applied.error('contradicts `operation`');
    operation = a ? 'Apply' : 'Update';
  }
  const ft = n.get('fieldsType');
  if (ft && ft.value !== 'FieldsV1') throw ft.expected('FieldsV1');
  let fieldsV1: Value | undefined;
  let fieldsV1Text: string | undefined;
  const f = n.get('fieldsV1');
  if (f) {
    if (typeof f.value === 'string') {
      fieldsV1Text = f.value;
      try {
        fieldsV1 = JSON.parse(f.value) as Value;
      } catch (err) {
        throw f.error(`expected FieldsV1 JSON text: ${(err as Error).message}`);
      }
    } else {
      fieldsV1 = f.map('FieldsV1: a map such as {"f:data": {"f:key": {}}} or its JSON text');
    }
  }
  const str = (k: string): string | undefined => n.get(k)?.string();
  const time = n.get('time');
  if (time && (typeof time.value !== 'string' || !isScenarioTime(time.value))) throw time.expected('an RFC 3339 time such as 2022-08-23T10:00:00Z');
  if (engine && n.get('subresource')) throw n.get('subresource')!.error('engine scenarios have no subresources', 'key');
  return {
    manager,
    operation,
    apiVersion: str('apiVersion'),
    subresource: str('subresource'),
    time: time?.value as string | undefined,
    fieldsV1,
    fieldsV1Text,
    source: n.source,
  };
}

/**
 * One cluster-mode step read from any document (such as `addon-check`'s customizations file): the
 * same checks as in a scenario, its positions in that document.
 */
export function parseClusterStep(n: DocNode, index: number): ScenarioStep {
  return parseStep(n, index, 'cluster');
}

function parseStep(n: DocNode, index: number, mode: ScenarioMode): ScenarioStep {
  n.map('a step: a map with one action (such as apply or update) and optional title, explain, expect');
  const actionKeys = n.keys().filter((k) => !STEP_KEYS.includes(k));
  if (mode === 'engine') n.onlyKeys([...STEP_KEYS.filter((k) => k !== 'wait'), ...ENGINE_ACTIONS]);
  if (actionKeys.length === 0) throw n.error(`missing the action: expected one of ${mode === 'engine' ? ENGINE_ACTIONS.join(', ') : 'the actor actions of docs/scenarios.md'}`);
  if (actionKeys.length > 1) {
    throw n.get(actionKeys[1])!.error(`a step has exactly one action; found ${actionKeys.map((k) => `"${k}"`).join(' and ')}`, 'key');
  }
  const action = actionKeys[0];
  if (!ACTION_NAME.test(action)) throw n.get(action)!.error(`${JSON.stringify(action)} is not an action name`, 'key');
  const argsNode = n.get(action)!;
  let args = argsNode.value;
  if (mode === 'engine') checkEngineArgs(argsNode, action);
  else args = checkClusterArgs(argsNode, action);
  const expectNode = n.get('expect');
  const expectations = expectNode ? parseExpectBlock(expectNode, mode) : [];
  const title = n.get('title') ? n.get('title')!.string() : '';
  const waitNode = n.get('wait');
  if (waitNode && mode === 'engine') throw waitNode.error('engine scenarios have no clock', 'key');
  const waitSeconds = waitNode ? parseDuration(waitNode) : undefined;
  const explain = n.get('explain') ? n.get('explain')!.string() : '';
  return { index, title, explain, action, args, argsSegs: argsNode.segs, expectations, waitSeconds, source: n.source };
}

function checkEngineArgs(n: DocNode, action: string): void {
  n.map(`the ${action}: a map with manager, apiVersion and object`);
  n.onlyKeys(action === 'apply' ? ['manager', 'apiVersion', 'object', 'force'] : ['manager', 'apiVersion', 'object']);
  n.require('manager', "the manager's name").string("the manager's name");
  n.get('apiVersion')?.string('an apiVersion such as v1');
  n.require('object', 'the object (null for an empty one)');
  n.get('force')?.boolean();
}

/**
 * The step's action is one the runner knows, and each of its options is one the action declares,
 * of the type it declares. Returns the options as the actor gets them (see readOptionValue).
 */
function checkClusterArgs(n: DocNode, action: string): Value {
  if (action === 'request') {
    checkRequest(n);
    return n.value;
  }
  if (!isActionName(action)) {
    const near = closestWord(action, [...Object.keys(actions), 'request']);
    throw n.error(
      `unknown action ${JSON.stringify(action)}${near ? ` (did you mean "${near}"?)` : ''}: expected request or an actor action (kubectl-apply, kubectl-set-env, eks-update-addon, ...; see docs/scenarios.md)`,
      'key',
    );
  }
  if (n.value === null) return null;
  n.map(`the options of ${action}: a map (see docs/actors.md)`);
  const declared = fileOptions(action);
  n.onlyKeys([...declared.keys()]);
  const out = newMap();
  for (const key of n.keys()) out[key] = readOptionValue(n.get(key)!, declared.get(key)!, key);
  return out;
}

function checkRequest(n: DocNode): void {
  n.map('a request: a map with verb and the fields of that verb (see src/apiserver/types.ts)');
  const verbNode = n.require('verb', `one of ${VERBS.join(', ')}`);
  const verb = verbNode.value;
  if (!isVerb(verb)) throw verbNode.expected(`one of ${VERBS.join(', ')}`);
  n.onlyKeys(Object.keys(REQUEST_KEYS[verb]));
  const target = n.get('target');
  if (target?.isMap()) target.onlyKeys(TARGET_KEYS);
  const options = n.get('options');
  if (options?.isMap()) {
    options.onlyKeys(REQUEST_OPTION_KEYS[verb]);
    checkRequestOptionTypes(options);
  }
}

/**
 * Option values have the types the API server's request options take (query parameters are
 * strings, force a boolean, dryRun true/false or the raw values, a delete's preconditions a map of
 * strings), checked here where they are read
 * rather than failing inside the server.
 */
function checkRequestOptionTypes(options: DocNode): void {
  for (const key of options.keys()) {
    const v = options.get(key)!;
    if (key === 'force') v.boolean();
    else if (key === 'preconditions') {
      v.map('a map with uid and resourceVersion');
      v.onlyKeys(PRECONDITION_KEYS);
      for (const k of v.keys()) v.get(k)!.string();
    } else if (key === 'dryRun') {
      if (typeof v.value !== 'boolean') v.items('true, false or a list of dryRun values such as [All]').forEach((i) => i.string());
    } else v.string();
  }
}

function parseExpectBlock(n: DocNode, mode: ScenarioMode): LocatedExpectation[] {
  if (Array.isArray(n.value)) return n.items().flatMap((i) => parseExpectMap(i, mode));
  return parseExpectMap(n, mode);
}

function parseExpectMap(n: DocNode, mode: ScenarioMode): LocatedExpectation[] {
  n.map('expectations: a map such as {conflicts: [...], owners: {...}} (or a list of such maps)');
  n.onlyKeys(EXPECT_KEYS);
  let target: ObjectRef | undefined;
  if (n.get('true') !== undefined) throw n.get('true')!.error('YAML 1.1 reads the key `on` as true; name the object with `target:`', 'key');
  const on = n.get('target');
  if (on) {
    if (mode === 'engine') throw on.error('engine scenarios have one object; `target` is for cluster scenarios', 'key');
    target = parseObjectRef(on);
  }
  const out: LocatedExpectation[] = [];
  const add = (node: DocNode, expectation: Expectation) => out.push({ expectation, source: node.source, target });
  for (const key of n.keys()) {
    const c = n.get(key)!;
    if (mode === 'engine' && CLUSTER_ONLY_KEYS[key]) throw c.error(CLUSTER_ONLY_KEYS[key], 'key');
    switch (key) {
      case 'target':
        break;
      case 'succeeds':
        add(c, { kind: 'succeeds', value: c.boolean() });
        break;
      case 'error':
        add(c, { kind: 'error', text: c.string('the exact error text') });
        break;
      case 'stdout':
      case 'stderr':
        add(c, { kind: key, text: c.string(`the exact ${key} text`) });
        break;
      case 'stdoutIncludes':
      case 'stderrIncludes':
        for (const t of typeof c.value === 'string' ? [c] : c.items('a string or a list of strings')) add(t, { kind: key, text: t.string('text the output must contain') });
        break;
      case 'exitCode':
        add(c, { kind: 'exitCode', code: c.integer() });
        break;
      case 'conflicts':
        add(c, { kind: 'conflicts', conflicts: parseConflicts(c) });
        break;
      case 'owners':
        for (const path of c.keys()) {
          const m = c.get(path)!;
          if (!path.startsWith('.')) throw m.error('a field path starts with "." (such as .spec.replicas)', 'key');
          const managers = m.value === null ? [] : typeof m.value === 'string' ? [m.value] : m.items('a list of manager names').map((x) => x.string('a manager name'));
          add(m, { kind: 'owners', path, managers });
        }
        break;
      case 'absent':
        for (const p of typeof c.value === 'string' ? [c] : c.items('a list of field paths')) {
          const path = p.string('a field path such as .data.old');
          if (!path.startsWith('.')) throw p.error('a field path starts with "." (such as .data.old)');
          add(p, { kind: 'absent', path });
        }
        break;
      case 'object':
      case 'objectExactly':
        add(c, { kind: 'object', value: c.value, exact: key === 'objectExactly' });
        break;
      case 'managedFields':
      case 'managedFieldsExactly':
        add(c, {
          kind: 'managedFields',
          entries: c.items('a list of managedFields entries').map((e) => parseManagedEntry(e, mode === 'engine')),
          exact: key === 'managedFieldsExactly',
        });
        break;
      case 'changes':
        add(c, { kind: 'changes', lines: (typeof c.value === 'string' ? [c] : c.items()).map((l) => l.string('a line of the ownership changes')) });
        break;
      case 'exists':
        add(c, { kind: 'exists', value: c.boolean() });
        break;
      case 'unchangedSince':
        for (const [node, e] of parseUnchangedSince(c)) add(node, e);
        break;
      case 'length':
      case 'contains':
        for (const [node, e] of parsePathChecks(c, key, 'object')) add(node, e);
        break;
      case 'response':
        parseResponse(c, add);
        break;
      case 'requests':
      case 'requestsExactly':
        add(c, { kind: 'requests', requests: c.items('a list of requests such as {method: PATCH, path: /api/v1/...}').map(parseRequestSpec), exact: key === 'requestsExactly' });
        break;
    }
  }
  return out;
}

const STEP_NUMBER = 'a step number (0 for before the first step) or {step, paths}';

function stepNumber(n: DocNode, what: string): number {
  if (typeof n.value !== 'number' || !Number.isInteger(n.value) || n.value < 0) throw n.expected(what);
  return n.value;
}

function fieldPath(n: DocNode, at: 'key' | 'value', text: string): string {
  if (!text.startsWith('.')) throw n.error('a field path starts with "." (such as .spec.replicas)', at);
  return text;
}

/** `unchangedSince: N` (the whole object) or `{step: N, paths: [...]}` (one expectation per path). */
function parseUnchangedSince(c: DocNode): [DocNode, Expectation][] {
  if (!c.isMap()) return [[c, { kind: 'unchangedSince', step: stepNumber(c, STEP_NUMBER), path: undefined }]];
  c.onlyKeys(['step', 'paths']);
  const step = stepNumber(c.require('step', 'the step number'), 'a step number (0 for before the first step)');
  const p = c.get('paths');
  if (!p) return [[c, { kind: 'unchangedSince', step, path: undefined }]];
  const nodes = typeof p.value === 'string' ? [p] : p.items('a list of field paths');
  return nodes.map((x) => [x, { kind: 'unchangedSince', step, path: fieldPath(x, 'value', x.string('a field path such as .metadata.resourceVersion')) }]);
}

/** `length: {PATH: N}` and `contains: {PATH: VALUE}`, on the object or on the response body. */
function parsePathChecks(c: DocNode, key: 'length' | 'contains', source: ValueSource): [DocNode, Expectation][] {
  c.map(key === 'length' ? 'a map from field path to a number of items, such as {.spec.containers: 2}' : 'a map from field path to what the value there contains');
  return c.keys().map((path) => {
    const v = c.get(path)!;
    fieldPath(v, 'key', path);
    if (key === 'length') {
      if (typeof v.value !== 'number' || !Number.isInteger(v.value) || v.value < 0) throw v.expected('a number of items (0 or more)');
      return [v, { kind: 'length', in: source, path, count: v.value }];
    }
    return [v, { kind: 'contains', in: source, path, value: v.value }];
  });
}

function parseResponse(c: DocNode, add: (node: DocNode, e: Expectation) => void): void {
  c.map('the response: a map with code, body (or bodyExactly), length and contains');
  c.onlyKeys(RESPONSE_KEYS);
  const code = c.get('code');
  if (code) {
    const v = code.integer('an HTTP status code such as 200 or 409');
    if (v < 100 || v > 599) throw code.expected('an HTTP status code such as 200 or 409');
    add(code, { kind: 'responseCode', code: v });
  }
  if (c.get('body') && c.get('bodyExactly')) throw c.get('bodyExactly')!.error('give either `body` (contains) or `bodyExactly`, not both', 'key');
  for (const k of ['body', 'bodyExactly']) {
    const b = c.get(k);
    if (b) add(b, { kind: 'responseBody', value: b.value, exact: k === 'bodyExactly' });
  }
  for (const k of ['length', 'contains'] as const) {
    const m = c.get(k);
    if (m) for (const [node, e] of parsePathChecks(m, k, 'response')) add(node, e);
  }
}

function parseRequestSpec(n: DocNode): RequestSpec {
  n.map('a request: a map with method, path, query, contentType and body (each optional)');
  n.onlyKeys(REQUEST_SPEC_KEYS);
  const m = n.get('method');
  const method = m?.string(`${METHODS.slice(0, -1).join(', ')} or ${METHODS[METHODS.length - 1]} (reads are not recorded)`);
  if (m && !(METHODS as readonly string[]).includes(method!)) throw m.expected(`${METHODS.slice(0, -1).join(', ')} or ${METHODS[METHODS.length - 1]} (reads are not recorded)`);
  const p = n.get('path');
  const path = p?.string('the request path, such as /api/v1/namespaces/default/configmaps/c');
  if (p && (!path!.startsWith('/') || path!.includes('?'))) throw p.expected('the request path without its query, such as /api/v1/namespaces/default/configmaps/c');
  const q = n.get('query');
  let query: RequestSpec['query'];
  if (q) {
    if (typeof q.value === 'string') query = q.value.replace(/^\?/, '');
    else {
      q.map('the query: a map of parameters such as {fieldManager: kubectl, force: "false"}, or the whole query text');
      const params: Record<string, string> = Object.create(null);
      for (const k of q.keys()) params[k] = q.get(k)!.string('the parameter\'s value as sent (a string: "false", not false)');
      query = params;
    }
  }
  if (n.get('body') && n.get('bodyExactly')) throw n.get('bodyExactly')!.error('give either `body` (contains) or `bodyExactly`, not both', 'key');
  const b = n.get('body') ?? n.get('bodyExactly');
  return {
    ...(method ? { method: method as RequestSpec['method'] } : {}),
    ...(path ? { path } : {}),
    ...(query !== undefined ? { query } : {}),
    ...(n.get('contentType') ? { contentType: n.get('contentType')!.string('a content type such as application/apply-patch+yaml') } : {}),
    ...(b ? { body: b.value, bodyExactly: b === n.get('bodyExactly') } : {}),
    source: n.source,
  };
}

function parseConflicts(n: DocNode): ConflictSpec[] {
  if (isMap(n.value)) {
    return n.keys().flatMap((manager) => {
      const p = n.get(manager)!;
      return (typeof p.value === 'string' ? [p] : p.items('a list of field paths')).map((x) => ({ manager, path: x.string('a field path') }));
    });
  }
  return n.items('a list of {manager, path} (or a map from manager to paths)').map((c) => {
    c.map('{manager, path}');
    c.onlyKeys(['manager', 'path']);
    return { manager: c.require('manager', 'a manager name').string(), path: c.require('path', 'a field path').string() };
  });
}

function parseObjectRef(n: DocNode): ObjectRef {
  n.map('the object: {kind, name, namespace} (apiVersion optional)');
  n.onlyKeys(['apiVersion', 'kind', 'name', 'namespace']);
  return {
    apiVersion: n.get('apiVersion')?.string(),
    kind: n.require('kind', 'the kind').string(),
    name: n.require('name', "the object's name").string(),
    namespace: n.get('namespace')?.string(),
  };
}
