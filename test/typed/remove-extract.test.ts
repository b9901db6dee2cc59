import { describe, expect, it } from 'vitest';
import { fieldElement, keyElement, valueElement, type Path } from '../../src/fieldpath/path-element.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import { parseSchema } from '../../src/schema/parse-schema.js';
import { Schema } from '../../src/schema/schema.js';
import { extractItems, removeItems } from '../../src/typed/remove-items.js';
import type { Value } from '../../src/value/value.js';

// engine-semantics §4.5: what RemoveItems and ExtractItems do at each kind of node.
const atom = new Schema(
  parseSchema(`types:
- name: root
  map:
    fields:
    - {name: s, type: {namedType: s}}
    - {name: a, type: {namedType: s}}
    - name: set
      type: {list: {elementType: {scalar: string}, elementRelationship: associative}}
    - name: l
      type: {list: {elementType: {namedType: item}, elementRelationship: associative, keys: [k]}}
    - name: atomic
      type: {list: {elementType: {scalar: string}, elementRelationship: atomic}}
- name: s
  map:
    fields:
    - {name: k, type: {scalar: string}}
    - {name: v, type: {scalar: numeric}}
- name: item
  map:
    fields:
    - {name: k, type: {scalar: string}}
    - {name: x, type: {scalar: string}}
    - {name: "y", type: {scalar: string}}
`),
).named('root');

const f = fieldElement;
const set = (...paths: Path[]) => FieldSet.fromPaths(paths);
const json = (v: Value) => JSON.stringify(v);

describe('removeItems', () => {
  it('a map or list left with no entries becomes null, and so does an emptied root', () => {
    expect(json(removeItems({ s: { k: 'x', v: 1 } }, set([f('s'), f('k')], [f('s'), f('v')]), atom))).toBe('{"s":null}');
    expect(json(removeItems({ set: ['x'] }, set([f('set'), valueElement('x')]), atom))).toBe('{"set":null}');
    expect(json(removeItems({ a: { k: 'x' } }, set([f('a')]), atom))).toBe('null');
  });
  it('a keyed item goes whole when its element is in the set, else only what is listed inside it', () => {
    const obj: Value = { l: [{ k: 'a', x: '1', y: '2' }, { k: 'b', x: '3' }] };
    expect(json(removeItems(obj, set([f('l'), keyElement([{ name: 'k', value: 'a' }])]), atom))).toBe('{"l":[{"k":"b","x":"3"}]}');
    expect(json(removeItems(obj, set([f('l'), keyElement([{ name: 'k', value: 'a' }]), f('y')]), atom))).toBe('{"l":[{"k":"a","x":"1"},{"k":"b","x":"3"}]}');
  });
  it('an atomic list named in the set goes whole', () => {
    expect(json(removeItems({ atomic: ['a'], s: { k: 'x' } }, set([f('atomic')]), atom))).toBe('{"s":{"k":"x"}}');
  });
});

describe('extractItems', () => {
  it('keeps only the listed paths; an item named by its element comes whole', () => {
    const obj: Value = { l: [{ k: 'a', x: '1', y: '2' }, { k: 'b', x: '3' }], s: { k: 'x', v: 1 } };
    expect(json(extractItems(obj, set([f('l'), keyElement([{ name: 'k', value: 'a' }])]), atom))).toBe('{"l":[{"k":"a","x":"1","y":"2"}]}');
    expect(json(extractItems(obj, set([f('s'), f('v')]), atom))).toBe('{"s":{"v":1}}');
  });
  it("quirk: a non-empty map kept by membership alone is walked with the whole set again, and comes out null", () => {
    expect(json(extractItems({ s: { k: 'x' } }, set([f('s')]), atom))).toBe('{"s":null}');
  });
  it('empty and atomic containers are kept as they are', () => {
    expect(json(extractItems({ set: [], atomic: ['a', 'b'] }, set([f('set')], [f('atomic')]), atom))).toBe('{"set":[],"atomic":["a","b"]}');
  });
});
