/**
 * An object's YAML, line by line, with the managedFields entries that own each line's field
 * (`ssa-sim blame`, and the playground's ownership view). Who owns a line is the ownership
 * reader's answer (src/typed/owners-of-path.ts) for the line's path under the object's schema;
 * list items are named as the engine names them (`[name="x"]` for keyed lists, `[="x"]` for sets,
 * `[0]` inside atomic lists). The line where a list item starts carries the item's owners as
 * well as its first field's.
 */
import { type Path, fieldElement, indexElement } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { FieldSet } from '../fieldpath/set.js';
import { pathReader } from '../fieldpath/value-at-path.js';
import { toYaml } from '../manifest/write-yaml.js';
import type { Atom } from '../schema/schema.js';
import { listItemElement } from '../typed/list-item-element.js';
import { childType, nodeHandler, ownersOfPath } from '../typed/owners-of-path.js';
import { getKey, isList, isMap, type Value, type ValueMap } from '../value/value.js';
import type { OwnerEntry } from './owners.js';

export interface BlameLine {
  /** The YAML line, without its newline. */
  readonly text: string;
  /** The field path the line shows (absent for continuation lines of long scalars). */
  readonly path: string | undefined;
  /** The same path as elements. */
  readonly at: Path | undefined;
  /** Entries owning the line: its field's owners, then those of the list item starting here. */
  readonly owners: readonly OwnerEntry[];
  /** Entries owning the line's field itself (directly or through an ancestor owned whole). */
  readonly fieldOwners: readonly OwnerEntry[];
  /** The list item that starts on this line (`- name: x`) when the line's field is its first. */
  readonly item: { readonly at: Path; readonly owners: readonly OwnerEntry[] } | undefined;
  /** True when every owner owns the line only through an ancestor owned whole (an atomic map or list). */
  readonly viaAtomic: boolean;
}

/** The scalar as YAML text (several lines for literal blocks and folded strings). */
function scalarLines(v: Value): string[] {
  return toYaml(v).replace(/\n$/, '').split('\n');
}

function keyText(k: string): string {
  return toYaml(k).replace(/\n$/, '');
}

/** A node being written: its path and the type the schema gives it (undefined where it has none). */
interface Node {
  readonly path: Path;
  readonly type: Atom | undefined;
}

