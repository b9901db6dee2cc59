/**
 * Ownership changes in plain words (run, preview, the playground's marks and outcome line) say
 * exactly what the engine's field sets say, on the hard shapes: a granular map whose keys hold
 * dots, slashes, quotes and unicode (annotations such as `example.com/a.b`, where `.a` and `.a.b`
 * are siblings), an atomic map, a keyed list with two key fields, a set, an atomic list.
 *
 * The oracle is the definition, path by path, over the entries' sets before and after (the
 * engine's managers or managedFields entries) and the object after: a path an entry gained was
 * taken from the entries that lost it, shared with those that kept it, or newly owned; a path it
 * lost and nobody gained was given up to those that still own it, else removed (gone from the
 * object), released with another value (a scalar whose value changed), or released. Each line must be about exactly the paths of its kind, manager and other
 * (`fields`), every field of a line at or under the line's own paths by path elements (not by
 * the text's prefix), its count right. Fixed seeds; fast-check prints the seed and the case.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Path } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { pathReader } from '../../src/fieldpath/value-at-path.js';
import type { SchemaDecl } from '../../src/schema/model.js';
import { Schema } from '../../src/schema/schema.js';
import { type OwnershipChange, ownershipChanges } from '../../src/scenarios/ownership-changes.js';
import { type OwnerEntry, ownerLabeler } from '../../src/scenarios/owners.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import type { Value } from '../../src/value/value.js';

const RUNS = Number(process.env.FC_RUNS ?? 1000);

const SCHEMA: SchemaDecl = {
  types: [
    {
      name: 'root',
      map: {
        fields: [
          { name: 'annotations', type: { inlined: { map: { elementType: { inlined: { scalar: 'string' } } } } } },
          { name: 'selector', type: { inlined: { map: { elementType: { inlined: { scalar: 'string' } }, elementRelationship: 'atomic' } } } },
          {
            name: 'ports',
            type: {
              inlined: {
                list: {
                  elementType: {
                    inlined: {
                      map: {
                        fields: [
                          { name: 'port', type: { inlined: { scalar: 'numeric' } } },
                          { name: 'protocol', type: { inlined: { scalar: 'string' } }, default: 'TCP' },
                          { name: 'name', type: { inlined: { scalar: 'string' } } },
                        ],
                      },
                    },
                  },
                  elementRelationship: 'associative',
                  keys: ['port', 'protocol'],
                },
              },
            },
          },
          { name: 'finalizers', type: { inlined: { list: { elementType: { inlined: { scalar: 'string' } }, elementRelationship: 'associative' } } } },
          { name: 'args', type: { inlined: { list: { elementType: { inlined: { scalar: 'string' } }, elementRelationship: 'atomic' } } } },
        ],
      },
    },
  ],
};
const atom = new Schema(SCHEMA).named('root');

/** Keys that print as each other's prefixes: `.a` and `.a.b`, `.a/b` and `.a/b"c`. */
const KEYS = ['a', 'a.b', 'a.b.c', 'a/b', 'a/b"c', 'ü.x', '__proto__'];
const words = fc.constantFrom('x', 'y', 'a.b', 'q"r');

