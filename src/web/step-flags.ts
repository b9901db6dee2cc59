/**
 * The two flags a what-if changes most often, force and the field manager, and where each
 * action keeps them (`force` for an engine apply, `forceConflicts` for kubectl apply,
 * `resolveConflicts: OVERWRITE` for an EKS add-on, `options.force` for a raw request, ...).
 * Flags are edited in the step's text, so the editor always shows what will run.
 */
import { isMap, parseDocument } from 'yaml';
import { readYamlDocuments } from '../scenarios/read-yaml.js';
import { isVerb, REQUEST_OPTION_KEYS } from '../scenarios/request-keys.js';

interface ForceSpec {
  readonly path: readonly string[];
  /** The value that means "force" and the one written when force is turned off (undefined: remove the key). */
  readonly on: string | boolean;
  readonly off: string | boolean | undefined;
  /** What the flag is called for this action, for the label. */
  readonly label: string;
  /** Whether the step's options take the flag at all (default: always). */
  readonly when?: (args: Record<string, unknown>) => boolean;
}

interface ManagerSpec {
  readonly path: readonly string[];
  /** The manager the action uses when none is given. */
  readonly fallback: (args: Record<string, unknown>) => string;
  /** Whether the step's options take a field manager at all (default: always). */
  readonly when?: (args: Record<string, unknown>) => boolean;
}

interface FlagSpec {
  readonly force?: ForceSpec;
  readonly manager?: ManagerSpec;
}

const fieldManager = (name: string): ManagerSpec => ({ path: ['fieldManager'], fallback: () => name });

/** Per action, where its flags are. Actions not listed have neither. */
const FLAGS: Record<string, FlagSpec> = {
  apply: { force: { path: ['force'], on: true, off: undefined, label: 'force: true' }, manager: { path: ['manager'], fallback: () => '' } },
  update: { manager: { path: ['manager'], fallback: () => '' } },
  'kubectl-apply': {
    force: { path: ['forceConflicts'], on: true, off: undefined, label: '--force-conflicts (server-side)' },
    manager: { path: ['fieldManager'], fallback: (a) => (a.serverSide === true ? 'kubectl' : 'kubectl-client-side-apply') },
  },
  'server-side-apply': { force: { path: ['force'], on: true, off: undefined, label: 'force: true' }, manager: fieldManager('') },
  'eks-create-addon': { force: { path: ['resolveConflicts'], on: 'OVERWRITE', off: 'NONE', label: 'resolveConflicts: OVERWRITE' }, manager: fieldManager('eks') },
  'eks-update-addon': { force: { path: ['resolveConflicts'], on: 'OVERWRITE', off: 'NONE', label: 'resolveConflicts: OVERWRITE' }, manager: fieldManager('eks') },
  request: {
    force: { path: ['options', 'force'], on: true, off: undefined, label: 'options.force: true (apply)', when: (a) => a.verb === 'apply' },
    // Only the verbs whose options the scenario format declares with a fieldManager (not get, list, delete).
    manager: { path: ['options', 'fieldManager'], fallback: () => '', when: (a) => isVerb(a.verb) && REQUEST_OPTION_KEYS[a.verb].includes('fieldManager') },
  },
  'kubectl-create': { manager: fieldManager('kubectl-create') },
  'kubectl-replace': { manager: fieldManager('kubectl-replace') },
  'kubectl-set-env': { manager: fieldManager('kubectl-set') },
  'kubectl-set-image': { manager: fieldManager('kubectl-set') },
  'kubectl-set-resources': { manager: fieldManager('kubectl-set') },
  'kubectl-edit': { manager: fieldManager('kubectl-edit') },
  'kubectl-patch': { manager: fieldManager('kubectl-patch') },
  'kubectl-label': { manager: fieldManager('kubectl-label') },
  'kubectl-annotate': { manager: fieldManager('kubectl-annotate') },
  'kubectl-rollout-restart': { manager: fieldManager('kubectl-rollout') },
  'client-update': { manager: fieldManager('') },
  'controller-write-status': { manager: { path: ['manager'], fallback: () => 'kube-controller-manager' } },
  'autoscaler-scale': { manager: { path: ['manager'], fallback: () => 'kube-controller-manager' } },
};

/** Writes the step back as close to the author's text as the YAML library allows. */
const KEEP_FORMAT = { lineWidth: 0, doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER, flowCollectionPadding: false } as const;

