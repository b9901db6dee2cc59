/**
 * The three controllers of apiextensions-apiserver that write a CustomResourceDefinition's status
 * right after it is created or changed, run here to completion after every write that changes the
 * stored CRDs (facts from k8s.io/apiextensions-apiserver 1.32, pkg/controller/status/
 * naming_controller.go, pkg/controller/establish/establishing_controller.go and
 * pkg/apihelpers/helpers.go):
 *
 * - The naming controller, for a CRD whose `spec.names` differ from its `status.acceptedNames`:
 *   each requested name is accepted when it is already this CRD's accepted name or no CRD of the
 *   same group has accepted it (plural, singular and short names against every accepted plural,
 *   singular and short name; kind and list kind against every accepted kind and list kind; the
 *   CRD's own accepted names count too); categories are always taken. The `NamesAccepted`
 *   condition is True `NoConflicts` "no conflicts found", or False with the last conflict's reason
 *   (`PluralConflict`, `SingularConflict`, `ShortNamesConflict`, `KindConflict`,
 *   `ListKindConflict`) and message (`"x" is already in use`; short names' conflicts as one
 *   aggregated message). A CRD without an `Established` condition gets False `NotAccepted` "not
 *   all names are accepted", or False `Installing` "the initial names have been accepted" once
 *   its names are accepted. Nothing is written when the names and the condition would not change.
 * - The establishing controller, for a CRD whose names are accepted and that is not established:
 *   `Established` True `InitialNamesAccepted` "the initial names have been accepted".
 * - The nonstructuralschema controller (pkg/controller/nonstructuralschema): `NonStructuralSchema`
 *   True `Violations` while preserveUnknownFields is true or a version's schema breaks the
 *   structural invariants, the errors aggregated as the message; removed when none are left.
 *
 * Both write through `/status` as kube-apiserver's own client (manager `kube-apiserver`, an
 * Update on the status subresource). A condition is added at the end of the list when it is new;
 * its `lastTransitionTime` moves only when its status changes.
 */
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { KUBERNETES_RELEASE } from './kubernetes-release.js';
import { getPath, setPath } from './object-paths.js';
import type { ClusterState, KubeObject } from './types.js';
import { update } from './verbs/update.js';
import { withCondition, withoutCondition, type Condition } from './crd-condition.js';
import { fieldErrorBody } from './status.js';
import { structuralSchemaErrors } from './validate-crd-schema.js';
import { storedCrds } from './served-crds.js';

const CRD_API_VERSION = 'apiextensions.k8s.io/v1';
/** The controllers' client: the loopback client of kube-apiserver (its manager is `kube-apiserver`). */
const USER_AGENT = `kube-apiserver/v${KUBERNETES_RELEASE}.0`;

const text = (m: Value | undefined, key: string): string => {
  const v = isMap(m) ? getKey(m, key) : undefined;
  return typeof v === 'string' ? v : '';
};
const texts = (m: Value | undefined, key: string): string[] => {
  const v = isMap(m) ? getKey(m, key) : undefined;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const NAME_FIELDS = ['plural', 'singular', 'kind', 'listKind'] as const;
const LIST_FIELDS = ['shortNames', 'categories'] as const;

/** Go's semantic equality of two CustomResourceDefinitionNames (absent, "" and [] alike). */
function sameNames(a: Value | undefined, b: Value | undefined): boolean {
  return NAME_FIELDS.every((k) => text(a, k) === text(b, k)) && LIST_FIELDS.every((k) => sameList(texts(a, k), texts(b, k)));
}

function stored(state: ClusterState): KubeObject[] {
  return storedCrds(state).map(([, o]) => o);
}

/** The names the CRDs of `group` have accepted: resource names and kind names. */
function acceptedInGroup(state: ClusterState, group: string): { resources: Set<string>; kinds: Set<string> } {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const crd of stored(state)) {
    if (text(getPath(crd, ['spec']), 'group') !== group) continue;
    const accepted = getPath(crd, ['status', 'acceptedNames']);
    resources.add(text(accepted, 'plural'));
    resources.add(text(accepted, 'singular'));
    for (const s of texts(accepted, 'shortNames')) resources.add(s);
    kinds.add(text(accepted, 'kind'));
    kinds.add(text(accepted, 'listKind'));
  }
  return { resources, kinds };
}

