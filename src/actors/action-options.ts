/**
 * The options each action takes, as data: one declaration per action, checked by the compiler
 * against the action's options type (every key of the type, and no other), so that a scenario
 * file can be checked before it runs and a typo (`forse: true`) is an error instead of an option
 * silently not given.
 *
 * Each option says what its value is (OptionType), so that a scenario file's value of the wrong
 * type (a map where kubectl takes text) is an error at its line and column rather than something
 * the actor trips over.
 */
import type { JsonPatchOperation, MutatingWebhookOptions } from './actor.js';
import type { actions, ActionName } from './index.js';

/**
 * What an option's value is:
 * - `string`, `boolean`, `integer` (a whole number), `time` (RFC 3339 text such as
 *   `2022-09-01T10:00:00Z`);
 * - `validate`: kubectl's `--validate` word or a boolean (the actor checks the word, as kubectl does);
 * - `string-map`: names to text (`env`, `images`); `label-map`: keys to text or null (null removes);
 * - `string-list`: a list of text;
 * - `map`: an object or a patch as a map, its contents passed through as written;
 * - `value`: any value, passed through as written;
 * - `manifests`: objects, as YAML text, a list of maps, `{file}` or `{addon, version, region}`
 *   (YAML text is read by the actor as kubectl reads `-f`);
 * - `yaml`: YAML or JSON text, or the value itself (kubectl's `-p`);
 * - `json-patch`: a list of RFC 6902 operations; `webhook-match`: a mutating webhook's `match`;
 * - `{ oneOf }`: one of these words;
 * - `runner`: supplied by whoever runs the actor (a scenario file does not write it).
 */
export type OptionType =
  | 'string'
  | 'boolean'
  | 'integer'
  | 'time'
  | 'validate'
  | 'string-map'
  | 'label-map'
  | 'string-list'
  | 'map'
  | 'value'
  | 'manifests'
  | 'yaml'
  | 'json-patch'
  | 'webhook-match'
  | 'runner'
  | { readonly oneOf: readonly string[] };

type OptionsOf<N extends ActionName> = Parameters<(typeof actions)[N]>[1];

/** Every key of an options type, each with its type: no key missing, none extra. */
export type OptionDeclaration<O> = { readonly [K in keyof Required<O>]: OptionType };

const dryRun = { oneOf: ['none', 'server', 'client'] } as const;
const common = { now: 'time', userAgent: 'string', readObjects: 'runner' } as const;
const target = { resource: 'string', name: 'string', namespace: 'string' } as const;
const objectRef = { apiVersion: 'string', kind: 'string', name: 'string', namespace: 'string' } as const;
const eksAddon = {
  addonName: 'string',
  addonVersion: 'string',
  manifests: 'manifests',
  clusterName: 'string',
  region: 'string',
  resolveConflicts: { oneOf: ['NONE', 'OVERWRITE', 'PRESERVE'] },
  preserveModel: { oneOf: ['drop-conflicting-paths', 'apply-live-values'] },
  configurationValues: 'string',
  fieldManager: 'string',
  current: 'runner',
  ...common,
} as const;

