import { type Value, type ValueMap, isMap, newMap } from '../value/value.js';
import { rememberEncoded } from './fieldsv1-decode.js';
import { encodeJsonValue, formatJsonNumber, jsonQuoteMinimal } from './json-text.js';
import { type PathElement, PeKind, comparePathElements } from './path-element.js';
import type { FieldSet } from './set.js';

/**
 * The text of a path element as a FieldsV1 key, before it is itself written as a JSON string:
 * `f:<name verbatim>`, `k:{"name":value,...}` (names minimally escaped, values HTML-escaped),
 * `v:<value, HTML-escaped>`, `i:<decimal>`.
 */
export function pathElementToKeyText(pe: PathElement): string {
  switch (pe.kind) {
    case PeKind.Field:
      return 'f:' + pe.name;
    case PeKind.Key: {
      let out = 'k:{';
      for (let i = 0; i < pe.fields.length; i++) {
        const f = pe.fields[i];
        out += (i > 0 ? ',' : '') + jsonQuoteMinimal(f.name) + ':' + encodeJsonValue(f.value, true);
      }
      return out + '}';
    }
    case PeKind.Value:
      return 'v:' + encodeJsonValue(pe.value, true);
    case PeKind.Index:
      return 'i:' + formatJsonNumber(pe.index);
  }
}

/** One key of a node's object: a member, a child node, or both. */
interface Entry {
  readonly pe: PathElement;
  readonly member: boolean;
  readonly child: FieldSet | undefined;
}

/** Members and children of one node merged in path-element order. */
function entriesOf(node: FieldSet): Entry[] {
  const members = node.members();
  const children = node.children();
  const out: Entry[] = [];
  let i = 0;
  let j = 0;
  while (i < members.length && j < children.length) {
    const m = members[i];
    const c = children[j];
    const order = m.id === c.pe.id ? 0 : comparePathElements(m, c.pe);
    if (order < 0) {
      out.push({ pe: m, member: true, child: undefined });
      i++;
    } else if (order > 0) {
      out.push({ pe: c.pe, member: false, child: c.set });
      j++;
    } else {
      out.push({ pe: m, member: true, child: c.set });
      i++;
      j++;
    }
  }
  for (; i < members.length; i++) out.push({ pe: members[i], member: true, child: undefined });
  for (; j < children.length; j++) out.push({ pe: children[j].pe, member: false, child: children[j].set });
  return out;
}

interface Frame {
  readonly entries: Entry[];
  next: number;
  /** The object already holds `".":{}`, so every entry needs a leading comma. */
  readonly dotted: boolean;
}

/**
 * The reference's `Set.ToJSON`: compact, keys in path-element order, `".":{}` first where an
 * element is both a member and a node, `{}` for the empty set. Iterative, so depth is no limit.
 */
export function encodeFieldsV1(set: FieldSet): string {
  let out = '{';
  const stack: Frame[] = [{ entries: entriesOf(set), next: 0, dotted: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.entries.length) {
      out += '}';
      stack.pop();
      continue;
    }
    const e = top.entries[top.next++];
    if (top.next > 1 || top.dotted) out += ',';
    out += jsonQuoteMinimal(pathElementToKeyText(e.pe)) + ':';
    if (e.child === undefined) {
      out += '{}';
    } else {
      out += e.member ? '{".":{}' : '{';
      stack.push({ entries: entriesOf(e.child), next: 0, dotted: e.member });
    }
  }
  return out;
}

/** The FieldsV1 object as a value (same keys, same order as `encodeFieldsV1`). */
export function fieldsV1ToValue(set: FieldSet): Value {
  const value = buildFieldsV1Value(set);
  rememberEncoded(value, set);
  return value;
}

function buildFieldsV1Value(set: FieldSet): Value {
  const root = newMap();
  const stack: { node: FieldSet; into: ValueMap }[] = [{ node: set, into: root }];
  while (stack.length > 0) {
    const { node, into } = stack.pop()!;
    for (const e of entriesOf(node)) {
      const obj = newMap();
      if (e.member && e.child !== undefined) obj['.'] = newMap();
      into[pathElementToKeyText(e.pe)] = obj;
      if (e.child !== undefined) stack.push({ node: e.child, into: obj });
    }
  }
  return root;
}

/**
 * The text of a stored FieldsV1 object (`metadata.managedFields[i].fieldsV1`) as the server keeps
 * it: compact, keys in their stored order. Unlike `encodeFieldsV1(decodeFieldsV1Value(v))` it
 * does not go through a set, whose numbers are float64s as the reference reads them back
 * (`v:9007199254740993` would come back as `v:9007199254740992`).
 */
export function fieldsV1ValueText(v: Value): string {
  if (!isMap(v)) return encodeJsonValue(v, true);
  let out = '{';
  let first = true;
  for (const k of Object.keys(v)) {
    out += (first ? '' : ',') + jsonQuoteMinimal(k) + ':' + fieldsV1ValueText(v[k]);
    first = false;
  }
  return out + '}';
}
