import fc from 'fast-check';
import { type Path, type PathElement, fieldElement, indexElement, keyElement, valueElement } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { type Value, newMap } from '../../src/value/value.js';

/** Property runs are reproducible: FC_SEED picks the seed (fast-check prints it on failure). */
export const fcOptions = { seed: Number(process.env.FC_SEED ?? 42), numRuns: 200 };

/** Names that trip up JS objects, JSON escaping, HTML escaping and UTF-16 ordering. */
const AWKWARD = [
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', '.', 'a', 'b', 'B', 'name', '"', '\\',
  '<>&', '\u2028', '\u2029', '🚀', '\uffff', '\u{10000}', '\ue000', 'é', '\n', '\t\x01', '\x7f', 'k:', 'f:x', '{}', '1', '0',
];

export const nameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...AWKWARD) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

const scalarArb: fc.Arbitrary<Value> = fc.oneof(
  nameArb,
  fc.integer({ min: -1000, max: 100000 }),
  fc.constantFrom(0.5, -2.25, 1e-7, 1.5e-10, 1e21, 123456.789, 0.1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
);

const mapOf = (entries: [string, Value][]): Value => {
  const m = newMap();
  for (const [k, v] of entries) m[k] = v;
  return m;
};

export const valueArb: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: scalarArb },
  { weight: 1, arbitrary: fc.array(scalarArb, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.tuple(nameArb, scalarArb), { maxLength: 3 }).map(mapOf) },
);

export const randomPeArb: fc.Arbitrary<PathElement> = fc.oneof(
  { weight: 4, arbitrary: nameArb.map(fieldElement) },
  {
    weight: 2,
    arbitrary: fc
      .uniqueArray(fc.tuple(nameArb, valueArb), { selector: (t) => t[0], maxLength: 3 })
      .map((fields) => keyElement(fields.map(([name, value]) => ({ name, value })))),
  },
  { weight: 2, arbitrary: valueArb.map(valueElement) },
  { weight: 1, arbitrary: fc.integer({ min: -2, max: 1000 }).map(indexElement) },
);

/** A few elements drawn from a small pool, so that independently drawn sets overlap. */
const POOL: PathElement[] = [
  fieldElement('a'), fieldElement('b'), fieldElement('__proto__'), fieldElement('\u{10000}'), fieldElement('\uffff'),
  keyElement([{ name: 'name', value: 'x' }]), keyElement([{ name: 'port', value: 80 }, { name: 'protocol', value: 'TCP' }]),
  valueElement('a'), valueElement(1), valueElement(null), indexElement(0), indexElement(3),
];
export const poolPeArb: fc.Arbitrary<PathElement> = fc.constantFrom(...POOL);

export const peArb: fc.Arbitrary<PathElement> = fc.oneof({ weight: 2, arbitrary: poolPeArb }, { weight: 1, arbitrary: randomPeArb });

export const pathArb = (pe: fc.Arbitrary<PathElement> = peArb): fc.Arbitrary<Path> => fc.array(pe, { minLength: 1, maxLength: 5 });

export const setArb = (pe: fc.Arbitrary<PathElement> = peArb): fc.Arbitrary<FieldSet> =>
  fc.array(pathArb(pe), { maxLength: 12 }).map((paths) => FieldSet.fromPaths(paths));

/** Sets over the small pool only: good overlap for the algebra laws. */
export const overlappingSetArb: fc.Arbitrary<FieldSet> = setArb(poolPeArb);