/** Why `requested` cannot be had, or undefined when it is this CRD's already or nobody's. */
function inUse(requested: string, accepted: string, used: ReadonlySet<string>): string | undefined {
  if (requested === accepted || !used.has(requested)) return undefined;
  return `${JSON.stringify(requested)} is already in use`;
}

/** A Go error aggregate's text: one message alone, several (deduplicated) in brackets. */
function aggregate(messages: readonly string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0] : `[${unique.join(', ')}]`;
}

function findCondition(crd: ValueMap, type: string): ValueMap | undefined {
  const list = getPath(crd, ['status', 'conditions']);
  return Array.isArray(list) ? list.find((c): c is ValueMap => isMap(c) && getKey(c, 'type') === type) : undefined;
}

function asCondition(c: ValueMap): Condition {
  return { type: text(c, 'type'), status: text(c, 'status'), reason: text(c, 'reason'), message: text(c, 'message') };
}

/** The naming controller's accepted names and conditions for `crd`. */
function namesAndConditions(state: ClusterState, crd: ValueMap): { names: ValueMap; namesAccepted: Condition; established: Condition } {
  const { resources, kinds } = acceptedInGroup(state, text(getPath(crd, ['spec']), 'group'));
  const requested = getPath(crd, ['spec', 'names']);
  const accepted = getPath(crd, ['status', 'acceptedNames']);
  const names = newMap();
  if (isMap(accepted)) for (const k of Object.keys(accepted)) names[k] = accepted[k];
  let conflict: { reason: string; message: string } | undefined;
  const take = (key: string, value: Value | undefined) => {
    if (value === undefined || value === '') delete names[key];
    else names[key] = value;
  };
  const check = (key: (typeof NAME_FIELDS)[number], used: ReadonlySet<string>, reason: string) => {
    const why = inUse(text(requested, key), text(accepted, key), used);
    if (why) conflict = { reason, message: why };
    else if (key === 'plural' || key === 'kind') names[key] = text(requested, key);
    else take(key, text(requested, key));
  };
  check('plural', resources, 'PluralConflict');
  check('singular', resources, 'SingularConflict');
  const wanted = texts(requested, 'shortNames');
  const held = texts(accepted, 'shortNames');
  if (!sameList(wanted, held)) {
    const why = wanted.filter((s) => !held.includes(s)).flatMap((s) => inUse(s, '', resources) ?? []);
    if (why.length > 0) conflict = { reason: 'ShortNamesConflict', message: aggregate(why) };
    else take('shortNames', wanted.length > 0 ? wanted : undefined);
  }
  check('kind', kinds, 'KindConflict');
  check('listKind', kinds, 'ListKindConflict');
  const categories = texts(requested, 'categories');
  take('categories', categories.length > 0 ? categories : undefined);
  const namesAccepted: Condition = conflict
    ? { type: 'NamesAccepted', status: 'False', ...conflict }
    : { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' };
  const old = findCondition(crd, 'Established');
  let established: Condition = old ? asCondition(old) : { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
  if (established.status !== 'True' && namesAccepted.status === 'True') {
    established = { type: 'Established', status: 'False', reason: 'Installing', message: 'the initial names have been accepted' };
  }
  return { names, namesAccepted, established };
}

const equivalent = (a: Condition, b: ValueMap | undefined) =>
  b !== undefined && a.type === text(b, 'type') && a.status === text(b, 'status') && a.reason === text(b, 'reason') && a.message === text(b, 'message');

/** The naming controller's new status for `crd`, or undefined when it writes nothing. */
function naming(state: ClusterState, crd: ValueMap, now: string): ValueMap | undefined {
  if (sameNames(getPath(crd, ['spec', 'names']), getPath(crd, ['status', 'acceptedNames']))) return undefined;
  const { names, namesAccepted, established } = namesAndConditions(state, crd);
  if (sameNames(names, getPath(crd, ['status', 'acceptedNames'])) && equivalent(namesAccepted, findCondition(crd, 'NamesAccepted'))) return undefined;
  let next = setPath(crd, ['status', 'acceptedNames'], names);
  next = withCondition(next, namesAccepted, now);
  return withCondition(next, established, now);
}

/** The establishing controller's new status for `crd`, or undefined when it writes nothing. */
function establishing(crd: ValueMap, now: string): ValueMap | undefined {
  const accepted = findCondition(crd, 'NamesAccepted');
  const established = findCondition(crd, 'Established');
  if (!accepted || text(accepted, 'status') !== 'True' || (established && text(established, 'status') === 'True')) return undefined;
  return withCondition(crd, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }, now);
}

/**
 * The nonstructuralschema controller's condition for `crd`: True `Violations` with every
 * version's structural errors (at `spec.versions[i].schema.openAPIV3Schema`) and a true
 * preserveUnknownFields (`must be false`), aggregated; undefined when there are none.
 */
function nonStructuralCondition(crd: ValueMap): Condition | undefined {
  const errors: string[] = [];
  if (getPath(crd, ['spec', 'preserveUnknownFields']) === true) errors.push('spec.preserveUnknownFields: Invalid value: true: must be false');
  const versions = getPath(crd, ['spec', 'versions']);
  (Array.isArray(versions) ? versions : []).forEach((v, i) => {
    const schema = getPath(v, ['schema', 'openAPIV3Schema']);
    if (!isMap(schema ?? null)) return;
    for (const e of structuralSchemaErrors(schema, `spec.versions[${i}].schema.openAPIV3Schema`)) errors.push(`${e.field}: ${fieldErrorBody(e)}`);
  });
  return errors.length === 0 ? undefined : { type: 'NonStructuralSchema', status: 'True', reason: 'Violations', message: aggregate(errors) };
}

/** The nonstructuralschema controller's new status for `crd`, or undefined when it writes nothing. */
function nonStructural(crd: ValueMap, now: string): ValueMap | undefined {
  const cond = nonStructuralCondition(crd);
  const old = findCondition(crd, 'NonStructuralSchema');
  if (!cond) return old ? withoutCondition(crd, 'NonStructuralSchema') : undefined;
  return equivalent(cond, old) ? undefined : withCondition(crd, cond, now);
}

/** One PUT of `crd` to its `/status` by the controllers; the state unchanged when it fails. */
function writeStatus(state: ClusterState, crd: ValueMap, now: string): ClusterState {
  const name = text(getPath(crd, ['metadata']), 'name');
  const r = update(state, {
    verb: 'update',
    body: crd as KubeObject,
    target: { apiVersion: CRD_API_VERSION, kind: 'CustomResourceDefinition', name },
    options: { subresource: 'status', userAgent: USER_AGENT, now },
  });
  return r.response.ok ? r.state : state;
}

/**
 * What the CRD controllers write after `state`, run until they are done: the naming controller
 * over every stored CRD, then the establishing controller, again until neither writes. The state
 * after each of their writes, in order (none when they have nothing to do).
 */
export function crdControllerWrites(state: ClusterState, now: string): ClusterState[] {
  const out: ClusterState[] = [];
  let s = state;
  const write = (crd: ValueMap) => {
    const next = writeStatus(s, crd, now);
    if (next !== s) out.push((s = next));
  };
  // Each round accepts or establishes at least one CRD, so there are at most two per CRD.
  for (let round = 0; round <= 2 * stored(state).length; round++) {
    const before = s;
    for (const crd of stored(s)) {
      const next = naming(s, crd, now);
      if (next) write(next);
    }
    for (const crd of stored(s)) {
      const next = establishing(crd, now);
      if (next) write(next);
    }
    for (const crd of stored(s)) {
      const next = nonStructural(crd, now);
      if (next) write(next);
    }
    if (s === before) break;
  }
  return out;
}
