/**
 * Cluster scenarios: objects in the simulated API server (src/apiserver), changed by actors
 * (src/actors: kubectl, the EKS add-on manager, controllers, webhooks) or by raw API requests.
 * Each step runs on the previous step's state and yields a new one; states are immutable.
 */
import { atKey } from './at-key.js';
import { DEFAULT_START } from './scenario-clock.js';
import { freeze } from 'immer';
import { isActionName, rememberingReader, runAction } from '../actors/index.js';
import type { ActorOutcome, AddonStatus, ObjectReader } from '../actors/actor.js';
import { vpcCniManifest } from '../actors/eks/addons/vpc-cni.js';
import { createCluster, findResource, objectType, objectVersions, serve, withExistingObject, withNamespacesOfObjects, withSystemNamespaces, withTime } from '../apiserver/index.js';
import type { ApiRequest, ClusterState, KubeObject } from '../apiserver/types.js';
import { formatSource, type SourcePosition, SsaError } from '../errors/ssa-error.js';
import { readManifests } from '../manifest/read-manifests.js';
import type { DocPath } from '../manifest/types.js';
import { readYamlDocuments } from './read-yaml.js';
import { loadSchemaSources, withDeducedFallback } from '../schema/catalog.js';
import { stringifyJson } from '../value/stringify-json.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';
import { withoutManagedFields } from './blame.js';
import type { ObjectRef, Scenario, ScenarioStep } from './model.js';
import { ownersFromObject } from './owners.js';
import { entriesAtObjectVersion } from './version-owners.js';
import { managedFieldsSegs } from './read-live-objects.js';
import type { ActionResult, ConflictReport, ModeRunner, ObjectView, RunEnvironment, Snapshot } from './run-types.js';
import { applyFacts, statusConflicts } from './apply-facts.js';
import { objectRefDisplay } from './object-views.js';

export { objectRefDisplay };
import { type LocatedManifest, undeclaredFieldNotes } from './undeclared-fields.js';


function str(m: Value | undefined, key: string): string | undefined {
  if (!isMap(m)) return undefined;
  const v = getKey(m, key);
  return typeof v === 'string' ? v : undefined;
}

/** `daemonset.apps/aws-node -n kube-system`, as kubectl names objects. */
export function clusterObjectDisplay(obj: Value): string {
  const meta = isMap(obj) ? getKey(obj, 'metadata') : undefined;
  return objectRefDisplay({ apiVersion: str(obj, 'apiVersion') ?? '', kind: str(obj, 'kind') ?? 'object', name: str(meta, 'name') ?? '', namespace: str(meta, 'namespace') });
}


function refOf(obj: Value): ObjectRef {
  const meta = isMap(obj) ? getKey(obj, 'metadata') : undefined;
  return { apiVersion: str(obj, 'apiVersion'), kind: str(obj, 'kind') ?? '', name: str(meta, 'name') ?? '', namespace: str(meta, 'namespace') };
}

function ownersOrNone(obj: Value, display: string): ReturnType<typeof ownersFromObject> {
  try {
    return ownersFromObject(obj);
  } catch (err) {
    if (err instanceof SsaError) throw new SsaError(err.code, `${display}: ${err.message}`);
    throw err;
  }
}

/** What a cluster scenario carries from step to step: the cluster, and each add-on as EKS left it. */
export interface ClusterRunState {
  readonly cluster: ClusterState;
  readonly addons: Readonly<Record<string, AddonStatus>>;
  readonly own: OwnObjects;
}

/** A scenario's state between two steps, deep-frozen: the runner keeps every step's for stepping back and forth. */
export function clusterSnapshot(state: ClusterState, addons: Readonly<Record<string, AddonStatus>> = {}, own: OwnObjects = NONE): Snapshot {
  return freeze(clusterView(state, addons, own), true);
}

/**
 * The objects the runner stored itself to make the cluster stand for a real one (its system
 * namespaces, the namespaces of the scenario's objects), by storage key. Views leave each out
 * while it is still the very object stored: what the reader looks at is the scenario's.
 */
export type OwnObjects = ReadonlyMap<string, KubeObject>;
const NONE: OwnObjects = new Map();

/**
 * The same snapshot, not frozen: for an answer made once and never kept to step through (an
 * offline apply's before and after), where freezing would walk every object it holds (the whole
 * 2 MB object, twice, for `preview` of a big capture) to guard against changes nobody makes.
 */