const STEP_KEYS = new Set(['title', 'explain', 'expect', 'wait']);

/** What the flag controls show for a step's text. */
export interface StepFlags {
  /** The step's action, when the text names exactly one. */
  readonly action: string | undefined;
  /** Undefined when the action has no force flag. */
  readonly force: { readonly checked: boolean; readonly label: string } | undefined;
  /** Undefined when the action has no field manager option. */
  readonly manager: { readonly value: string; readonly placeholder: string } | undefined;
  /** Set when the text cannot be read as YAML (the flags are then left alone). */
  readonly unreadable: string | undefined;
}

/** The step's document and its data; an error (syntax, an alias to no anchor) instead of data when it cannot be read. */
function readStep(text: string) {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return { doc, js: undefined, error: doc.errors[0].message.split('\n')[0] };
  try {
    return { doc, js: doc.toJS() as unknown, error: undefined };
  } catch (err) {
    return { doc, js: undefined, error: err instanceof Error ? err.message : String(err) };
  }
}

function actionOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value).filter((k) => !STEP_KEYS.has(k));
  return keys.length === 1 ? keys[0] : undefined;
}

function getIn(v: unknown, path: readonly string[]): unknown {
  let cur = v;
  for (const k of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/**
 * The flags of a step's text, read as the scenario parser reads the step when it runs (the line
 * reader, YAML 1.1 scalars as Kubernetes reads them): `force: yes` is force, as it runs. The
 * `yaml` package is started only when the text is edited (setForce, setManager).
 */
export function readFlags(text: string): StepFlags {
  let js: unknown;
  try {
    const docs = readYamlDocuments(text, 'what-if.yaml');
    if (docs.length > 1) throw new Error('the step is several YAML documents');
    js = docs[0]?.value ?? null;
  } catch (err) {
    return { action: undefined, force: undefined, manager: undefined, unreadable: err instanceof Error ? err.message : String(err) };
  }
  return flagsOfStep(js);
}

/** The flags of a step read as data. */
export function flagsOfStep(js: unknown): StepFlags {
  const action = actionOf(js);
  const spec = action ? FLAGS[action] : undefined;
  const args = (action ? getIn(js, [action]) : undefined) ?? {};
  const argsMap = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const force = spec?.force && (spec.force.when?.(argsMap) ?? true) ? { checked: getIn(argsMap, spec.force.path) === spec.force.on, label: spec.force.label } : undefined;
  const managerSpec = spec?.manager && (spec.manager.when?.(argsMap) ?? true) ? spec.manager : undefined;
  const mv = managerSpec ? getIn(argsMap, managerSpec.path) : undefined;
  const manager = managerSpec ? { value: typeof mv === 'string' ? mv : '', placeholder: managerSpec.fallback(argsMap) } : undefined;
  return { action, force, manager, unreadable: undefined };
}

/**
 * The step text with the force flag set or cleared. Returns the text unchanged when it cannot
 * be read or its action has no force flag.
 */
export function setForce(text: string, on: boolean): string {
  const { doc, js, error } = readStep(text);
  const action = error ? undefined : actionOf(js);
  const spec = action ? FLAGS[action]?.force : undefined;
  if (!action || !spec || !isMap(doc.get(action, true))) return text;
  if (spec.when && !spec.when(getIn(js, [action]) as Record<string, unknown>)) return text;
  const path = [action, ...spec.path];
  const value = on ? spec.on : spec.off;
  if (value === undefined) {
    if (doc.hasIn(path)) doc.deleteIn(path);
  } else doc.setIn(path, value);
  return doc.toString(KEEP_FORMAT);
}

/** The step text with the field manager set (an empty name removes the option: the default applies). */
export function setManager(text: string, manager: string): string {
  const { doc, js, error } = readStep(text);
  const action = error ? undefined : actionOf(js);
  const spec = action ? FLAGS[action]?.manager : undefined;
  if (!action || !spec || !isMap(doc.get(action, true))) return text;
  if (spec.when && !spec.when(getIn(js, [action]) as Record<string, unknown>)) return text;
  const path = [action, ...spec.path];
  if (manager === '') {
    // The engine's manager is required: keep it rather than write an invalid step.
    if (action !== 'apply' && action !== 'update' && doc.hasIn(path)) doc.deleteIn(path);
  } else doc.setIn(path, manager);
  return doc.toString(KEEP_FORMAT);
}
