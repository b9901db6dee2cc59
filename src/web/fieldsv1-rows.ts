/**
 * A managedFields entry's FieldsV1, one row per key, each with the field path it means:
 *
 *   f:spec                          .spec
 *     f:template                    .spec.template
 *       k:{"name":"aws-node"}       .spec.template.spec.containers[name="aws-node"]
 *         .                         (the item itself)
 *         f:image                   .spec.template.spec.containers[name="aws-node"].image
 *
 * Keys are in the order the API server writes them (encodeFieldsV1's order).
 */
import { pathElementToKeyText } from '../fieldpath/fieldsv1-encode.js';
import { type PathElement, comparePathElements } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { FieldSet } from '../fieldpath/set.js';

export interface FieldsRow {
  readonly depth: number;
  /** The FieldsV1 key (`f:image`, `k:{"name":"aws-node"}`, `.`). */
  readonly key: string;
  /** The path the key means (`.spec.template.spec.containers[name="aws-node"].image`). */
  readonly path: string;
  /** True for `.`: the map or list item itself is owned, not only fields inside it. */
  readonly self: boolean;
  /** True when the entry owns this path (a leaf or `.`), false for keys that only lead deeper. */
  readonly owned: boolean;
}

interface Entry {
  readonly pe: PathElement;
  readonly member: boolean;
  readonly child: FieldSet | undefined;
}

/** Members and children of one node merged in path-element order (as FieldsV1 lists them). */
function entriesOf(node: FieldSet): Entry[] {
  const byId = new Map<string, { pe: PathElement; member: boolean; child: FieldSet | undefined }>();
  for (const m of node.members()) byId.set(m.id, { pe: m, member: true, child: undefined });
  for (const c of node.children()) {
    const e = byId.get(c.pe.id);
    if (e) e.child = c.set;
    else byId.set(c.pe.id, { pe: c.pe, member: false, child: c.set });
  }
  return [...byId.values()].sort((a, b) => comparePathElements(a.pe, b.pe));
}

export function fieldsV1Rows(set: FieldSet): FieldsRow[] {
  const out: FieldsRow[] = [];
  const walk = (node: FieldSet, prefix: PathElement[], depth: number) => {
    for (const e of entriesOf(node)) {
      const path = [...prefix, e.pe];
      const text = pathToString(path);
      out.push({ depth, key: pathElementToKeyText(e.pe), path: text, self: false, owned: e.member && e.child === undefined });
      if (e.child !== undefined) {
        if (e.member) out.push({ depth: depth + 1, key: '.', path: text, self: true, owned: true });
        walk(e.child, path, depth + 1);
      }
    }
  };
  walk(set, [], 0);
  return out;
}