const objectArb: fc.Arbitrary<Value> = fc
  .record(
    {
      annotations: fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), words), { selector: ([k]) => k, maxLength: 5 }),
      selector: fc.uniqueArray(fc.tuple(fc.constantFrom(...KEYS), words), { selector: ([k]) => k, maxLength: 2 }),
      ports: fc.uniqueArray(
        fc.record({ port: fc.integer({ min: 80, max: 81 }), protocol: fc.option(fc.constantFrom('TCP', 'UDP'), { nil: undefined }), name: fc.option(words, { nil: undefined }) }),
        { selector: (p) => `${p.port}/${p.protocol ?? 'TCP'}`, maxLength: 3 },
      ),
      finalizers: fc.uniqueArray(fc.constantFrom('example.com/a', 'example.com/a.b', 'x"y'), { maxLength: 3 }),
      args: fc.array(words, { maxLength: 2 }),
    },
    { requiredKeys: [] },
  )
  .map((r) => {
    const out: Record<string, Value> = Object.create(null);
    const map = (pairs: [string, string][]) => {
      const m: Record<string, Value> = Object.create(null);
      for (const [k, v] of pairs) m[k] = v;
      return m as Value;
    };
    if (r.annotations) out.annotations = map(r.annotations);
    if (r.selector) out.selector = map(r.selector);
    if (r.ports)
      out.ports = r.ports.map((p) => {
        const item: Record<string, Value> = Object.create(null);
        item.port = p.port;
        if (p.protocol !== undefined) item.protocol = p.protocol;
        if (p.name !== undefined) item.name = p.name;
        return item as Value;
      });
    if (r.finalizers) out.finalizers = r.finalizers;
    if (r.args) out.args = r.args;
    return out as Value;
  });

const IDENTITIES: readonly Pick<OwnerEntry, 'manager' | 'operation' | 'subresource'>[] = [
  { manager: 'alice', operation: 'Apply', subresource: '' },
  { manager: 'alice', operation: 'Update', subresource: '' },
  { manager: 'bob', operation: 'Update', subresource: 'status' },
  { manager: 'carol', operation: 'Apply', subresource: '' },
];

/** Every path of the engine's sets of both objects, with every prefix (granular containers' own keys). */
function allPaths(...sets: FieldSet[]): Path[] {
  const seen = new Map<string, Path>();
  for (const fs of sets)
    fs.iterate((p) => {
      for (let n = 1; n <= p.length; n++) seen.set(p.slice(0, n).map((pe) => pe.id).join('\u0000'), p.slice(0, n));
    });
  return [...seen.values()];
}