export const ACTION_OPTIONS = {
  'kubectl-apply': {
    manifests: 'manifests',
    namespace: 'string',
    serverSide: 'boolean',
    fieldManager: 'string',
    forceConflicts: 'boolean',
    force: 'boolean',
    dryRun,
    subresource: 'string',
    output: { oneOf: ['name'] },
    validate: 'validate',
    filename: 'string',
    ...common,
  },
  'kubectl-create': { manifests: 'manifests', namespace: 'string', saveConfig: 'boolean', fieldManager: 'string', dryRun, validate: 'validate', filename: 'string', ...common },
  'kubectl-create-deployment': { name: 'string', namespace: 'string', images: 'string-list', replicas: 'integer', port: 'integer', dryRun, output: { oneOf: ['yaml', 'name'] }, ...common },
  'kubectl-create-configmap': { name: 'string', namespace: 'string', literals: 'string-map', dryRun, output: { oneOf: ['yaml', 'name'] }, ...common },
  'kubectl-create-secret': { name: 'string', namespace: 'string', literals: 'string-map', type: 'string', dryRun, output: { oneOf: ['yaml', 'name'] }, ...common },
  'kubectl-replace': {
    manifests: 'manifests',
    namespace: 'string',
    force: 'boolean',
    saveConfig: 'boolean',
    fieldManager: 'string',
    validate: 'validate',
    dryRun,
    filename: 'string',
    ...common,
  },
  'kubectl-delete': { resource: 'string', name: 'string', manifests: 'manifests', namespace: 'string', ignoreNotFound: 'boolean', dryRun, filename: 'string', ...common },
  'kubectl-set-env': { ...target, env: 'string-map', remove: 'string-list', container: 'string', fieldManager: 'string', dryRun, ...common },
  'kubectl-set-image': { ...target, images: 'string-map', fieldManager: 'string', dryRun, ...common },
  'kubectl-set-resources': { ...target, limits: 'string-map', requests: 'string-map', container: 'string', fieldManager: 'string', dryRun, ...common },
  'kubectl-edit': { ...target, changes: 'map', edited: 'map', saveConfig: 'boolean', fieldManager: 'string', validate: 'validate', ...common },
  'kubectl-patch': { ...target, type: { oneOf: ['json', 'merge', 'strategic'] }, patch: 'yaml', subresource: 'string', fieldManager: 'string', dryRun, ...common },
  'kubectl-scale': { ...target, replicas: 'integer', currentReplicas: 'integer', dryRun, ...common },
  'kubectl-label': { ...target, labels: 'label-map', overwrite: 'boolean', fieldManager: 'string', dryRun, ...common },
  'kubectl-annotate': { ...target, annotations: 'label-map', overwrite: 'boolean', fieldManager: 'string', dryRun, ...common },
  'kubectl-rollout-restart': { ...target, fieldManager: 'string', ...common },
  'eks-create-addon': eksAddon,
  'eks-update-addon': eksAddon,
  'controller-write-status': { ...objectRef, status: 'map', manager: 'string', method: { oneOf: ['merge-patch', 'apply'] }, ...common },
  'autoscaler-scale': { ...objectRef, replicas: 'integer', manager: 'string', ...common },
  'mutating-webhook': { name: 'string', match: 'webhook-match', patch: 'json-patch', ...common },
  'server-side-apply': { manifests: 'manifests', namespace: 'string', fieldManager: 'string', force: 'boolean', dryRun: 'boolean', ...common },
  'client-update': {
    ...objectRef,
    method: { oneOf: ['merge', 'json', 'strategic', 'put', 'create'] },
    patch: 'value',
    object: 'map',
    fieldManager: 'string',
    subresource: 'string',
    ...common,
  },
} as const satisfies { readonly [N in ActionName]: OptionDeclaration<OptionsOf<N>> };

/** A `oneOf` declaration whose words are not exactly those of its option's type (none may be). */
type WrongWords<D, T> = D extends { readonly oneOf: readonly (infer W)[] } ? ([W] extends [T] ? ([T] extends [W] ? never : D) : D) : never;
type Declared<N extends ActionName> = (typeof ACTION_OPTIONS)[N];
type WordMismatches = {
  readonly [N in ActionName]: { readonly [K in keyof Declared<N>]: WrongWords<Declared<N>[K], Exclude<Required<OptionsOf<N>>[K & keyof OptionsOf<N>], undefined>> }[keyof Declared<N>];
}[ActionName];
const wordsMatch: [WordMismatches] extends [never] ? true : WordMismatches = true;
void wordsMatch;

/** Keys declared (through the shared groups above) that an action's options type does not have: none. */
type Undeclared = { readonly [N in ActionName]: Exclude<keyof (typeof ACTION_OPTIONS)[N], keyof OptionsOf<N>> };
const noExtraKeys: { readonly [N in ActionName]: never } = {} as Undeclared;
void noExtraKeys;

/** The options a scenario file may give an action, with their types, in declaration order. */
export function fileOptions(action: ActionName): ReadonlyMap<string, OptionType> {
  const decl = ACTION_OPTIONS[action] as Readonly<Record<string, OptionType>>;
  return new Map(Object.keys(decl).flatMap((k) => (decl[k] === 'runner' ? [] : [[k, decl[k]] as const])));
}

/** A mutating webhook's `match`: its keys and their types. */
export const WEBHOOK_MATCH = {
  apiVersion: 'string',
  kind: 'string',
  namespace: 'string',
  operations: { oneOf: ['CREATE', 'UPDATE'] },
} as const satisfies OptionDeclaration<MutatingWebhookOptions['match']>;

/** The operations of a JSON patch (RFC 6902) and the keys of one operation. */
export const JSON_PATCH_OPS = ['add', 'remove', 'replace', 'move', 'copy', 'test'] as const satisfies readonly JsonPatchOperation['op'][];
export const JSON_PATCH_KEYS = ['op', 'path', 'value', 'from'] as const satisfies readonly (keyof JsonPatchOperation)[];
