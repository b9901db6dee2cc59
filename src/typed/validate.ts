import type { PathElement } from '../fieldpath/path-element.js';
import { indexElement } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import { type Atom, type ListAtom, type MapAtom, handlerFor } from '../schema/schema.js';
import type { ScalarKind } from '../schema/model.js';
import { type Value, type ValueMap, isMap, isNumber } from '../value/value.js';
import type { GoNumbers } from '../fieldpath/format-go-verbs.js';
import { goTypeName, valueGoDefault, valueGoSyntax } from './describe-value.js';
import { MAX_DEPTH, type TypedIssue, issueAt, tooDeep, undeclaredAt } from './issues.js';
import { listItemElement } from './list-item-element.js';
import type { WalkMemo } from './walk-memo.js';

export interface ValidateOptions {
  /** Tolerate repeated items in associative lists (objects sent by updaters may have them). */
  readonly allowDuplicates?: boolean;
  /** What the operation's walkers read once (walk-memo.ts), shared with the others. */
  readonly memo?: WalkMemo;
  /**
   * How the value's numbers were decoded, which the texts naming a rejected value show (`1e+06`
   * for a float64, `1000000` for an int64): `int64` (the value model) unless told.
   */
  readonly numbers?: GoNumbers;
}

/** Every way `value` does not fit `atom`, each with its path; empty when it fits. */
export function validate(value: Value, atom: Atom, opts: ValidateOptions = {}): TypedIssue[] {
  const issues: TypedIssue[] = [];
  const stack: (PathElement | string)[] = [];
  const allowDuplicates = opts.allowDuplicates ?? false;
  // Alone, validation keeps nothing: an item's element is dropped as soon as it is checked.
  const memo = opts.memo;
  const numbers = opts.numbers ?? 'int64';

  const visit = (v: Value, a: Atom): void => {
    if (stack.length > MAX_DEPTH) throw tooDeep(stack);
    switch (handlerFor(a, v)) {
      case 'scalar': {
        const msg = scalarProblem(a.scalar as ScalarKind, v, numbers);
        if (msg) issues.push(issueAt(stack, msg));
        return;
      }
      case 'map':
        if (v === null) return;
        if (!isMap(v)) return void issues.push(issueAt(stack, `expected map, got ${valueGoDefault(v, numbers)}`));
        return visitMap(v, a.map as MapAtom);
      case 'list':
        if (v === null) return;
        if (!Array.isArray(v)) return void issues.push(issueAt(stack, `expected list, got ${valueGoDefault(v, numbers)}`));
        return visitList(v, a.list as ListAtom);
    }
  };

  const visitMap = (m: ValueMap, t: MapAtom): void => {
    for (const key of memo ? memo.keysOf(m) : Object.keys(m)) {
      const field = t.fields.get(key);
      const type = field ? field.type : t.element;
      stack.push(key);
      if (!type) {
        // The reference stops looking at the rest of this map after an undeclared field.
        issues.push(undeclaredAt(stack, 'field not declared in schema', [...t.fields.keys()]));
        stack.pop();
        return;
      }
      visit(m[key], type.get());
      stack.pop();
    }
  };

  const visitList = (l: Value[], t: ListAtom): void => {
    const associative = t.elementRelationship === 'associative';
    const seen = associative ? new Set<string>() : undefined;
    const element = t.element.get();
    // A big list's index, which the other walkers of the operation use too, tells repeats (an
    // id's first position is another item's); otherwise the set of the ids seen so far.
    const index = associative && memo ? memo.keptIndex(t, l) : undefined;
    const elements = index ? index.elements : associative && memo ? memo.elements(t, l) : undefined;
    for (let i = 0; i < l.length; i++) {
      let pe: PathElement;
      if (seen) {
        const r = elements ? elements[i] : listItemElement(t, l[i]);
        if (typeof r === 'string') {
          // Without a path element nothing below can be reported: stop at this item.
          issues.push(issueAt(stack, `element ${i}: ${r}`));
          return;
        }
        if ((index ? index.first.get(r.id) !== i : seen.has(r.id)) && !allowDuplicates) {
          issues.push(issueAt(stack, `duplicate entries for key ${pathToString([r])}`));
        }
        if (!index) seen.add(r.id);
        pe = r;
      } else {
        pe = indexElement(i);
      }
      stack.push(pe);
      visit(l[i], element);
      stack.pop();
    }
  };

  visit(value, atom);
  return issues;
}

/** The reference's text for a scalar of the wrong kind (typed/validate.go validateScalar), if it is one. */
function scalarProblem(kind: ScalarKind, v: Value, numbers: GoNumbers = 'int64'): string | undefined {
  if (v === null) return undefined;
  switch (kind) {
    case 'numeric':
      return isNumber(v) ? undefined : `expected numeric (int or float), got ${goTypeName(v)}`;
    case 'string':
      return typeof v === 'string' ? undefined : `expected string, got ${valueGoSyntax(v, numbers)}`;
    case 'boolean':
      return typeof v === 'boolean' ? undefined : `expected boolean, got ${valueGoDefault(v, numbers)}`;
    case 'untyped':
      return typeof v === 'object' ? `expected any scalar, got ${valueGoDefault(v, numbers)}` : undefined;
    default:
      // A kind the schema names but the reference does not know: only a value here fails.
      return `unexpected scalar type in schema: ${kind}`;
  }
}

/** Exported for the walkers that must check scalars the same way (compare and merge). */
export { scalarProblem };
