/**
 * Every view that says who owns a path agrees with the engine's field sets (issue 10): blame's
 * lines, explain's answer, `owners:` expectations and the playground's gutter, over random schemas
 * (granular and atomic structs and maps, keyed lists, sets, atomic lists; and the deduced schema)
 * and random managers' sets.
 *
 * The oracle is the engine's own field set of the object (toFieldSet): a path it lists as a leaf
 * (a scalar, an atomic map or list, a set item...) is owned by exactly the managers whose sets
 * hold it, and so is everything inside it; any other path by the managers whose sets hold it
 * itself. Managers' sets are random subsets of every path of the object, granular maps' own keys
 * included. Fixed seeds; fast-check prints the seed and the counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Path } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { DEDUCED_TYPE_NAME, deducedSchemaDecl } from '../../src/schema/deduced.js';
import { type Atom, Schema } from '../../src/schema/schema.js';
import { blameLines } from '../../src/scenarios/blame.js';
import { pathOwnership } from '../../src/scenarios/explain-path.js';
import { ownerNamesAt } from '../../src/scenarios/locate-path.js';
import { type OwnerEntry, ownerLabeler } from '../../src/scenarios/owners.js';
import type { ObjectView } from '../../src/scenarios/run-types.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import { compareStrings } from '../../src/value/compare-strings.js';
import type { Value } from '../../src/value/value.js';
import { objectModel } from '../../src/web/page-model.js';
import { type Shape, schemaFor, shapeArb, valueFor } from '../support/engine-arbitraries.js';

const RUNS = Number(process.env.FC_RUNS ?? 2000);

const ENTRIES: readonly Pick<OwnerEntry, 'manager' | 'operation'>[] = [
  { manager: 'alice', operation: 'Apply' },
  { manager: 'alice', operation: 'Update' },
  { manager: 'bob', operation: 'Update' },
  { manager: 'carol', operation: 'Apply' },
];

interface Case {
  readonly object: Value;
  readonly atom: Atom;
  readonly entries: readonly OwnerEntry[];
  /** The engine's field set of the object. */
  readonly fields: FieldSet;
}

const deducedAtom = new Schema(deducedSchemaDecl()).named(DEDUCED_TYPE_NAME);

/** Every path of the engine's set of the object, and every prefix of one (granular maps' own keys). */
function allPaths(fs: FieldSet): Path[] {
  const seen = new Map<string, Path>();
  fs.iterate((p) => {
    for (let n = 1; n <= p.length; n++) {
      const q = p.slice(0, n);
      seen.set(q.map((pe) => pe.id).join('\u0000'), q);
    }
  });
  return [...seen.values()];
}

/** A random object of a random schema (or of the deduced one), and four entries owning random subsets of its paths. */
const caseArb: fc.Arbitrary<Case> = shapeArb.chain((shape: Shape) =>
  fc.record({ object: valueFor(shape), deduced: fc.boolean(), bits: fc.array(fc.nat(15), { minLength: 97, maxLength: 97 }) }).map(({ object, deduced, bits }) => {
    const atom = deduced ? deducedAtom : new Schema(schemaFor(shape)).named('root');
    const fields = toFieldSet(object, atom);
    const paths = allPaths(fields);
    const entries = ENTRIES.map((e, i): OwnerEntry => {
      const set = new FieldSet();
      paths.forEach((p, j) => {
        if ((bits[j % bits.length] >> i) & 1) set.insert(p);
      });
      return { ...e, apiVersion: 'v1', subresource: '', time: undefined, set };
    });
    return { object, atom, entries, fields };
  }),
);

/** The engine's answer: the entries whose sets hold the leaf of the object's field set that `path` is in, or `path` itself. */
function engineOwners(c: Case, path: Path): OwnerEntry[] {
  const fs = c.fields;
  for (let n = 1; n < path.length; n++) {
    const q = path.slice(0, n);
    const below = q.reduce<FieldSet | undefined>((node, pe) => node?.childAt(pe), fs);
    if (fs.has(q) && (below === undefined || below.isEmpty())) return c.entries.filter((e) => e.set.has(q));
  }
  return c.entries.filter((e) => e.set.has(path));
}

const names = (es: readonly OwnerEntry[]) => [...new Set(es.map((e) => e.manager))].sort(compareStrings);

function view(c: Case): ObjectView {
  return { display: 'the object', ref: undefined, object: c.object, owners: c.entries, type: { get: () => c.atom } };
}

function check(name: string, seed: number, property: (c: Case) => void): void {
  it(name, () => {
    fc.assert(fc.property(caseArb, property), { seed, numRuns: RUNS });
  });
}

describe('every view says who owns a path as the engine does', () => {
  check('blame: each line\'s field owners, and the owners of the list item starting on it', 101, (c) => {
    const lines = blameLines(c.object, c.entries, c.atom);
    for (const l of lines) {
      if (l.at === undefined) continue;
      expect(l.fieldOwners, `line ${l.text} at ${l.path}`).toEqual(engineOwners(c, l.at));
      if (l.item) expect(l.item.owners, `item at ${pathToString(l.item.at)}`).toEqual(engineOwners(c, l.item.at));
      expect(l.owners).toEqual(c.entries.filter((e) => l.fieldOwners.includes(e) || (l.item?.owners ?? []).includes(e)));
    }
  });

  check('explain: direct owners and owners through an ancestor owned whole', 202, (c) => {
    for (const l of blameLines(c.object, c.entries, c.atom)) {
      if (l.at === undefined || l.at.length === 0) continue;
      const o = pathOwnership(c.object, c.entries, l.at, c.atom);
      const all = c.entries.filter((e) => o.owners.includes(e) || o.viaAtomic.some((v) => v.owner === e));
      expect(all, `explain ${l.path}`).toEqual(engineOwners(c, l.at));
      expect(o.owners).toEqual(c.entries.filter((e) => e.set.has(l.at!)));
    }
  });

  check('owners: expectations, reading the path as written', 303, (c) => {
    const v = view(c);
    for (const l of blameLines(c.object, c.entries, c.atom)) {
      if (l.at === undefined || l.at.length === 0) continue;
      expect(ownerNamesAt(v, l.path!), `owners of ${l.path}`).toEqual(names(engineOwners(c, l.at)));
    }
  });

  check('playground: the gutter of each row', 404, (c) => {
    const label = ownerLabeler(c.entries);
    const model = objectModel(view(c), undefined);
    const lines = blameLines(c.object, c.entries, c.atom);
    expect(model.rows.length).toBe(lines.length);
    model.rows.forEach((r, i) => {
      const l = lines[i];
      if (l.at === undefined) return;
      const want = c.entries.filter((e) => engineOwners(c, l.at!).includes(e) || (l.item ? engineOwners(c, l.item.at).includes(e) : false));
      expect(r.owners.map((t) => t.label), `row ${r.text}`).toEqual(want.map(label));
      expect(r.shared).toBe(want.length > 1);
    });
  });
});