export function blameLines(object: Value, owners: readonly OwnerEntry[], root: Atom): BlameLine[] {
  const out: BlameLine[] = [];
  const ownersAt = (path: Path) => ownersOfPath(owners, path, root, object);

  const line = (text: string, path: Path | undefined, item?: Path): void => {
    const field = path ? ownersAt(path) : [];
    const itemOwners = item ? ownersAt(item).map((o) => o.entry) : [];
    const fieldOwners = field.map((o) => o.entry);
    const all = owners.filter((e) => fieldOwners.includes(e) || itemOwners.includes(e));
    out.push({
      text,
      path: path ? pathToString(path) : undefined,
      at: path,
      owners: all,
      fieldOwners,
      item: item ? { at: item, owners: itemOwners } : undefined,
      viaAtomic: field.length > 0 && field.every((o) => o.through !== undefined) && itemOwners.length === 0,
    });
  };
  const continuation = (text: string): void => {
    const prev = out[out.length - 1];
    out.push({ ...prev, text, path: undefined, at: undefined, item: undefined });
  };

  const childNode = (node: Node, v: Value, key: string | number): Node => {
    const handler = node.type ? nodeHandler(node.type, v, undefined) : undefined;
    if (typeof key === 'string') {
      const pe = fieldElement(key);
      return { path: [...node.path, pe], type: node.type && handler ? childType(node.type, handler, pe) : undefined };
    }
    const list = node.type && handler === 'list' ? node.type.list : undefined;
    const items = v as Value[];
    const found = list && list.elementRelationship === 'associative' ? listItemElement(list, items[key]) : undefined;
    const pe = found !== undefined && typeof found !== 'string' ? found : indexElement(key);
    return { path: [...node.path, pe], type: list ? list.element.get() : undefined };
  };

  /** Writes the value of `node` after `head` (`key:` or `- key:` already on the line). */
  const value = (head: string, indent: number, v: Value, node: Node, item?: Path): void => {
    if (isMap(v) && Object.keys(v).length > 0) {
      line(head, node.path, item);
      map(v, indent + 2, node);
    } else if (isList(v) && v.length > 0) {
      line(head, node.path, item);
      list(v, indent, node);
    } else {
      const lines = isMap(v) ? ['{}'] : isList(v) ? ['[]'] : scalarLines(v);
      line(`${head} ${lines[0]}`, node.path, item);
      for (const l of lines.slice(1)) continuation(' '.repeat(indent + 2) + l.replace(/^ {2}/, ''));
    }
  };

  const map = (m: ValueMap, indent: number, node: Node, firstPrefix?: string, item?: Path): void => {
    Object.keys(m).forEach((k, i) => {
      const prefix = i === 0 && firstPrefix !== undefined ? firstPrefix : ' '.repeat(indent);
      value(`${prefix}${keyText(k)}:`, indent, m[k], childNode(node, m, k), i === 0 ? item : undefined);
    });
  };

  const list = (l: Value[], indent: number, node: Node): void => {
    l.forEach((v, i) => {
      const itemNode = childNode(node, l, i);
      const dash = ' '.repeat(indent) + '- ';
      if (isMap(v) && Object.keys(v).length > 0) {
        map(v, indent + 2, itemNode, dash, itemNode.path);
      } else if (isList(v) && v.length > 0) {
        line(dash.trimEnd(), itemNode.path);
        list(v, indent + 2, itemNode);
      } else {
        const lines = isMap(v) ? ['{}'] : isList(v) ? ['[]'] : scalarLines(v);
        line(dash + lines[0], itemNode.path);
        for (const x of lines.slice(1)) continuation(' '.repeat(indent + 2) + x.replace(/^ {2}/, ''));
      }
    });
  };

  if (isMap(object)) map(object, 0, { path: [], type: root });
  else out.push({ text: scalarLines(object).join('\n'), path: '', at: [], owners: [], fieldOwners: [], item: undefined, viaAtomic: false });
  return out;
}

/** A field some entries own that the object does not have (the shortest owned path missing along it). */
export interface AbsentField {
  readonly at: Path;
  readonly path: string;
  /** The entries owning it or anything under it, in their order. */
  readonly owners: readonly OwnerEntry[];
  /** How many owned paths it stands for: itself and those under it. */
  readonly fields: number;
}

/**
 * The owned fields the object does not have: every path of the entries' sets whose value the
 * object lacks, grouped under its shortest prefix that is owned and missing too (a removed list
 * item with its fields), in the order of the sets' union (field paths' own order). Ownership of them still counts: an apply that sets one conflicts with its
 * owners.
 */
export function absentFields(object: Value, owners: readonly OwnerEntry[]): AbsentField[] {
  const union = owners.reduce((u, e) => u.union(e.set), new FieldSet());
  const read = pathReader(object);
  const groups = new Map<string, { at: Path; owners: Set<OwnerEntry>; fields: number }>();
  union.iterate((p) => {
    for (let n = 1; n <= p.length; n++) {
      const q = p.slice(0, n);
      // The shortest prefix that is missing and owned itself (a map's fields are not the map).
      if (n < p.length && !union.has(q)) continue;
      if (read(q) !== undefined) continue;
      const id = q.map((pe) => pe.id).join('\u0000');
      let g = groups.get(id);
      if (!g) groups.set(id, (g = { at: q, owners: new Set(), fields: 0 }));
      g.fields++;
      for (const e of owners) if (e.set.has(p)) g.owners.add(e);
      return;
    }
  });
  return [...groups.values()].map((g) => ({ at: g.at, path: pathToString(g.at), owners: owners.filter((e) => g.owners.has(e)), fields: g.fields }));
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
