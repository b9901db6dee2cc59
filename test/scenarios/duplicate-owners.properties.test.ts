/**
 * Duplicated items of keyed lists (as live objects may hold them: two env entries named X) are
 * owned as one: the engine's field set of the object holds a duplicated key once, with nothing
 * under it. blame's and explain's owners of every line must be what that set says, as in
 * ownership-views.properties.test.ts (whose objects have no duplicates). Fixed seed; fast-check
 * prints the seed and the counterexample on failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Path } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import type { SchemaDecl } from '../../src/schema/model.js';
import { Schema } from '../../src/schema/schema.js';
import { blameLines } from '../../src/scenarios/blame.js';
import { pathOwnership } from '../../src/scenarios/explain-path.js';
import type { OwnerEntry } from '../../src/scenarios/owners.js';
import { toFieldSet } from '../../src/typed/to-field-set.js';
import type { Value } from '../../src/value/value.js';

const RUNS = Number(process.env.FC_RUNS ?? 500);

const item = (fields: { name: string; scalar: 'string' | 'numeric'; default?: Value }[]) => ({
  inlined: { map: { fields: fields.map((f) => ({ name: f.name, type: { inlined: { scalar: f.scalar } }, ...(f.default !== undefined ? { default: f.default } : {}) })) } },
});
const SCHEMA: SchemaDecl = {
  types: [
    {
      name: 'root',
      map: {
        fields: [
          { name: 'env', type: { inlined: { list: { elementType: item([{ name: 'name', scalar: 'string' }, { name: 'value', scalar: 'string' }]), elementRelationship: 'associative', keys: ['name'] } } } },
          {
            name: 'ports',
            type: {
              inlined: {
                list: {
                  elementType: item([{ name: 'port', scalar: 'numeric' }, { name: 'protocol', scalar: 'string', default: 'TCP' }, { name: 'name', scalar: 'string' }]),
                  elementRelationship: 'associative',
                  keys: ['port', 'protocol'],
                },
              },
            },
          },
        ],
      },
    },
  ],
};
const atom = new Schema(SCHEMA).named('root');

const objectArb: fc.Arbitrary<Value> = fc
  .record({
    env: fc.array(fc.record({ name: fc.constantFrom('X', 'Y'), value: fc.option(fc.constantFrom('1', '2'), { nil: undefined }) }), { maxLength: 4 }),
    ports: fc.array(fc.record({ port: fc.constantFrom(80, 81), protocol: fc.option(fc.constantFrom('TCP', 'UDP'), { nil: undefined }), name: fc.option(fc.constantFrom('a', 'b'), { nil: undefined }) }), { maxLength: 4 }),
  })
  .map(({ env, ports }) => {
    const plain = (o: Record<string, unknown>) => {
      const out: Record<string, Value> = Object.create(null);
      for (const k of Object.keys(o)) if (o[k] !== undefined) out[k] = o[k] as Value;
      return out as Value;
    };
    return plain({ env: env.map(plain), ports: ports.map(plain) });
  });

const caseArb = fc.record({ object: objectArb, bits: fc.array(fc.nat(7), { minLength: 41, maxLength: 41 }) }).map(({ object, bits }) => {
  const fields = toFieldSet(object, atom);
  const seen = new Map<string, Path>();
  fields.iterate((p) => {
    for (let n = 1; n <= p.length; n++) seen.set(p.slice(0, n).map((pe) => pe.id).join('\u0000'), p.slice(0, n));
  });
  const paths = [...seen.values()];
  const entries = ['alice', 'bob', 'carol'].map((manager, i): OwnerEntry => {
    const set = new FieldSet();
    paths.forEach((p, j) => {
      if ((bits[j % bits.length] >> i) & 1) set.insert(p);
    });
    return { manager, operation: 'Update', apiVersion: 'v1', subresource: '', time: undefined, set };
  });
  return { object, fields, entries };
});

/** The engine's answer: the entries holding the leaf of the object's field set that `path` is in, or `path` itself. */
function engineOwners(fs: FieldSet, entries: readonly OwnerEntry[], path: Path): OwnerEntry[] {
  for (let n = 1; n < path.length; n++) {
    const q = path.slice(0, n);
    const below = q.reduce<FieldSet | undefined>((node, pe) => node?.childAt(pe), fs);
    if (fs.has(q) && (below === undefined || below.isEmpty())) return entries.filter((e) => e.set.has(q));
  }
  return entries.filter((e) => e.set.has(path));
}

describe('duplicated keyed items: every view owns their fields with the item, as the engine does', () => {
  it('blame and explain', () => {
    fc.assert(
      fc.property(caseArb, ({ object, fields, entries }) => {
        for (const l of blameLines(object, entries, atom)) {
          if (l.at === undefined || l.at.length === 0) continue;
          const want = engineOwners(fields, entries, l.at);
          expect(l.fieldOwners, `blame ${l.text} at ${l.path}`).toEqual(want);
          const o = pathOwnership(object, entries, l.at, atom);
          expect(entries.filter((e) => o.owners.includes(e) || o.viaAtomic.some((v) => v.owner === e)), `explain ${l.path}`).toEqual(want);
        }
      }),
      { seed: 4242, numRuns: RUNS },
    );
  });
});
