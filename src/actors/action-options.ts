/**
 * The options each action takes, as data: one declaration per action, checked by the compiler
 * against the action's options type (every key of the type, and no other), so that a scenario
 * file can be checked before it runs and a typo (`forse: true`) is an error instead of an option
 * silently not given.
 *
 * Each option says what its value is:
 * - `value`: data passed through as written;
 * - `manifests`: objects, possibly as YAML text (read by the actor as kubectl reads `-f`);
 * - `yaml`: a value, possibly as YAML or JSON text (kubectl's `-p`);
 * - `runner`: supplied by whoever runs the actor (a scenario file does not write it).
 */
import type { MutatingWebhookOptions } from './actor.js';
import type { actions, ActionName } from './index.js';

export type OptionNature = 'value' | 'manifests' | 'yaml' | 'runner';

type OptionsOf<N extends ActionName> = Parameters<(typeof actions)[N]>[1];

/** Every key of an options type, each with its nature: no key missing, none extra. */
export type OptionDeclaration<O> = { readonly [K in keyof Required<O>]: OptionNature };

const common = { now: 'value', userAgent: 'value' } as const;
const target = { resource: 'value', name: 'value', namespace: 'value' } as const;
const objectRef = { apiVersion: 'value', kind: 'value', name: 'value', namespace: 'value' } as const;
const eksAddon = {
  addonName: 'value',
  addonVersion: 'value',
  manifests: 'manifests',
  clusterName: 'value',
  region: 'value',
  resolveConflicts: 'value',
  preserveModel: 'value',
  configurationValues: 'value',
  fieldManager: 'value',
  current: 'runner',
  ...common,
} as const;

export const ACTION_OPTIONS = {
  'kubectl-apply': {
    manifests: 'manifests',
    namespace: 'value',
    serverSide: 'value',
    fieldManager: 'value',
    forceConflicts: 'value',
    force: 'value',
    dryRun: 'value',
    subresource: 'value',
    output: 'value',
    validate: 'value',
    filename: 'value',
    ...common,
  },
  'kubectl-create': { manifests: 'manifests', namespace: 'value', saveConfig: 'value', fieldManager: 'value', dryRun: 'value', validate: 'value', filename: 'value', ...common },
  'kubectl-set-env': { ...target, env: 'value', remove: 'value', container: 'value', fieldManager: 'value', dryRun: 'value', ...common },
  'kubectl-set-image': { ...target, images: 'value', fieldManager: 'value', dryRun: 'value', ...common },
  'kubectl-edit': { ...target, changes: 'value', edited: 'value', saveConfig: 'value', fieldManager: 'value', validate: 'value', ...common },
  'kubectl-patch': { ...target, type: 'value', patch: 'yaml', subresource: 'value', fieldManager: 'value', dryRun: 'value', ...common },
  'kubectl-scale': { ...target, replicas: 'value', currentReplicas: 'value', dryRun: 'value', ...common },
  'kubectl-label': { ...target, labels: 'value', overwrite: 'value', fieldManager: 'value', dryRun: 'value', ...common },
  'kubectl-annotate': { ...target, annotations: 'value', overwrite: 'value', fieldManager: 'value', dryRun: 'value', ...common },
  'kubectl-rollout-restart': { ...target, fieldManager: 'value', ...common },
  'eks-create-addon': eksAddon,
  'eks-update-addon': eksAddon,
  'controller-write-status': { ...objectRef, status: 'value', manager: 'value', method: 'value', ...common },
  'autoscaler-scale': { ...objectRef, replicas: 'value', manager: 'value', ...common },
  'mutating-webhook': { name: 'value', match: 'value', patch: 'value', ...common },
  'server-side-apply': { manifests: 'manifests', namespace: 'value', fieldManager: 'value', force: 'value', dryRun: 'value', ...common },
  'client-update': { ...objectRef, method: 'value', patch: 'value', object: 'value', fieldManager: 'value', subresource: 'value', ...common },
} as const satisfies { readonly [N in ActionName]: OptionDeclaration<OptionsOf<N>> };

/** Keys declared (through the shared groups above) that an action's options type does not have: none. */
type Undeclared = { readonly [N in ActionName]: Exclude<keyof (typeof ACTION_OPTIONS)[N], keyof OptionsOf<N>> };
const noExtraKeys: { readonly [N in ActionName]: never } = {} as Undeclared;
void noExtraKeys;

/** The options a scenario file may give an action, in declaration order. */
export function fileOptionKeys(action: ActionName): string[] {
  const decl = ACTION_OPTIONS[action] as Readonly<Record<string, OptionNature>>;
  return Object.keys(decl).filter((k) => decl[k] !== 'runner');
}

/** The options of an action whose value may be YAML text, and how it is read. */
export function textOptions(action: ActionName): { readonly key: string; readonly nature: 'manifests' | 'yaml' }[] {
  const decl = ACTION_OPTIONS[action] as Readonly<Record<string, OptionNature>>;
  return Object.keys(decl).flatMap((key) => (decl[key] === 'manifests' || decl[key] === 'yaml' ? [{ key, nature: decl[key] }] : []));
}

/** The keys of a mutating webhook's `match`. */
export const WEBHOOK_MATCH_KEYS: readonly string[] = Object.keys({
  apiVersion: 'value',
  kind: 'value',
  namespace: 'value',
  operations: 'value',
} as const satisfies OptionDeclaration<MutatingWebhookOptions['match']>);
