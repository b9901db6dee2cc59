import { type PathElement, fieldElement } from '../fieldpath/path-element.js';
import { FieldSet } from '../fieldpath/set.js';
import { type Atom, type Handler, type ListAtom, type MapAtom, handlerFor } from '../schema/schema.js';
import type { ScalarKind } from '../schema/model.js';
import { valueEquals } from '../value/equals.js';
import { type Value, type ValueMap, getKey, isMap } from '../value/value.js';
import { MAX_DEPTH, type TypedIssue, issueAt, tooDeep } from './issues.js';
import { repeatedPositions, sameIdsInOrder } from './list-index.js';
import { scalarProblem } from './validate.js';
import { WalkMemo } from './walk-memo.js';

/** What changed from an old object to a new one, as three disjoint-ish sets of paths. */
export interface Comparison {
  readonly removed: FieldSet;
  readonly modified: FieldSet;
  readonly added: FieldSet;
}

export type CompareResult = { ok: true; comparison: Comparison } | { ok: false; issues: TypedIssue[] };

/**
 * Compares `lhs` (old) with `rhs` (new) under `atom` (engine-semantics §4.3). `undefined` means
 * absent, which differs from an explicit null. Reordering associative-list items is not a change;
 * a granular container that appears or disappears is reported itself along with its contents.
 * `memo` holds what the operation's walkers read once (walk-memo.ts).
 */
