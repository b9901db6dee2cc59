import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldElement, indexElement, keyElement, type Path, valueElement } from '../../src/fieldpath/path-element.js';
import { pathReader, valueAtPath } from '../../src/fieldpath/value-at-path.js';
import { newMap, type Value } from '../../src/value/value.js';
import { fcOptions } from './arbitraries.js';

// Few distinct values, so that items share keys; two ints beyond 2^53 with one canonical id.
const BIG = [9007199254740993n, 9007199254740992n];
const scalar = fc.constantFrom<Value>('x', 'y', 1, 1.5, null, true, ...BIG);
const item: fc.Arbitrary<Value> = fc.oneof(
  scalar,
  fc.record({ name: scalar, port: scalar, protocol: fc.constantFrom<Value>('TCP', 'UDP'), v: scalar }, { requiredKeys: [] }).map((r) => {
    const m = newMap();
    for (const [k, v] of Object.entries(r)) m[k] = v as Value;
    return m;
  }),
);
const root = fc.array(item, { maxLength: 12 }).map((list) => {
  const m = newMap();
  m.list = list;
  return m;
});
const step = fc.oneof(
  scalar.map((v) => keyElement([{ name: 'name', value: v }])),
  fc.tuple(scalar, fc.constantFrom<Value>('TCP', 'UDP')).map(([p, q]) => keyElement([{ name: 'protocol', value: q }, { name: 'port', value: p }])),
  scalar.map((v) => valueElement(v)),
  fc.integer({ min: 0, max: 12 }).map(indexElement),
);
const path: fc.Arbitrary<Path> = fc.tuple(step, fc.constantFrom('', 'v', 'name')).map(([pe, f]) => [fieldElement('list'), pe, ...(f ? [fieldElement(f)] : [])]);

describe('pathReader', () => {
  it('finds what valueAtPath finds, item for item, however many paths it is asked', () => {
    fc.assert(
      fc.property(root, fc.array(path, { maxLength: 20 }), (r, paths) => {
        const read = pathReader(r);
        for (const p of paths) expect(read(p)).toBe(valueAtPath(r, p));
      }),
      fcOptions,
    );
  });

  it('tells apart two ints beyond 2^53 that have the same float64', () => {
    const list = BIG.map((n) => ({ name: n, v: String(n) }));
    const read = pathReader({ list });
    expect(read([fieldElement('list'), keyElement([{ name: 'name', value: BIG[1] }]), fieldElement('v')])).toBe('9007199254740992');
    expect(read([fieldElement('list'), keyElement([{ name: 'name', value: BIG[0] }]), fieldElement('v')])).toBe('9007199254740993');
  });
});
