import { type PathElement, fieldElement } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { type Atom, type ListAtom, type MapAtom, handlerFor } from '../schema/schema.js';
import type { ScalarKind } from '../schema/model.js';
import { type Value, type ValueMap, getKey, isMap, newMap } from '../value/value.js';
import { MAX_DEPTH, type TypedIssue, issueAt, tooDeep } from './issues.js';
import { identifyItems } from './list-item-element.js';
import { scalarProblem } from './validate.js';
import { WalkMemo } from './walk-memo.js';

export type MergeResult = { ok: true; value: Value | undefined } | { ok: false; issues: TypedIssue[] };

/**
 * Merges an applied configuration (`rhs`) into the live object (`lhs`) (engine-semantics §4.4).
 * Leaves and atomic containers take rhs when rhs has them (an explicit null included); granular
 * maps merge key by key and keep lhs content that rhs does not mention (so null or `{}` against
 * a non-empty map only claims it); associative lists merge item by item with rhs order winning.
 * Values are shared, never copied: everything is immutable. `memo` holds what the operation's
 * walkers read once (walk-memo.ts).
 */
export function merge(lhs: Value | undefined, rhs: Value | undefined, atom: Atom, memo = new WalkMemo()): MergeResult {
  const issues: TypedIssue[] = [];
  const stack: PathElement[] = [];

  const visit = (l: Value | undefined, r: Value | undefined, a: Atom): Value | undefined => {
    if (stack.length > MAX_DEPTH) throw tooDeep(stack);
    if (r === undefined) return l;
    if (l === undefined) return r;
    const h = handlerFor(a, r);
    // A deduced type whose two sides are different kinds: the configuration wins wholesale.
    if (handlerFor(a, l) !== h) return r;
    switch (h) {
      case 'scalar': {
        const kind = a.scalar as ScalarKind;
        const lBad = scalarProblem(kind, l);
        const rBad = scalarProblem(kind, r);
        if (lBad && rBad) issues.push(issueAt(stack, `lhs: ${lBad}`), issueAt(stack, `rhs: ${rBad}`));
        return r;
      }
      case 'map':
        return mergeMaps(l, r, a.map as MapAtom);
      case 'list':
        return mergeLists(l, r, a.list as ListAtom);
    }
  };

  const mergeMaps = (l: Value, r: Value, t: MapAtom): Value => {
    const lm = isMap(l) ? l : undefined;
    const rm = isMap(r) ? r : undefined;
    const lEmpty = !lm || memo.isEmptyMap(lm);
    const rEmpty = !rm || memo.isEmptyMap(rm);
    if (t.atomic || (lEmpty && rEmpty)) return r;
    if (rEmpty) return l; // null or {} claims the map without clearing it
    if (lEmpty) return r;
    const out: ValueMap = newMap();
    for (const key of memo.keysOf(lm!)) {
      const rv = getKey(rm!, key);
      if (rv === undefined) {
        out[key] = lm![key];
        continue;
      }
      const type = fieldType(t, key);
      stack.push(fieldElement(key));
      if (!type) issues.push(issueAt(stack, 'field not declared in schema'));
      else {
        const merged = visit(lm![key], rv, type.get());
        if (merged !== undefined) out[key] = merged;
      }
      stack.pop();
    }
    for (const key of memo.keysOf(rm!)) if (getKey(lm!, key) === undefined) out[key] = rm![key];
    return out;
  };

  const mergeLists = (l: Value, r: Value, t: ListAtom): Value => {
    const ll = Array.isArray(l) ? l : undefined;
    const rl = Array.isArray(r) ? r : undefined;
    if (t.elementRelationship === 'atomic' || (!ll?.length && !rl?.length)) return r;
    const lItems = ll ?? [];
    const rItems = rl ?? [];
    const rIdx = indexItems(rItems, t, false);
    const lIdx = indexItems(lItems, t, true);
    if (!rIdx || !lIdx) return r;
    return orderedMerge(lItems, lIdx, rIdx, t.element.get());
  };

  interface Index {
    pes: PathElement[];
    positions: number[];
    /** Item per element id; null when the element is repeated on this side. */
    byId: Map<string, Value | null>;
  }

  const indexItems = (items: Value[], t: ListAtom, allowDuplicates: boolean): Index | undefined => {
    const { items: identified, problems } = identifyItems(memo.elements(t, items), items);
    for (const p of problems) issues.push(issueAt(stack, p));
    let ok = problems.length === 0;
    const pes: PathElement[] = [];
    const positions: number[] = [];
    const byId = new Map<string, Value | null>();
    for (const { pe, position, item } of identified) {
      if (byId.has(pe.id)) {
        if (!allowDuplicates) {
          issues.push(issueAt(stack, `duplicate entries for key ${pathToString([pe])}`));
          ok = false;
          continue;
        }
        byId.set(pe.id, null);
      } else byId.set(pe.id, item);
      pes.push(pe);
      positions.push(position);
    }
    return ok ? { pes, positions, byId } : undefined;
  };

  /**
   * The list order of current Kubernetes: the configuration's order wins for every item it
   * names; live-only items stay next to their live neighbours.
   */
  const orderedMerge = (lItems: Value[], L: Index, R: Index, element: Atom): Value[] => {
    const out: Value[] = [];
    const shared: string[] = [];
    for (const pe of R.pes) if (L.byId.has(pe.id)) shared.push(pe.id);
    let sharedAt = 0;
    let nextShared: string | undefined = shared[sharedAt++];
    const emitted = new Set<string>();
    const mergeItem = (pe: PathElement, lv: Value | null | undefined, rv: Value | null | undefined) => {
      stack.push(pe);
      // A repeated live item (null in the index) is replaced by the configuration's item.
      const v = visit(lv ?? undefined, rv ?? undefined, element);
      stack.pop();
      if (v !== undefined) out.push(v);
    };
    let i = 0;
    let j = 0;
    const nl = L.pes.length;
    const nr = R.pes.length;
    while (i < nl || j < nr) {
      if (i < nl && j < nr) {
        const lpe = L.pes[i];
        if (lpe.id === R.pes[j].id) {
          emitted.add(lpe.id);
          mergeItem(lpe, L.byId.get(lpe.id), R.byId.get(lpe.id));
          i++;
          j++;
          nextShared = shared[sharedAt++];
          continue;
        }
        if (R.byId.has(lpe.id) && nextShared !== undefined && nextShared !== lpe.id) {
          i++; // a shared item, placed later at the configuration's position
          continue;
        }
      }
      if (i < nl) {
        const lpe = L.pes[i];
        if (!R.byId.has(lpe.id)) {
          mergeItem(lpe, lItems[L.positions[i]], undefined);
          i++;
          continue;
        } else if (emitted.has(lpe.id)) {
          i++;
        }
      }
      if (j < nr) {
        const rpe = R.pes[j];
        emitted.add(rpe.id);
        mergeItem(rpe, L.byId.get(rpe.id), R.byId.get(rpe.id));
        j++;
        if (nextShared === rpe.id) nextShared = shared[sharedAt++];
      }
    }
    return out;
  };

  const result = visit(lhs, rhs, atom);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: result };
}

function fieldType(t: MapAtom, key: string) {
  const field = t.fields.get(key);
  return field ? field.type : t.element;
}