interface Case {
  readonly before: OwnerEntry[];
  readonly after: OwnerEntry[];
  readonly beforeObject: Value;
  readonly afterObject: Value;
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({ beforeObject: objectArb, afterObject: objectArb, bits: fc.array(fc.nat(255), { minLength: 61, maxLength: 61 }), present: fc.nat(15) })
  .map(({ beforeObject, afterObject, bits, present }) => {
    const paths = allPaths(toFieldSet(beforeObject, atom), toFieldSet(afterObject, atom));
    const entries = (shift: number) =>
      IDENTITIES.flatMap((id, i): OwnerEntry[] => {
        // An entry may be absent before or after (created, gone).
        if (((present >> i) & 1) === 1 && shift === 4) return [];
        const set = new FieldSet();
        paths.forEach((p, j) => {
          if ((bits[j % bits.length] >> (i + shift)) & 1) set.insert(p);
        });
        return [{ ...id, apiVersion: 'v1', time: undefined, set }];
      });
    return { before: entries(0), after: entries(4), beforeObject, afterObject };
  });

const key = (kind: string, manager = '', other = '') => `${kind}\u0000${manager}\u0000${other}`;

/** The engine's answer: per kind, manager and other, the paths of that change. */
function oracle(c: Case): Map<string, Set<string>> {
  const label = ownerLabeler([...c.before, ...c.after]);
  const ident = (e: OwnerEntry) => `${e.manager}\u0000${e.operation}\u0000${e.subresource}`;
  const ids = [...new Set([...c.before, ...c.after].map(ident))];
  const setOf = (es: OwnerEntry[], id: string) => es.find((e) => ident(e) === id)?.set ?? new FieldSet();
  const entryOf = (id: string) => (c.after.find((e) => ident(e) === id) ?? c.before.find((e) => ident(e) === id))!;
  const out = new Map<string, Set<string>>();
  const put = (k: string, p: Path) => {
    if (!out.has(k)) out.set(k, new Set());
    out.get(k)!.add(pathToString(p));
  };
  const read = pathReader(c.afterObject);
  const readBefore = pathReader(c.beforeObject);
  const paths = allPaths(...c.before.map((e) => e.set), ...c.after.map((e) => e.set));
  for (const p of paths) {
    const had = (id: string) => setOf(c.before, id).has(p);
    const has = (id: string) => setOf(c.after, id).has(p);
    const gainers = ids.filter((id) => has(id) && !had(id));
    for (const m of gainers) {
      const others = ids.filter((o) => o !== m && had(o));
      for (const o of others) put(key(has(o) ? 'shares' : 'took', label(entryOf(m)), label(entryOf(o))), p);
      if (others.length === 0) put(key('owns', label(entryOf(m))), p);
    }
    for (const m of ids.filter((id) => had(id) && !has(id))) {
      const holders = ids.filter((o) => o !== m && has(o));
      if (holders.some((o) => !had(o))) continue;
      if (holders.length > 0) for (const o of holders) put(key('gave-up', label(entryOf(m)), label(entryOf(o))), p);
      else if (read(p) === undefined) put(key('removed'), p);
      else put(key(scalarChanged(readBefore(p), read(p)) ? 'released-changed' : 'released', label(entryOf(m))), p);
    }
  }
  // Fields nobody owned that left the object.
  const owned = [...c.before, ...c.after].reduce((u, e) => u.union(e.set), new FieldSet());
  toFieldSet(c.beforeObject, atom)
    .difference(toFieldSet(c.afterObject, atom))
    .iterate((p) => {
      if (!owned.has(p) && read(p) === undefined) put(key('removed'), p);
    });
  return out;
}

/** A scalar whose value differs before and after (a map's or list's own key never "changes"). */
function scalarChanged(a: Value | undefined, b: Value | undefined): boolean {
  const scalar = (v: Value | undefined) => v === null || (v !== undefined && typeof v !== 'object');
  return scalar(a) && scalar(b) && JSON.stringify(a) !== JSON.stringify(b);
}

function isUnder(p: Path, top: Path): boolean {
  return top.length <= p.length && top.every((pe, i) => pe.id === p[i].id);
}

describe('ownership changes say what the engine\'s sets say', () => {
  it('each line is about exactly its paths, under its own by path elements, counted right', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const lines = ownershipChanges(c.before, c.after, c.beforeObject, c.afterObject, atom);
        const want = oracle(c);
        const got = new Map<string, string[]>();
        for (const l of lines as OwnershipChange[]) {
          if (l.kind === 'entry-gone') continue;
          const k = key(l.kind, l.manager, l.other);
          got.set(k, [...(got.get(k) ?? []), ...l.fields]);
          // A field of a line is one of its paths or under one of them, as elements say.
          const tops = l.at;
          const topTexts = new Set(tops.map(pathToString));
          const all = new Set(want.get(k) ?? []);
          const byText = new Map<string, Path>();
          for (const e of [...c.before, ...c.after]) e.set.iterate((p) => byText.set(pathToString(p), p));
          toFieldSet(c.beforeObject, atom).iterate((p) => byText.set(pathToString(p), p));
          for (const f of l.fields) {
            expect(all.has(f), `${l.text}: ${f} is not a path of this change`).toBe(true);
            const p = byText.get(f)!;
            expect(topTexts.has(f) || tops.some((t) => isUnder(p, t)), `${l.text}: ${f} is not under ${[...topTexts].join(', ')}`).toBe(true);
          }
          const under = /\(and (\d+) fields? under it\)/.exec(l.text);
          if (under) expect(Number(under[1]), l.text).toBe(l.fields.length - 1);
        }
        for (const [k, paths] of got) expect(new Set(paths).size, `${k}: a path in two lines`).toBe(paths.length);
        const norm = (m: Map<string, Iterable<string>>) => new Map([...m].map(([k, v]) => [k, [...v].sort()]));
        expect(norm(got)).toEqual(norm(want));
      }),
      { seed: 2026, numRuns: RUNS },
    );
  });
});
