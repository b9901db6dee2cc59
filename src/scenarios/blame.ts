/**
 * An object's YAML, line by line, with the managedFields entries that own each line's field
 * (`ssa-sim blame`, and the playground's ownership view). Works without a schema: list items are
 * recognised by the key fields (`k:{"name":"x"}`) or values (`v:"x"`) the entries use.
 *
 * A line is owned by an entry when the entry's set holds the line's path, or holds an ancestor as
 * a leaf (an atomic map or list, owned as one). The line of a list item's first field carries the
 * item's owners as well as the field's.
 */
import { toYaml } from '../manifest/write-yaml.js';
import { type Path, type PathElement, PeKind, fieldElement, indexElement, keyElement, valueElement } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { FieldSet } from '../fieldpath/set.js';
import { valueEquals } from '../value/equals.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';
import type { OwnerEntry } from './owners.js';

export interface BlameLine {
  /** The YAML line, without its newline. */
  readonly text: string;
  /** The field path the line shows (absent for continuation lines of long scalars). */
  readonly path: string | undefined;
  /** Entries owning the line's field, in managedFields order. */
  readonly owners: readonly OwnerEntry[];
  /** True when ownership comes from an atomic ancestor rather than the field itself. */
  readonly viaAtomic: boolean;
}

type Ownership = 'none' | 'member' | 'leaf';

function ownershipAt(set: FieldSet, path: Path): Ownership {
  let node: FieldSet | undefined = set;
  for (let i = 0; i < path.length - 1; i++) {
    node = node.childAt(path[i]);
    if (!node) return 'none';
  }
  const last = path[path.length - 1];
  if (!node.hasMember(last)) return 'none';
  const below = node.childAt(last);
  return below && !below.isEmpty() ? 'member' : 'leaf';
}

function nodeAt(set: FieldSet, path: Path): FieldSet | undefined {
  let node: FieldSet | undefined = set;
  for (const pe of path) {
    node = node.childAt(pe);
    if (!node) return undefined;
  }
  return node;
}

/** The element naming `item` of the list at `listPath`, as the entries name it. */
function itemElement(owners: readonly OwnerEntry[], listPath: Path, item: Value, index: number): PathElement {
  for (const o of owners) {
    const node = nodeAt(o.set, listPath);
    if (!node) continue;
    const candidates = [...node.members(), ...node.children().map((c) => c.pe)];
    for (const pe of candidates) {
      if (pe.kind === PeKind.Key && isMap(item) && pe.fields.every((f) => valueEquals(getKey(item, f.name) ?? undefined, f.value))) return pe;
      if (pe.kind === PeKind.Value && valueEquals(pe.value, item)) return pe;
      if (pe.kind === PeKind.Index && pe.index === index) return pe;
    }
  }
  if (isMap(item) && typeof getKey(item, 'name') === 'string') return keyElement([{ name: 'name', value: getKey(item, 'name')! }]);
  if (!isMap(item) && !isList(item)) return valueElement(item);
  return indexElement(index);
}

/** The scalar as YAML text (several lines for literal blocks and folded strings). */
function scalarLines(v: Value): string[] {
  return toYaml(v).replace(/\n$/, '').split('\n');
}

function keyText(k: string): string {
  return toYaml(k).replace(/\n$/, '');
}