export function compare(lhs: Value | undefined, rhs: Value | undefined, atom: Atom, memo = new WalkMemo()): CompareResult {
  const removed = new FieldSet();
  const modified = new FieldSet();
  const added = new FieldSet();
  const issues: TypedIssue[] = [];
  const stack: PathElement[] = [];

  const leaf = (l: Value | undefined, r: Value | undefined): void => {
    if (l === undefined && r === undefined) return;
    if (l === undefined) added.insert(stack);
    else if (r === undefined) removed.insert(stack);
    else if (!valueEquals(l, r, memo)) modified.insert(stack);
  };

  const visit = (l: Value | undefined, r: Value | undefined, a: Atom): void => {
    if (stack.length > MAX_DEPTH) throw tooDeep(stack);
    const hl = handlerFor(a, l);
    const hr = handlerFor(a, r);
    // Different alternatives (deduced schemas only): both handlers see the pair.
    if (hl !== hr) handle(hl, l, r, a);
    handle(hr, l, r, a);
  };

  const handle = (h: Handler, l: Value | undefined, r: Value | undefined, a: Atom): void => {
    switch (h) {
      case 'scalar': {
        const kind = a.scalar as ScalarKind;
        const lBad = l !== undefined && scalarProblem(kind, l);
        const rBad = r !== undefined && scalarProblem(kind, r);
        if (lBad && rBad) {
          issues.push(issueAt(stack, `lhs: ${lBad}`), issueAt(stack, `rhs: ${rBad}`));
          return;
        }
        return leaf(l, r);
      }
      case 'map':
        return compareMaps(l, r, a.map as MapAtom);
      case 'list':
        return compareLists(l, r, a.list as ListAtom);
    }
  };

  const compareMaps = (l: Value | undefined, r: Value | undefined, t: MapAtom): void => {
    const lm = asMap(l);
    const rm = asMap(r);
    if (t.atomic || (isEmptyMap(lm, memo) && isEmptyMap(rm, memo))) return leaf(l, r);
    if (lm === undefined) added.insert(stack);
    else if (rm === undefined) removed.insert(stack);
    const shared = memo.sharesFieldElements();
    const visitKey = (key: string, lv: Value | undefined, rv: Value | undefined) => {
      const field = t.fields.get(key);
      const type = field ? field.type : t.element;
      // In an operation on a big list, one element per declared field for all its items.
      stack.push(shared ? memo.fieldElement(field, key) : fieldElement(key));
      if (!type) issues.push(issueAt(stack, 'field not declared in schema'));
      else visit(lv, rv, type.get());
      stack.pop();
    };
    if (lm) for (const key of memo.keysOf(lm)) visitKey(key, lm[key], rm ? getKey(rm, key) : undefined);
    if (rm) for (const key of memo.keysOf(rm)) if (!lm || getKey(lm, key) === undefined) visitKey(key, undefined, rm[key]);
  };

  const compareLists = (l: Value | undefined, r: Value | undefined, t: ListAtom): void => {
    const ll = asList(l);
    const rl = asList(r);
    if (t.elementRelationship === 'atomic' || (!ll?.length && !rl?.length)) return leaf(l, r);
    if (ll === undefined) added.insert(stack);
    else if (rl === undefined) removed.insert(stack);
    const lItems = ll ?? [];
    const rItems = rl ?? [];
    const element = t.element.get();
    const ri = memo.index(t, rItems);
    // The same items in the same order (an update that changed values only): pair them by
    // position, without indexing the live side.
    const lElements = memo.elements(t, lItems);
    if (!ri.repeated && ri.problems.length === 0 && sameIdsInOrder(lElements, ri.elements)) {
      for (let i = 0; i < rItems.length; i++) {
        stack.push(lElements[i] as PathElement);
        visit(lItems[i], rItems[i], element);
        stack.pop();
      }
      return;
    }
    const li = memo.index(t, lItems, lElements);
    for (const p of li.problems) issues.push(issueAt(stack, p));
    for (const p of ri.problems) issues.push(issueAt(stack, p));
    if (li.problems.length > 0 || ri.problems.length > 0) return;
    // Ids that repeat on either side compare as groups (compareItems); the others item by item.
    const lGroups = li.repeated ? repeatedPositions(li) : undefined;
    const rGroups = ri.repeated ? repeatedPositions(ri) : undefined;
    const values = (items: Value[], groups: Map<string, number[]> | undefined, id: string, at: number | undefined): Value[] =>
      at === undefined ? [] : (groups?.get(id)?.map((i) => items[i]) ?? [items[at]]);
    const pair = (pe: PathElement, lAt: number | undefined, rAt: number | undefined) => {
      const id = pe.id;
      if (lGroups?.has(id) || rGroups?.has(id)) {
        compareItems(pe, values(lItems, lGroups, id, lAt), values(rItems, rGroups, id, rAt), element);
        return;
      }
      stack.push(pe);
      visit(lAt === undefined ? undefined : lItems[lAt], rAt === undefined ? undefined : rItems[rAt], element);
      stack.pop();
    };
    for (const [id, at] of li.first) pair(li.elements[at] as PathElement, at, ri.first.get(id));
    for (const [id, at] of ri.first) if (!li.first.has(id)) pair(ri.elements[at] as PathElement, undefined, at);
  };

  /** The items sharing one path element, on each side (more than one = duplicates). */
  const compareItems = (pe: PathElement, lValues: readonly Value[], rValues: readonly Value[], element: Atom): void => {
    const nl = lValues.length;
    const nr = rValues.length;
    stack.push(pe);
    if (nl <= 1 && nr <= 1) {
      visit(lValues[0], rValues[0], element);
    } else if (nl >= 2 && nr >= 2) {
      const same = nl === nr && lValues.every((v, i) => valueEquals(v, rValues[i], memo));
      if (!same) modified.insert(stack);
    } else if (nl >= 2) {
      if (nr === 1) visit(undefined, rValues[0], element);
      removed.insert(stack);
    } else {
      if (nl === 1) visit(lValues[0], undefined, element);
      added.insert(stack);
    }
    stack.pop();
  };

  visit(lhs, rhs, atom);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, comparison: { removed, modified, added } };
}

/**
 * The container view of a value for one handler: undefined when absent, null when null or of
 * another kind (the other alternative of a deduced type), else the container.
 */
function asMap(v: Value | undefined): ValueMap | null | undefined {
  if (v === undefined) return undefined;
  return isMap(v) ? v : null;
}

function asList(v: Value | undefined): Value[] | null | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v : null;
}

function isEmptyMap(m: ValueMap | null | undefined, memo: WalkMemo): boolean {
  return !m || memo.isEmptyMap(m);
}
