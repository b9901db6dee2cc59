/**
 * What a path's ownership means for the next write (`ssa-sim explain`'s "what this means"), from
 * the layers that know rather than a rule of thumb:
 *
 * - whether anyone can own it: the API server takes some metadata (name, uid, resourceVersion...)
 *   out of every entry;
 * - where the field can be written at all: the API server's reset fields per endpoint (a Deployment's
 *   main resource resets `.status`: no apply there owns, changes or conflicts on it);
 * - what can conflict on it, from the engine's rule (engine-semantics §5.5: an apply conflicts on a
 *   path another manager owns that it adds or modifies): any value when the object lacks the field,
 *   a different value for a node owned whole, nothing for a set item or a granular node (a map, a
 *   keyed item: its fields conflict, each with its own owners);
 * - what happens when its only applier stops applying it: that applier's next apply, run against
 *   the object in the offline API server (its own fields, from its entry, without the path), and
 *   the server's answer read at the path (removed, or set again by the server's defaulting).
 */
import type { KubeObject } from '../apiserver/types.js';
import { createRefusal, NEVER_TRACKED, type Refusal, resetEndpoints, updateRefusal } from '../apiserver/index.js';
import { type Path, PeKind } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { withValueAt } from '../fieldpath/value-at-path.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import type { Atom } from '../schema/schema.js';
import { extractItems } from '../typed/remove-items.js';
import { nodeAt, nodeHandler, ownedWhole, ownersOfPath } from '../typed/owners-of-path.js';
import { stringifyJson } from '../value/stringify-json.js';
import { valueEquals } from '../value/equals.js';
import { getKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { clusterObjectDisplay } from './cluster-mode.js';
import type { PathOwnership } from './explain-path.js';
import { liveCluster, offlineApply } from './offline-apply.js';
import { apiVersionShown, type OwnerEntry } from './owners.js';
import { parseLastApplied, readLastApplied } from '../actors/kubectl/last-applied.js';
import { valueAtPath } from './value-at-path.js';
import { withoutPath } from './without-path.js';

export interface MeaningInput {
  readonly catalog: SchemaCatalog;
  /** The live object as captured (managedFields included). */
  readonly live: KubeObject;
  /** The same without managedFields, and its type. */
  readonly object: Value;
  readonly type: Atom;
  readonly ownership: PathOwnership;
  /** The time of the hypothetical applies (RFC 3339). */
  readonly now: string;
}

/**
 * Whether `path` is a key field of a keyed list's item (`.ports[port=80,protocol="TCP"].port`),
 * and whether leaving it out of the item still names the same item: the item's type defaults it
 * to its value here (`protocol: TCP`), as the engine completes keys.
 */
function keyField(path: Path, atom: Atom, object: Value): { readonly sameItemWithout: boolean } | undefined {
  const last = path[path.length - 1];
  const item = path[path.length - 2];
  if (last?.kind !== PeKind.Field || item?.kind !== PeKind.Key || !item.fields.some((f) => f.name === last.name)) return undefined;
  const node = nodeAt(path.slice(0, -1), atom, object);
  if (node === undefined) return { sameItemWithout: false };
  const field = node.atom.map?.fields.get(last.name);
  const value = item.fields.find((f) => f.name === last.name)!.value;
  return { sameItemWithout: field?.hasDefault === true && valueEquals(field.default as Value, value) };
}

/** Whether the engine owns the node at `path` whole (a scalar, an atomic map or list). */
function nodeOwnedWhole(path: Path, atom: Atom, object: Value): boolean {
  const node = nodeAt(path, atom, object);
  return node !== undefined && ownedWhole(node.atom, nodeHandler(node.atom, node.value, undefined));
}

const list = (names: readonly string[]) => names.join(' and ');
const endpointsText = (eps: readonly string[]) => eps.map((e) => `/${e}`).join(' or ');

/**
 * The object `entry` would apply next if it stopped applying `drop`: its own fields (read from
 * the object through its set) without `drop`, with the object's identity.
 */
function configWithout(entry: OwnerEntry, drop: Path, object: Value, atom: Atom): ValueMap | undefined {
  if (!isMap(object)) return undefined;
  const fields = withoutPath(extractItems(object, entry.set, atom), drop);
  const out = newMap();
  out.apiVersion = getKey(object, 'apiVersion') ?? null;
  out.kind = getKey(object, 'kind') ?? null;
  const meta = isMap(object.metadata) ? object.metadata : newMap();
  const own = isMap(fields) && isMap(getKey(fields, 'metadata')) ? (getKey(fields, 'metadata') as ValueMap) : newMap();
  const metadata = newMap();
  for (const k of Object.keys(own)) metadata[k] = own[k];
  metadata.name = getKey(meta, 'name') ?? null;
  if (getKey(meta, 'namespace') !== undefined) metadata.namespace = getKey(meta, 'namespace')!;
  out.metadata = metadata;
  if (isMap(fields)) for (const k of Object.keys(fields)) if (k !== 'apiVersion' && k !== 'kind' && k !== 'metadata') out[k] = fields[k];
  return out;
}

/**
 * What the API server answers when `entry` (an applier of the main resource) applies its own
 * fields without `drop`: the value at `path` afterwards and who owns it, or undefined when the
 * question cannot be put (another version's entry) or the apply fails.
 */
function nextApplyWithout(input: MeaningInput, entry: OwnerEntry, drop: Path): { value: Value | undefined; owners: string[] } | undefined {
  const { live, object, type, ownership } = input;
  if (entry.subresource !== '' || entry.apiVersion !== getKey(object as ValueMap, 'apiVersion')) return undefined;
  const config = configWithout(entry, drop, object, type);
  if (config === undefined) return undefined;
  const result = offlineApply({ catalog: input.catalog, live: [live], manifests: [config], fieldManager: entry.manager, force: false, clientSide: false, now: input.now });
  if (result.outcome.exitCode !== 0) return undefined;
  const display = clusterObjectDisplay(live);
  const after = result.after.objects.find((o) => o.display === display);
  if (after === undefined) return undefined;
  const owners = [...new Set(ownersOfPath(after.owners, ownership.path, after.type.get(), after.object).map((o) => o.entry.manager))];
  // The apply did not drop it (the entry's set does not read back as that applier's config): no answer.
  if (owners.includes(entry.manager)) return undefined;
  return { value: valueAtPath(after.object, ownership.path), owners };
}

/** The value at the path after a `kubectl apply` offline, and who owns it; undefined when it fails. */
interface KubectlAfter {
  readonly value: Value | undefined;
  readonly owners: readonly string[];
  readonly migrated: boolean;
}

/**
 * What `kubectl apply` (client-side, or `--server-side` as `kubectl` with its migration of
 * client-side ownership) does to the path when its manifest is the object's last-applied
 * annotation without the path (server-side with --force-conflicts, so that conflicts elsewhere do
 * not hide the answer): undefined when the object has no annotation or the apply fails.
 */
function kubectlApplyWithout(input: MeaningInput, clientSide: boolean): KubectlAfter | undefined {
  const last = parseLastApplied(readLastApplied(input.live as Value));
  if (last === undefined) return undefined;
  const config = withoutPath(last, input.ownership.path);
  if (!isMap(config)) return undefined;
  // Forced: conflicts on other fields are not the question; what leaving this one out does is.
  const result = offlineApply({ catalog: input.catalog, live: [input.live], manifests: [config], force: !clientSide, clientSide, now: input.now });
  if (result.outcome.exitCode !== 0) return undefined;
  const after = result.after.objects.find((o) => o.display === clusterObjectDisplay(input.live));
  if (after === undefined) return undefined;
  const owners = [...new Set(ownersOfPath(after.owners, input.ownership.path, after.type.get(), after.object).map((o) => o.entry.manager))];
  return { value: valueAtPath(after.object, input.ownership.path), owners, migrated: result.migrated };
}

/** "removes it", and what the API server sets instead when it defaults the field back. */
function removal(after: KubectlAfter): string {
  if (after.value === undefined || after.value === null) return 'removes it';
  return `removes it (the API server sets it to its default ${stringifyJson(after.value)}, owned by ${after.owners.length > 0 ? list(after.owners) : 'nobody'})`;
}

/**
 * The lines for a field only Update entries of OWNER own: no applier prunes it, except kubectl,
 * whose client-side apply deletes what the last-applied annotation lists and the manifest drops,
 * and whose server-side apply first takes over kubectl-client-side-apply's fields (each asked of
 * the offline API server).
 */
function updateOwnerLines(input: MeaningInput, owner: string): string[] {
  const gone = (a: KubectlAfter | undefined): a is KubectlAfter => a !== undefined && !a.owners.includes(owner) && !valueEqualsAt(a, input.ownership.value);
  const csa = kubectlApplyWithout(input, true);
  const ssa = kubectlApplyWithout(input, false);
  const out: string[] = [];
  if (gone(csa)) out.push(`a client-side \`kubectl apply\` whose manifest leaves it out ${removal(csa)}: the last-applied annotation lists it, so kubectl's patch deletes it.`);
  if (gone(ssa)) {
    const why = ssa.migrated ? `: kubectl first moves ${owner}'s fields into its own Apply entry (client-side apply migration), and its apply prunes them` : '';
    // kubectl migrates client-side-apply ownership to whatever field manager it applies as.
    out.push(`\`kubectl apply --server-side\`${ssa.migrated ? ' (whatever its --field-manager)' : ''} leaving it out ${removal(ssa)}${out.length > 0 ? ' too' : ''}${why}.`);
  }
  if (out.length === 0) return [`${owner} owns it through an Update: no apply of ${owner}'s removes it; another applier leaving it out does not either.`];
  return [...out, `an apply by another client (EKS, Flux, Helm...: they do not migrate) that leaves it out does not remove it: ${owner} owns it through an Update.`];
}

/** Whether the path still has the value it had before. */
function valueEqualsAt(after: KubectlAfter, before: Value | undefined): boolean {
  return after.value !== undefined && before !== undefined && stringifyJson(after.value) === stringifyJson(before);
}

/**
 * The API server's last-applied exception (apiserver-semantics §2.8): an apply by the manager
 * named exactly `kubectl` is forgiven its conflicts on the fields whose live value still equals
 * the live object's last-applied annotation (of the same apiVersion), whoever owns them. True when
 * that holds for the node an apply would conflict on (the path, or the atomic ancestor owning it)
 * and kubectl's own Apply entry is not already an owner.
 */
function forgivenToKubectl(input: MeaningInput, owners: readonly OwnerEntry[]): boolean {
  if (owners.every((x) => x.manager === 'kubectl' && x.operation === 'Apply')) return false;
  const last = parseLastApplied(readLastApplied(input.live as Value));
  if (last === undefined || getKey(last, 'apiVersion') !== getKey(input.live as ValueMap, 'apiVersion')) return false;
  const o = input.ownership;
  const node = o.viaAtomic.length > 0 ? pathOfAncestor(o.path, o.viaAtomic[0].ancestor) : o.path;
  const before = valueAtPath(input.object, node);
  const annotated = valueAtPath(last, node);
  return before !== undefined && annotated !== undefined && valueEquals(before, annotated);
}

/**
 * The fields that name an object: a write with other values is aimed at another object. Not
 * apiVersion: another version of the kind is another view of the same object, when it is served.
 */
const NAMING_FIELDS: readonly (readonly string[])[] = [['kind'], ['metadata', 'name'], ['metadata', 'namespace']];

/**
 * How an update changing the value at `path` is refused (undefined: it may change), asked of the
 * API server (a dry-run PUT, update-refusal.ts), less what a create of the changed object is
 * refused for too: that refuses the value tried, not its change.
 */
function changeRefusal(input: MeaningInput, path: Path, value: Value): Refusal | undefined {
  const next = withValueAt(input.object, path, () => anotherValue(value));
  if (next === undefined) return undefined;
  const state = liveCluster(input.catalog, [], input.now);
  const refused = updateRefusal(state, input.object, next);
  if (refused === undefined) return undefined;
  const onCreate = createRefusal(state, input.object, next);
  if (refused.causes.length === 0) return onCreate?.message === refused.message ? undefined : refused;
  const text = (c: { readonly field?: string; readonly message: string }) => `${c.field ?? ''}: ${c.message}`;
  const invalidValue = new Set((onCreate?.causes ?? []).map(text));
  const causes = refused.causes.filter((c) => !invalidValue.has(text(c)));
  return causes.length > 0 ? { ...refused, causes } : undefined;
}

/**
 * A value of the same shape as `v` that differs from it: a string's last digit changed to another
 * digit (an address, a quantity, a port or a time stays one), or its last character when it has no
 * digit (its length and alphabet kept, so format checks still pass), a number plus one, a boolean
 * negated, a map or list with its first member so changed; undefined where nothing can change
 * (null, empty).
 */
function anotherValue(v: Value): Value | undefined {
  if (typeof v === 'string') return anotherString(v);
  if (typeof v === 'number') return v + 1;
  if (typeof v === 'boolean') return !v;
  if (Array.isArray(v)) {
    const first = v.length > 0 ? anotherValue(v[0]) : undefined;
    return first === undefined ? undefined : [first, ...v.slice(1)];
  }
  if (isMap(v)) {
    const key = Object.keys(v)[0];
    const first = key === undefined ? undefined : anotherValue(v[key]);
    if (first === undefined) return undefined;
    const out = newMap();
    for (const k of Object.keys(v)) out[k] = k === key ? first : v[k];
    return out;
  }
  return undefined;
}

function anotherString(v: string): string {
  if (v === '') return 'a';
  for (let i = v.length - 1; i >= 0; i--) {
    const c = v.charCodeAt(i);
    // 0-8 up by one, 9 down by one: no carry, the same number of digits.
    if (c >= 48 && c <= 57) return v.slice(0, i) + String.fromCharCode(c === 57 ? 56 : c + 1) + v.slice(i + 1);
  }
  return v.slice(0, -1) + (v.endsWith('a') ? 'b' : 'a');
}

/** The "what this means" lines, each `  - ...`. */
export function meaningLines(input: MeaningInput): string[] {
  const o = input.ownership;
  const path = o.path;
  const all = [...o.owners, ...o.viaAtomic.map((v) => v.owner)];
  const names = [...new Set(all.map((x) => x.manager))];
  const out: string[] = [];

  // Where the field can be written: the endpoints whose strategy does not reset it.
  const fieldNames: string[] = [];
  for (const pe of path) {
    if (pe.kind !== PeKind.Field) break;
    fieldNames.push(pe.name);
  }
  const resets = resetEndpoints(liveCluster(input.catalog, [], input.now), input.live, fieldNames);
  const mainReset = resets?.resetting.find((r) => r.endpoint === '');
  let via = '';
  // The endpoints the next apply of the field goes through: the main resource, or the subresources that may write it.
  let endpoints: readonly string[] = [''];
  if (resets && mainReset) {
    const writable = resets.served.filter((s) => s !== '' && !resets.resetting.some((r) => r.endpoint === s));
    const reset = pathToString(path.slice(0, mainReset.fields.length));
    out.push(
      `an apply or update of the main resource never owns, changes or conflicts on it: the API server resets ${reset} there.` +
        (writable.length > 0 ? ` Only writes through ${endpointsText(writable)} do:` : ''),
    );
    via = writable.length > 0 ? ` through ${endpointsText(writable)}` : '';
    endpoints = writable;
  }

  // A field the API server refuses to change once the object exists (a workload's selector, an
  // immutable ConfigMap's data...): asked of an update of the object with the value changed. A
  // field that names the object (kind, name, namespace) aims an apply at another object instead;
  // only an update of this one is refused. The apiVersion is left out: the PUT would be refused
  // for a body at another version than its URL's, which says nothing of a write at that version.
  const isApiVersion = path.length === 1 && fieldNames[0] === 'apiVersion';
  const refused = o.value === undefined || isApiVersion ? undefined : changeRefusal(input, path, o.value);
  if (refused !== undefined) {
    const why = `HTTP ${refused.code}: ${refused.causes.length > 0 ? refused.causes.map((e) => `${e.field ?? ''}: ${e.message}`).join('; ') : refused.message}`;
    const naming = fieldNames.length === path.length && NAMING_FIELDS.some((p) => p.length === path.length && p.every((name, i) => name === fieldNames[i]));
    out.push(
      naming
        ? `it names the object: an apply with another value is aimed at another object (created when there is none; this one is left as it is), and an update of this one that changes it is refused (${why}).`
        : `the API server refuses any change of it once the object exists (${why}): an apply or update that changes its value fails, whoever owns it and with force too; one that keeps its value still writes.`,
    );
  }

  // Paths the API server takes out of every writer's entry (apiserver-semantics §2.3).
  const neverTracked = fieldNames.length === path.length && NEVER_TRACKED.some((p) => p.length === path.length && p.every((name, i) => name === fieldNames[i]));
  if (all.length === 0 && neverTracked && o.below.length === 0) {
    out.push("the API server never tracks it: it takes it out of every writer's managedFields entry, so nobody owns it, no apply or update conflicts on it, and no apply removes it by leaving it out.");
    return out.map((l) => `  - ${l}`);
  }
  if (all.length === 0 && o.below.length > 0) {
    // A map whose own key nobody holds passes nothing down: its fields keep their owners.
    out.push('nobody owns it as a whole, but fields under it have owners (below): an apply that changes one of them conflicts with its owner (HTTP 409) unless it forces; an update never conflicts.');
    return out.map((l) => `  - ${l}`);
  }
  const key = o.value === undefined ? undefined : keyField(path, input.type, input.object);
  if (all.length === 0) {
    out.push(
      'nobody owns it: it was set by a mutating webhook or defaulted after an apply, or every owner lost it.',
      key !== undefined
        ? 'it is a key of its list item: an apply of this item with it takes it without a conflict (another value names another item); an apply that leaves it out does not remove it.'
        : `an apply${via} that sets it takes it without a conflict; an apply that leaves it out does not remove it.`,
    );
    return out.map((l) => `  - ${l}`);
  }

  // Whom an apply that adds or changes it conflicts with. An owner is a manager and an operation
  // (apiserver-semantics §1.2): an applier never conflicts with its own Apply entry, always with
  // an Update entry, its own manager name's included (kubectl apply --server-side after kubectl scale).
  const atEndpoint = (x: OwnerEntry) => x.operation === 'Apply' && endpoints.includes(x.subresource);
  const conflicts = (when: string, tail: string): string[] => {
    // An Apply entry of another endpoint (an apply to /scale) is another owner to this apply, its manager's too.
    const appliers = [...new Set(all.filter(atEndpoint).map((x) => x.manager))];
    const updaters = [...new Set(all.filter((x) => x.operation === 'Update').map((x) => x.manager))];
    const elsewhere = all.filter((x) => x.operation === 'Apply' && !atEndpoint(x));
    const lines: string[] = [];
    if (appliers.length > 0) lines.push(`an apply${via} by any other manager that ${when} conflicts with ${list(appliers)} (HTTP 409) unless it forces${tail}`);
    if (updaters.length > 0 && elsewhere.length === 0) {
      const owns = updaters.length === 1 ? `${updaters[0]} owns it` : `${list(updaters)} own it`;
      lines.push(
        `an apply${via} that ${when} conflicts with ${list(updaters)} (HTTP 409) unless it forces, whoever applies: an apply as ${updaters.join(' or ')} too, since ${owns} through an Update and an applier is another owner (an owner is a manager and an operation)${tail}`,
      );
    } else if (elsewhere.length > 0) {
      const others = all.filter((x) => !atEndpoint(x));
      const names = [...new Set(others.map((x) => x.manager))];
      const how = others.map((x) => `${x.manager} through ${x.operation === 'Update' ? 'an Update' : `an apply to /${x.subresource}`}`);
      lines.push(
        `an apply${via} that ${when} conflicts with ${list(names)} (HTTP 409) unless it forces, whoever applies: an apply as ${names.join(' or ')} too, since ${list([...new Set(how)])} ${others.length === 1 ? 'owns' : 'own'} it and an applier is another owner (an owner is a manager, an operation and a subresource)${tail}`,
      );
    }
    return lines;
  };
  const last = path[path.length - 1];
  if (key !== undefined) {
    out.push('it is a key of its list item: an apply with another value names another item, so no apply conflicts on it; one that applies this item becomes a co-owner.');
  } else if (o.value === undefined) {
    out.push(...conflicts('sets it', ', whatever the value: the object does not have it, so the apply adds it.'));
  } else if (o.viaAtomic.length === 0 && last?.kind === PeKind.Value) {
    out.push('no apply conflicts on it: an item of a set has no other value; an apply that lists it becomes a co-owner.');
  } else if (o.viaAtomic.length === 0 && !nodeOwnedWhole(path, input.type, input.object)) {
    out.push('no apply conflicts on it as a whole: conflicts come from the fields under it, each with its own owners.');
  } else {
    out.push(...conflicts('sets a different value', '; one that sets the same value becomes a co-owner.'));
    if (forgivenToKubectl(input, all)) {
      out.push('except an apply by kubectl (kubectl apply --server-side): the live value still equals the last-applied annotation, so the API server forgives that conflict and kubectl takes the field as if forced.');
    }
  }
  out.push(
    mainReset
      ? `an update${via} (a controller writing it) never conflicts: it takes the field silently.`
      : 'an update (kubectl edit, patch, set, scale; a controller writing the object) never conflicts: it takes the field silently.',
  );

  const appliers = all.filter(atEndpoint);
  // Owners are entries: a manager with an Apply and an Update entry is two of them.
  const versionShown = apiVersionShown(all);
  const labels = all.map((x) => (names.length < all.length ? `${x.manager} (${x.operation}${versionShown(x) ? ` ${x.apiVersion}` : ''}${x.subresource ? ` /${x.subresource}` : ''})` : x.manager));
  if (key !== undefined && !key.sameItemWithout) out.push('it goes with its item: a key cannot be left out of an item that stays.');
  else if (all.length > 1) out.push(`it stays as long as one of ${[...new Set(labels)].join(', ')} still owns it; an applier that stops applying it only gives up its share.`);
  else if (appliers.length > 0) {
    const a = appliers[0];
    const through = o.viaAtomic.find((v) => v.owner === a);
    const drop = through ? pathOfAncestor(path, through.ancestor) : path;
    const what = through ? `${through.ancestor} (which holds it)` : 'it';
    const next = o.value === undefined ? undefined : nextApplyWithout(input, a, drop);
    if (next === undefined || next.value === undefined) out.push(`if ${a.manager} stops applying ${what}, the next apply by ${a.manager} removes it (nobody else owns it).`);
    else {
      const by = next.owners.length > 0 ? `owned by ${list(next.owners)}` : 'owned by nobody';
      // The same value after that apply: given up, not removed and set again (a list owned whole
      // before its schema made it granular keeps its items; a value equal to its default stays).
      if (next.value !== null && o.value !== undefined && valueEquals(next.value, o.value)) {
        out.push(`if ${a.manager} stops applying ${what}, the next apply by ${a.manager} gives it up: it stays in the object as it is, ${by}.`);
        return out.map((l) => `  - ${l}`);
      }
      // The server's decode writes Go's zero (null) for a field it always serializes.
      const back = next.value === null ? "writes null there (Go's zero value for it)" : `sets it to its default ${stringifyJson(next.value)}`;
      out.push(`if ${a.manager} stops applying ${what}, the next apply by ${a.manager} removes it and the API server ${back}, ${by}.`);
    }
  } else if (all[0].operation === 'Apply') {
    // Its only owner applied it through another endpoint: an apply here prunes only its own entry's fields.
    const x = all[0];
    out.push(`${x.manager} owns it through an apply to /${x.subresource}: an apply${via || ' of the main resource'} that leaves it out does not remove it, ${x.manager}'s included.`);
  } else out.push(...updateOwnerLines(input, names[0]));
  return out.map((l) => `  - ${l}`);
}

/** The prefix of `path` that prints as `ancestor`. */
function pathOfAncestor(path: Path, ancestor: string): Path {
  for (let n = 1; n <= path.length; n++) if (pathToString(path.slice(0, n)) === ancestor) return path.slice(0, n);
  return path;
}