export function blameLines(object: Value, owners: readonly OwnerEntry[]): BlameLine[] {
  const out: BlameLine[] = [];
  const ownersOf = (path: Path, atomic: readonly OwnerEntry[]): { owners: OwnerEntry[]; viaAtomic: boolean; leafOf: OwnerEntry[] } => {
    const direct: OwnerEntry[] = [];
    const leafOf: OwnerEntry[] = [];
    for (const o of owners) {
      const own = ownershipAt(o.set, path);
      if (own !== 'none') direct.push(o);
      if (own === 'leaf') leafOf.push(o);
    }
    const extra = atomic.filter((o) => !direct.includes(o));
    return { owners: [...direct, ...extra], viaAtomic: direct.length === 0 && extra.length > 0, leafOf };
  };

  const emit = (text: string, path: Path | undefined, own: { owners: OwnerEntry[]; viaAtomic: boolean }) =>
    out.push({ text, path: path ? pathToString(path) : undefined, owners: own.owners, viaAtomic: own.viaAtomic });

  /** Writes `value` (at `path`) after `head` (`key:` or `- key:` already on the line). */
  const value = (head: string, indent: number, v: Value, path: Path, atomic: readonly OwnerEntry[], extraOwners: readonly OwnerEntry[]) => {
    const own = ownersOf(path, atomic);
    for (const o of extraOwners) if (!own.owners.includes(o)) own.owners.push(o);
    const below = [...atomic, ...own.leafOf.filter((o) => !atomic.includes(o))];
    if (isMap(v) && Object.keys(v).length > 0) {
      emit(head, path, own);
      map(v, indent + 2, path, below);
    } else if (isList(v) && v.length > 0) {
      emit(head, path, own);
      list(v, indent, path, below);
    } else {
      const lines = isMap(v) ? ['{}'] : isList(v) ? ['[]'] : scalarLines(v);
      emit(`${head} ${lines[0]}`, path, own);
      for (const l of lines.slice(1)) out.push({ text: ' '.repeat(indent + 2) + l.replace(/^ {2}/, ''), path: undefined, owners: own.owners, viaAtomic: own.viaAtomic });
    }
  };

  const map = (m: ValueMap, indent: number, path: Path, atomic: readonly OwnerEntry[], firstPrefix?: string, itemOwners: readonly OwnerEntry[] = []) => {
    Object.keys(m).forEach((k, i) => {
      const prefix = i === 0 && firstPrefix !== undefined ? firstPrefix : ' '.repeat(indent);
      value(`${prefix}${keyText(k)}:`, indent, m[k], [...path, fieldElement(k)], atomic, i === 0 ? itemOwners : []);
    });
  };

  const list = (l: Value[], indent: number, path: Path, atomic: readonly OwnerEntry[]) => {
    l.forEach((item, i) => {
      const itemPath = [...path, itemElement(owners, path, item, i)];
      const own = ownersOf(itemPath, atomic);
      const below = [...atomic, ...own.leafOf.filter((o) => !atomic.includes(o))];
      const dash = ' '.repeat(indent) + '- ';
      if (isMap(item) && Object.keys(item).length > 0) {
        map(item, indent + 2, itemPath, below, dash, own.owners);
      } else if (isList(item) && item.length > 0) {
        emit(`${dash.trimEnd()}`, itemPath, own);
        list(item, indent + 2, itemPath, below);
      } else {
        const lines = isMap(item) ? ['{}'] : isList(item) ? ['[]'] : scalarLines(item);
        emit(dash + lines[0], itemPath, own);
        for (const x of lines.slice(1)) out.push({ text: ' '.repeat(indent + 2) + x.replace(/^ {2}/, ''), path: undefined, owners: own.owners, viaAtomic: own.viaAtomic });
      }
    });
  };

  if (isMap(object)) map(object, 0, [], []);
  else out.push({ text: scalarLines(object).join('\n'), path: '', owners: [], viaAtomic: false });
  return out;
}

/** The object without `metadata.managedFields` (what blame shows; the owners are in the gutter). */
export function withoutManagedFields(object: Value): Value {
  if (!isMap(object)) return object;
  const meta = getKey(object, 'metadata');
  if (!isMap(meta) || getKey(meta, 'managedFields') === undefined) return object;
  const m: ValueMap = Object.create(null) as ValueMap;
  for (const k of Object.keys(meta)) if (k !== 'managedFields') m[k] = meta[k];
  const o: ValueMap = Object.create(null) as ValueMap;
  for (const k of Object.keys(object)) o[k] = k === 'metadata' ? m : object[k];
  return o;
}