export function clusterView(state: ClusterState, addons: Readonly<Record<string, AddonStatus>> = {}, own: OwnObjects = NONE): Snapshot {
  const shown = own.size === 0 ? [...state.objects.values()] : [...state.objects].filter(([key, o]) => own.get(key) !== o).map(([, o]) => o);
  const objects: ObjectView[] = shown.map((o) => {
    const display = clusterObjectDisplay(o);
    const type = {
      get: () => {
        const atom = objectType(state, o);
        // Every stored object is of a served kind.
        if (!atom) throw new Error(`${display}: the cluster stores an object of a kind it does not serve`);
        return atom;
      },
    };
    const object = withoutManagedFields(o);
    const owners = ownersOrNone(o, display);
    // Entries written at another version are read at the object's (version-owners.ts).
    const other = owners.some((e) => e.apiVersion !== '' && e.apiVersion !== o.apiVersion);
    return { display, ref: refOf(o), object, owners: other ? entriesAtObjectVersion(owners, object, type.get(), objectVersions(state, o)) : owners, type };
  });
  const run: ClusterRunState = { cluster: state, addons, own };
  return { time: state.now, objects, state: run };
}

function addSeconds(time: string, seconds: number): string {
  return new Date(Date.parse(time) + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}


/** The cluster with a scenario's initial object stored as given (see withExistingObject). */
export function seedObject(state: ClusterState, obj: KubeObject, source: Scenario['positionOf'], index: number): ClusterState {
  // Entries no API server would hold are the file's mistake, at the entry (as in a live file).
  try {
    ownersFromObject(obj);
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    throw new SsaError(err.code, `objects[${index}].${err.message}`, { source: source(['objects', index, ...managedFieldsSegs(err.path)]) });
  }
  const seeded = withExistingObject(state, obj);
  if ('problem' in seeded) {
    const hint = seeded.problem.startsWith('the cluster does not serve') ? ' (add its CRD under schema.crds)' : '';
    throw new SsaError('INPUT', `objects[${index}]: ${seeded.problem}${hint}`, { source: source(['objects', index]) });
  }
  return seeded.state;
}

export function clusterRunner(scenario: Scenario, env: RunEnvironment): ModeRunner {
  const spec = scenario.schema;
  const catalog =
    spec.kind === 'deduced'
      ? withDeducedFallback(loadSchemaSources({ builtin: true }))
      : spec.kind === 'catalog'
        ? loadSchemaSources({
            builtin: spec.builtin,
            schemaFiles: spec.schemaFiles,
            crdFiles: spec.crdFiles,
            readFile: schemaFileReader(scenario, env, spec.schemaFiles, spec.crdFiles),
          })
        : undefined;
  if (!catalog) throw new SsaError('INPUT', 'cluster scenarios take `schema: builtin`, `deduced`, or {builtin, files, crds}', { source: 'source' in spec ? spec.source : scenario.positionOf(['schema']) });
  const start = scenario.clock?.start ?? DEFAULT_START;
  const tick = scenario.clock?.tickSeconds ?? 60;
  // A cluster as a real one is: its system namespaces, NamespaceLifecycle on, and the namespace of
  // every object it starts with (as `ssa-sim serve --objects` seeds them).
  // Those the scenario's objects do not hold already are made after them, so that objects
  // captured with their resourceVersions (a `serve --record` session) keep them and what follows
  // counts on as it did.
  let seeded = createCluster({ catalog, now: start, namespaceLifecycle: true });
  scenario.objects.forEach((o, i) => {
    seeded = seedObject(seeded, o as KubeObject, scenario.positionOf, i);
  });
  const state = withNamespacesOfObjects(withSystemNamespaces(seeded));
  const own: OwnObjects = new Map([...state.objects].filter(([key]) => !seeded.objects.has(key)));
  // The add-on's manifest is the same text at every step that applies it: read once per run.
  const readObjects = rememberingReader();
  const snapshot = (env.freezeSnapshots ?? true) ? clusterSnapshot : clusterView;
  return {
    initial: snapshot(state, {}, own),
    run: (step, before) => {
      const prev = before.state as ClusterRunState;
      let s = prev.cluster;
      if (step.waitSeconds !== undefined) s = withTime(s, addSeconds(s.now, step.waitSeconds));
      const { result, next, addon } = runClusterStep(scenario, env, step, s, prev.addons, before.objects, readObjects);
      const after = withTime(next, addSeconds(s.now, tick));
      const addons = addon ? { ...prev.addons, [addon.addonName]: addon } : prev.addons;
      return { result, after: snapshot(after, addons, own) };
    },
  };
}

/**
 * Reads the schema's `files` and `crds` up front, each reported at its own place in the scenario
 * (`schema.crds[0]: cannot read ...`), and gives the schema loader their texts.
 */
function schemaFileReader(scenario: Scenario, env: RunEnvironment, schemaFiles: readonly string[], crdFiles: readonly string[]): (path: string) => string {
  const texts = new Map<string, string>();
  const named = [...schemaFiles.map((f, i) => ['files', i, f] as const), ...crdFiles.map((f, i) => ['crds', i, f] as const)];
  for (const [key, i, file] of named) {
    if (!texts.has(file)) texts.set(file, atKey(`schema.${key}[${i}]`, () => env.readFile(file, scenario.positionOf(['schema', key, i]))));
  }
  return (path) => texts.get(path)!;
}

function stepError(step: ScenarioStep, err: SsaError, scenario: Scenario): SsaError {
  const source = err.source?.line !== undefined ? err.source : scenario.positionOf(step.argsSegs, 'key');
  return new SsaError(err.code, `steps[${step.index}].${step.action}: ${err.message}`, { source, path: err.path });
}

/**
 * `manifests: {file: x.yaml}` is read relative to the scenario, and `manifests: {addon: vpc-cni,
 * version: v1.10.1-eksbuild.1}` is the add-on's shipped manifest (the self-managed one clusters
 * are bootstrapped with); everything else passes through.
 */
function resolveOptions(given: Value, env: RunEnvironment, step: ScenarioStep, scenario: Scenario): Value {
  if (!isMap(given)) return given;
  // kubectl names the file of `-f` in its errors: the one the step's `$` line shows.
  const args = READS_FILES.has(step.action) && getKey(given, 'filename') === undefined ? { ...given, filename: manifestsName(given) } : given;
  const m = getKey(args, 'manifests');
  if (isMap(m) && typeof getKey(m, 'file') === 'string') {
    const path = getKey(m, 'file') as string;
    const at = scenario.positionOf([...step.argsSegs, 'manifests', 'file']);
    const text = atKey('manifests.file', () => env.readFile(path, at));
    checkManifestFile(text, siblingPath(scenario.file, path), at);
    return { ...args, manifests: text };
  }
  if (isMap(m) && getKey(m, 'addon') !== undefined) {
    const at = scenario.positionOf([...step.argsSegs, 'manifests', 'addon']);
    if (getKey(m, 'addon') !== 'vpc-cni') throw new SsaError('INPUT', 'manifests.addon: ssa-sim ships the manifests of vpc-cni only', { source: at });
    const version = getKey(m, 'version');
    if (typeof version !== 'string') throw new SsaError('INPUT', 'manifests.version: expected the add-on version, such as v1.10.1-eksbuild.1', { source: at });
    const region = getKey(m, 'region');
    return { ...args, manifests: vpcCniManifest({ version, ...(typeof region === 'string' ? { region } : {}) }) };
  }
  return args;
}

/**
 * The step's manifests, each able to say where a field is: text written in the scenario (its
 * positions mapped into the scenario file), a manifest file it names (positions in that file), or
 * objects written in the scenario. Empty for manifests with no text of the user's (an add-on's).
 */
function locatedManifests(step: ScenarioStep, scenario: Scenario, resolved: Value): readonly LocatedManifest[] {
  const args = step.args;
  if (!isMap(args) || !isMap(resolved)) return [];
  const given = getKey(args, 'manifests');
  const segs = [...step.argsSegs, 'manifests'];
  try {
    if (typeof given === 'string') {
      return readManifests(given, { file: '<manifests>' }).manifests.map((m) => ({
        object: m.object,
        positionOf: (p: DocPath, at?: 'key' | 'value') => {
          const inner = m.positionOf(p, at);
          return (inner.line !== undefined ? scenario.positionInText(segs, inner.line, inner.column ?? 1) : undefined) ?? inner;
        },
      }));
    }
    const text = getKey(resolved, 'manifests');
    if (isMap(given) && typeof getKey(given, 'file') === 'string' && typeof text === 'string') {
      return readManifests(text, { file: siblingPath(scenario.file, getKey(given, 'file') as string) }).manifests;
    }
    const objects = Array.isArray(given) ? given : isMap(given) && getKey(given, 'kind') !== undefined ? [given] : [];
    const base = Array.isArray(given) ? (i: number) => [...segs, i] : () => segs;
    return objects.flatMap((o, i) => (isMap(o) ? [{ object: o, positionOf: (p: DocPath, at?: 'key' | 'value') => scenario.positionOf([...base(i), ...p], at) }] : []));
  } catch (err) {
    // Manifests the actor could read were read the same way; anything else has no place to point at.
    if (err instanceof SsaError) return [];
    throw err;
  }
}

/** A file named next to the scenario, as a reader would open it. */
function siblingPath(scenarioFile: string, path: string): string {
  return path.startsWith('/') ? path : scenarioFile.replace(/[^/]*$/, '') + path;
}

/** A manifest file the scenario names is read as the actor will read it; a mistake names that file's line and column. */
function checkManifestFile(text: string, file: string, namedAt: SourcePosition): void {
  try {
    readManifests(text, { file });
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    throw new SsaError(err.code, `manifests.file (named at ${formatSource(namedAt)}): ${err.message}`, { source: err.source, path: err.path });
  }
}

function runClusterStep(
  scenario: Scenario,
  env: RunEnvironment,
  step: ScenarioStep,
  state: ClusterState,
  addons: Readonly<Record<string, AddonStatus>>,
  views: readonly ObjectView[],
  readObjects: ObjectReader,
): { result: ActionResult; next: ClusterState; addon?: AddonStatus } {
  try {
    if (step.action === 'request') return runRequest(step, state, scenario, views);
    if (!isActionName(step.action)) {
      throw new SsaError('INPUT', `unknown action ${JSON.stringify(step.action)}: expected request or an actor action (kubectl-apply, kubectl-set-env, eks-update-addon, ...; see docs/scenarios.md)`, {
        source: scenario.positionOf(step.argsSegs, 'key'),
      });
    }
    const options = resolveOptions(step.args ?? {}, env, step, scenario);
    const extra: Record<string, unknown> = { now: state.now, readObjects };
    if (step.action === 'eks-update-addon') {
      const name = isMap(options) && typeof getKey(options, 'addonName') === 'string' ? (getKey(options, 'addonName') as string) : 'vpc-cni';
      if (addons[name]) extra.current = addons[name];
    }
    let outcome: ActorOutcome;
    try {
      outcome = runAction(step.action, state, { ...extra, ...(isMap(options) ? options : {}) });
    } catch (err) {
      if (err instanceof SsaError || !(err instanceof Error)) throw err;
      // An actor that trips over options it did not expect: report it against the step.
      throw new SsaError('INPUT', `the action failed on these options (${err.message}); see its options in docs/actors.md`, {
        source: scenario.positionOf(step.argsSegs, 'key'),
      });
    }
    const result = actorResult(step, state, outcome, views);
    const located = undeclaredFieldNotes(outcome.requests, locatedManifests(step, scenario, options));
    return { result: located.length > 0 ? { ...result, notes: [...result.notes, ...located] } : result, next: outcome.state, addon: outcome.addon };
  } catch (err) {
    if (err instanceof SsaError) throw stepError(step, err, scenario);
    throw err;
  }
}

/** Objects written or deleted between two states. */
function changedObjects(before: ClusterState, after: ClusterState): ObjectRef[] {
  const out: ObjectRef[] = [];
  for (const [k, o] of after.objects) if (before.objects.get(k) !== o) out.push(refOf(o));
  for (const [k, o] of before.objects) if (!after.objects.has(k)) out.push(refOf(o));
  return out;
}



/** The owner a conflict cause names: its message without `conflict with `. */
function ownerOfCause(message: string): string {
  return message.replace(/^conflict with /, '');
}

function actorResult(step: ScenarioStep, before: ClusterState, outcome: ActorOutcome, views: readonly ObjectView[]): ActionResult {
  const failedRec = outcome.requests.find((r) => r.code >= 400);
  const answered = failedRec ?? outcome.requests[outcome.requests.length - 1];
  const failedAddon = outcome.addon !== undefined && /FAILED$/.test(outcome.addon.status);
  const error = failedRec?.failure?.message;
  // Every refused write's conflicts (the add-on manager's dry run refuses each conflicting object).
  const conflicts: ConflictReport[] = outcome.requests.flatMap((r) =>
    statusConflicts(r.failure).map(({ manager, path, message }) => ({ manager, path, owner: ownerOfCause(message), ...(r.target.kind ? { object: { ...r.target, kind: r.target.kind } } : {}) })),
  );
  const touched = changedObjects(before, outcome.state);
  if (touched.length === 0 && failedRec?.target.kind) touched.push({ ...failedRec.target });
  const notes = [...(outcome.notes ?? [])];
  if (outcome.addon && !(outcome.stdout + outcome.stderr).includes(outcome.addon.status)) {
    notes.push(`add-on ${outcome.addon.addonName} ${outcome.addon.addonVersion}: ${outcome.addon.status}`);
  }
  return {
    ok: outcome.exitCode === 0 && !failedAddon,
    summary: actionSummary(step),
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    exitCode: outcome.exitCode,
    error: error ?? (failedAddon ? outcome.addon!.health.issues[0]?.message : undefined),
    conflicts,
    touched,
    notes,
    ...applyFacts(outcome, views),
    requests: outcome.requests.map((r) => ({ verb: r.verb, uri: r.uri, code: r.code, contentType: r.contentType, body: r.body })),
    ...(answered ? { response: { code: answered.code, body: answered.responseBody ?? null } } : {}),
  };
}

/**
 * A request body (or patch) given as text is sent as is and the API server decodes it (its 400
 * is the answer a real server gives). When the server refused it and the text does not read as
 * YAML, a note says where in the scenario file the text goes wrong.
 */
function textBodyNotes(step: ScenarioStep, scenario: Scenario): string[] {
  const args = isMap(step.args) ? step.args : undefined;
  const key = args && typeof getKey(args, 'body') === 'string' ? 'body' : args && typeof getKey(args, 'patch') === 'string' ? 'patch' : undefined;
  if (!args || !key) return [];
  try {
    readYamlDocuments(getKey(args, key) as string, '<text>');
    return [];
  } catch (err) {
    if (!(err instanceof SsaError)) throw err;
    const inner = err.source;
    const segs = [...step.argsSegs, key];
    const at = inner?.line !== undefined ? scenario.positionInText(segs, inner.line, inner.column ?? 1) : undefined;
    const place = at ? formatSource(at) : `${formatSource(scenario.positionOf(segs))} (line ${inner?.line ?? '?'} of the text)`;
    return [`the request's ${key} does not read as YAML at ${place}: ${err.message}`];
  }
}

/** The object a raw request names by kind in its target, when it does. */
function requestedObject(req: ApiRequest): ObjectRef | undefined {
  const t = 'target' in req ? req.target : undefined;
  if (!t || typeof t.kind !== 'string' || typeof t.name !== 'string') return undefined;
  return { ...(t.apiVersion ? { apiVersion: t.apiVersion } : {}), kind: t.kind, name: t.name, ...(t.namespace ? { namespace: t.namespace } : {}) };
}

function runRequest(step: ScenarioStep, state: ClusterState, scenario: Scenario, views: readonly ObjectView[]): { result: ActionResult; next: ClusterState } {
  const req = step.args as unknown as ApiRequest;
  if (!isMap(step.args) || typeof getKey(step.args, 'verb') !== 'string') throw new SsaError('INPUT', 'expected {verb: apply|create|update|patch|delete|get, ...}');
  const { state: next, response } = serve(state, req);
  const touched = changedObjects(state, next);
  // Nothing written: the object the request names (the parent of /scale or /status), else the body's.
  const named = requestedObject(req);
  if (touched.length === 0 && named) touched.push(named);
  const sentBody = getKey(step.args, 'body');
  const facts = applyFacts({ requests: response.forgivenConflicts ? [{ target: requestTarget(step.args, state), body: sentBody ?? null, forgivenConflicts: response.forgivenConflicts }] : [] }, views);
  if (response.ok) {
    if (touched.length === 0 && isMap(response.object)) touched.push(refOf(response.object));
    return {
      result: {
        ok: true,
        summary: actionSummary(step, state),
        stdout: `HTTP ${response.code}\n`,
        stderr: response.warnings.map((w) => `Warning: ${w}\n`).join(''),
        exitCode: 0,
        error: undefined,
        conflicts: [],
        touched,
        notes: [],
        response: { code: response.code, body: response.object },
        ...facts,
      },
      next,
    };
  }
  const body = getKey(step.args, 'body');
  if (touched.length === 0 && isMap(body)) touched.push(refOf(body));
  return {
    result: {
      ok: false,
      summary: actionSummary(step, state),
      stdout: '',
      stderr: `HTTP ${response.code}: ${response.status.message}\n`,
      exitCode: 1,
      error: response.status.message,
      conflicts: statusConflicts(response.status.details).map(({ manager, path, message }) => ({ manager, path, owner: ownerOfCause(message), ...(touched.length === 1 ? { object: touched[0] } : {}) })),
      touched,
      notes: response.code === 400 ? textBodyNotes(step, scenario) : [],
      response: { code: response.code, body: response.status as unknown as Value },
      ...facts,
    },
    next,
  };
}

/** The object a raw request names: its `target`, else the body's own apiVersion, kind and name. */
function requestTarget(args: ValueMap, state: ClusterState): { apiVersion: string; kind: string; name: string; namespace?: string } {
  const t = getKey(args, 'target');
  const body = getKey(args, 'body');
  const fromBody = isMap(body) ? refOf(body) : undefined;
  const field = (k: string) => (isMap(t) && typeof getKey(t, k) === 'string' ? (getKey(t, k) as string) : undefined);
  const namespace = field('namespace') ?? fromBody?.namespace;
  return {
    apiVersion: field('apiVersion') ?? fromBody?.apiVersion ?? '',
    kind: field('kind') ?? fromBody?.kind ?? kindOfResource(state, field('apiVersion') ?? '', field('resource')) ?? '',
    name: field('name') ?? fromBody?.name ?? '',
    ...(namespace ? { namespace } : {}),
  };
}

/** The kind a target named by resource (`widgets`, as `serve --record` writes it) has in the cluster. */
function kindOfResource(state: ClusterState, apiVersion: string, resource: string | undefined): string | undefined {
  return resource === undefined ? undefined : findResource(state.config.resources, apiVersion, { resource })?.resource.kind;
}

/**
 * One line saying what the step does, command-line style. A request's object is its body's, else
 * its target's (a target by resource needs the cluster the step runs on to name its kind).
 */
export function actionSummary(step: ScenarioStep, state?: ClusterState): string {
  const a = isMap(step.args) ? step.args : ({} as ValueMap);
  const s = (k: string) => (typeof getKey(a, k) === 'string' ? (getKey(a, k) as string) : undefined);
  const flag = (k: string, text: string) => (getKey(a, k) === true ? ` ${text}` : '');
  switch (step.action) {
    case 'kubectl-apply':
      return `kubectl apply${flag('serverSide', '--server-side')}${s('fieldManager') ? ` --field-manager=${s('fieldManager')}` : ''}${flag('forceConflicts', '--force-conflicts')}${s('dryRun') && s('dryRun') !== 'none' ? ` --dry-run=${s('dryRun')}` : ''} -f ${manifestsName(a)}`;
    case 'kubectl-create':
      return `kubectl create${flag('saveConfig', '--save-config')}${fieldManagerFlag(a)}${s('dryRun') && s('dryRun') !== 'none' ? ` --dry-run=${s('dryRun')}` : ''} -f ${manifestsName(a)}`;
    case 'kubectl-create-deployment':
    case 'kubectl-create-configmap':
    case 'kubectl-create-secret': {
      const what = { 'kubectl-create-deployment': 'deployment', 'kubectl-create-configmap': 'configmap', 'kubectl-create-secret': 'secret generic' }[step.action];
      const images = getKey(a, 'images');
      const literals = getKey(a, 'literals');
      const num = (k: string) => (typeof getKey(a, k) === 'number' ? ` --${k}=${String(getKey(a, k))}` : '');
      const flags = [
        ...(isList(images) ? images.map((i) => ` --image=${typeof i === 'string' ? i : JSON.stringify(i)}`) : []),
        ...(isMap(literals) ? Object.keys(literals).map((k) => ` --from-literal=${k}=${typeof literals[k] === 'string' ? literals[k] : JSON.stringify(literals[k])}`) : []),
      ].join('');
      const type = s('type') ? ` --type=${s('type')}` : '';
      const output = s('output') ? ` -o ${s('output')}` : '';
      return `kubectl create ${what} ${s('name') ?? ''}${s('namespace') ? ` -n ${s('namespace')}` : ''}${flags}${num('replicas')}${num('port')}${type}${dryRunFlag(a)}${output}`;
    }
    case 'kubectl-replace':
      return `kubectl replace${flag('force', '--force')}${flag('saveConfig', '--save-config')}${fieldManagerFlag(a)}${dryRunFlag(a)} -f ${manifestsName(a)}`;
    case 'kubectl-delete':
      return getKey(a, 'manifests') === undefined
        ? `kubectl delete ${kubectlTarget(a)}${flag('ignoreNotFound', '--ignore-not-found')}${dryRunFlag(a)}`
        : `kubectl delete${flag('ignoreNotFound', '--ignore-not-found')}${dryRunFlag(a)} -f ${manifestsName(a)}`;
    case 'kubectl-set-env': {
      const env = getKey(a, 'env');
      // Text as typed; anything else a file gives (a map, a list) as JSON, which the actor then refuses.
      const pairs = isMap(env) ? Object.keys(env).map((k) => `${k}=${typeof env[k] === 'string' ? env[k] : JSON.stringify(env[k])}`) : [];
      return `kubectl set env ${s('resource') ?? ''}${s('name') ? `/${s('name')}` : ''}${s('namespace') ? ` -n ${s('namespace')}` : ''}${s('container') ? ` -c ${s('container')}` : ''} ${pairs.join(' ')}`.trimEnd();
    }
    case 'kubectl-scale':
      return `kubectl scale ${s('resource') ?? ''}${s('name') ? `/${s('name')}` : ''}${s('namespace') ? ` -n ${s('namespace')}` : ''} --replicas=${String(getKey(a, 'replicas'))}`;
    case 'kubectl-edit':
      return `kubectl edit ${kubectlTarget(a)}${fieldManagerFlag(a)}`;
    case 'kubectl-patch': {
      const type = s('type') ?? 'strategic';
      const sub = s('subresource') ? ` --subresource=${s('subresource')}` : '';
      return `kubectl patch ${kubectlTarget(a)}${sub} --type ${type}${fieldManagerFlag(a)} ${patchFlag(getKey(a, 'patch'))}`;
    }
    case 'kubectl-label':
    case 'kubectl-annotate': {
      const m = getKey(a, step.action === 'kubectl-label' ? 'labels' : 'annotations');
      // A key whose value is null is removed (`key-`), as kubectl takes it.
      const pairs = isMap(m) ? Object.keys(m).map((k) => (m[k] === null ? `${k}-` : `${k}=${typeof m[k] === 'string' ? m[k] : JSON.stringify(m[k])}`)) : [];
      return `kubectl ${step.action === 'kubectl-label' ? 'label' : 'annotate'} ${kubectlTarget(a)}${flag('overwrite', '--overwrite')}${fieldManagerFlag(a)} ${pairs.join(' ')}`.trimEnd();
    }
    case 'kubectl-set-image': {
      const m = getKey(a, 'images');
      const pairs = isMap(m) ? Object.keys(m).map((k) => `${k}=${typeof m[k] === 'string' ? m[k] : JSON.stringify(m[k])}`) : [];
      return `kubectl set image ${kubectlTarget(a)}${fieldManagerFlag(a)} ${pairs.join(' ')}`.trimEnd();
    }
    case 'kubectl-set-resources': {
      const list = (k: string) => {
        const m = getKey(a, k);
        return isMap(m) ? ` --${k}=${Object.keys(m).map((r) => `${r}=${typeof m[r] === 'string' ? m[r] : JSON.stringify(m[r])}`).join(',')}` : '';
      };
      return `kubectl set resources ${kubectlTarget(a)}${s('container') ? ` -c ${s('container')}` : ''}${list('limits')}${list('requests')}${fieldManagerFlag(a)}`;
    }
    case 'kubectl-rollout-restart':
      return `kubectl rollout restart ${kubectlTarget(a)}${fieldManagerFlag(a)}`;
    case 'eks-create-addon':
    case 'eks-update-addon':
      return `aws eks ${step.action === 'eks-create-addon' ? 'create-addon' : 'update-addon'} --addon-name ${s('addonName') ?? 'vpc-cni'}${s('addonVersion') ? ` --addon-version ${s('addonVersion')}` : ''} --resolve-conflicts ${s('resolveConflicts') ?? 'NONE'}`;
    case 'request': {
      const verb = s('verb') ?? '?';
      const body = getKey(a, 'body');
      const ref = !isMap(body) && isMap(a) && state ? requestTarget(a, state) : undefined;
      const target = isMap(body) ? clusterObjectDisplay(body) : ref && ref.kind && ref.name ? objectRefDisplay(ref) : '';
      const opts = getKey(a, 'options');
      const fm = isMap(opts) ? str(opts, 'fieldManager') : undefined;
      return `${verb.toUpperCase()} ${target}${fm ? ` as ${fm}` : ''}`.trimEnd();
    }
    default:
      return `${step.action} ${compactArgs(a)}`.trimEnd();
  }
}

/** `deployment/web -n default`: the object a kubectl command names, as typed. */
function kubectlTarget(a: ValueMap): string {
  const str = (k: string) => (typeof getKey(a, k) === 'string' ? (getKey(a, k) as string) : undefined);
  return `${str('resource') ?? ''}${str('name') ? `/${str('name')}` : ''}${str('namespace') ? ` -n ${str('namespace')}` : ''}`;
}

/** `--dry-run=server|client`, when the step gives one other than `none`. */
function dryRunFlag(a: ValueMap): string {
  const d = getKey(a, 'dryRun');
  return typeof d === 'string' && d !== 'none' ? ` --dry-run=${d}` : '';
}

function fieldManagerFlag(a: ValueMap): string {
  const fm = getKey(a, 'fieldManager');
  return typeof fm === 'string' ? ` --field-manager=${fm}` : '';
}

/** kubectl patch's `-p`: the patch as JSON in single quotes; a text of several lines as the file it would be. */
function patchFlag(patch: Value | undefined): string {
  if (typeof patch === 'string') return patch.trim().includes('\n') ? '--patch-file patch.yaml' : `-p '${patch.trim()}'`;
  return patch === undefined ? '' : `-p '${stringifyJson(patch)}'`;
}

/** The actions that read manifests as kubectl's `-f` does, and name that file in their messages. */
const READS_FILES: ReadonlySet<string> = new Set(['kubectl-apply', 'kubectl-create', 'kubectl-replace', 'kubectl-delete']);

/**
 * The `-f` argument: the `filename` the step gives, the manifest file it names, or a name made
 * from the first object's kind and name for manifests written in the scenario.
 */
function manifestsName(a: ValueMap): string {
  const filename = getKey(a, 'filename');
  if (typeof filename === 'string') return filename;
  const m = getKey(a, 'manifests');
  if (isMap(m) && typeof getKey(m, 'file') === 'string') return getKey(m, 'file') as string;
  if (isMap(m) && getKey(m, 'addon') === 'vpc-cni') return 'aws-k8s-cni.yaml';
  const named = (kind: string | undefined, name: string | undefined) => (kind && name ? `${kind.toLowerCase()}-${name}.yaml` : 'manifest.yaml');
  if (isList(m)) {
    // Objects written in the scenario are a file as much as YAML text is: named the same way.
    const first = m[0];
    const meta = isMap(first) ? getKey(first, 'metadata') : undefined;
    const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
    return named(isMap(first) ? text(getKey(first, 'kind')) : undefined, isMap(meta) ? text(getKey(meta, 'name')) : undefined);
  }
  if (typeof m === 'string') {
    const kind = /^kind:\s*([^\s#]+)/m.exec(m)?.[1];
    // metadata's name, written as a block (`  name: web`) or in flow style (`metadata: {name: web}`).
    const name = /^metadata:\s*\{[^}]*?\bname:\s*([^\s,}#]+)/m.exec(m)?.[1] ?? /^\s+name:\s*([^\s#]+)/m.exec(m)?.[1];
    return named(kind, name);
  }
  return '-';
}

function compactArgs(a: ValueMap): string {
  const parts: string[] = [];
  for (const k of Object.keys(a)) {
    const v = a[k];
    if (typeof v === 'string' && !v.includes('\n') && v.length < 60) parts.push(`${k}=${v}`);
    else if (typeof v === 'number' || typeof v === 'boolean') parts.push(`${k}=${String(v)}`);
  }
  return parts.join(' ');
}
