import { describe, expect, it } from 'vitest';
import { composeYaml, documentValue, locator, MAX_ALIAS_NODES, readYaml, type ReadYamlOptions } from '../../src/document/read-yaml.js';
import { errorOf } from '../support/ssa-error.js';

const read = (text: string, opts: ReadYamlOptions) => Array.from(readYaml(text, opts));
const base: ReadYamlOptions = { file: 'f.yaml', maxDepth: 50, maxAliasNodes: MAX_ALIAS_NODES };
const one = (text: string, opts: Partial<ReadYamlOptions> = {}) => {
  const docs = read(text, { ...base, ...opts });
  expect(docs).toHaveLength(1);
  return docs[0];
};

describe('scalars as Go yaml.v2 reads them', () => {
  it('YAML 1.1 booleans, octals, nulls; timestamps and 1:30 stay strings; floats need a digit', () => {
    const { value } = one('a: no\nb: "no"\nc: On\nd: 0777\ne: 1:30\nf: 2024-01-01\ng: ~\nh: .\ni: -.\nj: .e3\nk: .5\nl: 1_000\nm: 0x1F\np: 0x_\n');
    expect({ ...(value as object) }).toEqual({ a: false, b: 'no', c: true, d: 511, e: '1:30', f: '2024-01-01', g: null, h: '.', i: '-.', j: '.e3', k: 0.5, l: 1000, m: 31, p: '0x_' });
  });

  it('notes plain booleans and octals, with where they are', () => {
    const { notes } = one('a: no\nb: "no"\ntrue: x\nc: [0777, 0, 00]\nd: &x y\ne: *x\n');
    expect(notes.map((n) => [n.kind, n.text, n.value, n.yaml11Only, n.key, n.aliased, n.path, `${n.source.line}:${n.source.column}`])).toEqual([
      ['boolean', 'no', false, true, false, false, ['a'], '1:4'],
      ['boolean', 'true', true, false, true, false, [], '3:1'],
      ['octal', '0777', 511, true, false, false, ['c', 0], '4:5'],
      ['octal', '00', 0, true, false, false, ['c', 2], '4:14'],
      ['boolean', 'y', true, true, false, false, ['d'], '5:7'],
      ['boolean', 'y', true, true, false, true, ['e'], '5:7'],
    ]);
  });

  it('keys: booleans and numbers become text; null and number keys as the caller writes them', () => {
    expect(Object.keys(one('on: 1\n1.50: 2\n~: 3\n').value as object)).toEqual(['true', '1.5', '']);
    const kubectl = one('1.50: 2\n~: 3\n', { keyText: { null: 'null', number: (n) => `#${n}` } });
    expect(Object.keys(kubectl.value as object)).toEqual(['#1.5', 'null']);
    expect(kubectl.positionOf(['null'])).toEqual({ file: 'f.yaml', line: 2, column: 4 });
  });

  it('.inf and .nan: kept, or refused with the caller\'s message', () => {
    expect((one('a: .inf\n').value as { a: number }).a).toBe(Infinity);
    const err = errorOf(() => one('a: -.inf\n', { nonFinite: (text, v) => `${text} is ${v}` }));
    expect([err.code, err.message, err.source]).toEqual(['INPUT', '-.inf is -Infinity', { file: 'f.yaml', line: 1, column: 4 }]);
  });

  it('JSON text: YAML 1.2 core scalars, no notes, a repeated key wins', () => {
    const doc = one('{"a": "no", "b": 0777, "c": 1, "c": 2, "__proto__": {"x": 1}}', { json: true });
    expect(doc.notes).toEqual([]);
    const v = doc.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBeNull();
    expect(Object.keys(v)).toEqual(['a', 'b', 'c', '__proto__']);
    expect([v.a, v.b, v.c]).toEqual(['no', 777, 2]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('hostile input', () => {
  it('nesting: on the token stream, and while aliases expand', () => {
    const deep = errorOf(() => read(`a: ${'['.repeat(1000)}${']'.repeat(1000)}\n`, base));
    expect([deep.code, deep.message, deep.source]).toEqual(['TOO_DEEP', 'YAML nesting is deeper than 50 levels', { file: 'f.yaml', line: 1, column: 53 }]);
    const viaAlias = errorOf(() => read(`a: &a ${'['.repeat(40)}${']'.repeat(40)}\nb: ${'['.repeat(20)}*a${']'.repeat(20)}\n`, base));
    expect([viaAlias.code, viaAlias.message]).toEqual(['INPUT', 'YAML nesting is deeper than 50 levels']);
  });

  it('alias bombs, unknown aliases, collection keys, merges of scalars', () => {
    const bomb = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 7; i++) bomb.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    expect(errorOf(() => read(bomb.join('\n'), base)).message).toBe(`YAML aliases expand to more than ${MAX_ALIAS_NODES} nodes (aliases are capped to stop alias bombs)`);
    expect(errorOf(() => read('a: *nope\n', base)).message).toBe('unknown YAML alias *nope');
    expect(errorOf(() => read('? [a]\n: 1\n', base)).message).toBe('a map or a list cannot be used as a map key');
    expect(errorOf(() => read('a: &s x\nb:\n  <<: *s\n', base)).message).toBe('YAML merge (<<) sources must be maps');
  });

  it('YAML errors: the first in the text, worded by the caller', () => {
    const dup = errorOf(() => read('a: 1\nb: [\nb: 2\n', base));
    expect(dup.message).toMatch(/^invalid YAML: /);
    const worded = errorOf(() => read('a: 1\na: 2\n', { ...base, syntaxMessage: (e) => e.code }));
    expect([worded.message, worded.source]).toEqual(['DUPLICATE_KEY', { file: 'f.yaml', line: 2, column: 1 }]);
  });

  it('errors built by the caller', () => {
    const err = (() => {
      try {
        read('a: [\n', { ...base, file: undefined, error: (code, message, source) => new Error(`${code} ${message} ${JSON.stringify(source)}`) });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err?.message).toMatch(/^INPUT invalid YAML: .* \{"line":\d+,"column":\d+\}$/);
  });
});

describe('documents and positions', () => {
  it('a stream of documents; no document in a text of comments', () => {
    expect(read('a: 1\n---\n---\n# c\n---\nb: 2\n', base).map((d) => [d.index, d.value])).toEqual([[0, { a: 1 }], [1, null], [2, null], [3, { b: 2 }]]);
    expect(read('# c\n', base)).toEqual([]);
  });

  it('positions by path: keys, values, list items, the nearest ancestor', () => {
    const doc = one('a:\n  b: [x, {c: 1}]\n  e:\nf: 2\n');
    expect(doc.positionOf([])).toEqual({ file: 'f.yaml', line: 1, column: 1 });
    expect(doc.positionOf(['a', 'b', 1, 'c'])).toEqual({ file: 'f.yaml', line: 2, column: 14 });
    expect(doc.positionOf(['a', 'b', 1, 'c'], 'key')).toEqual({ file: 'f.yaml', line: 2, column: 11 });
    expect(doc.positionOf(['a', 'b', 5])).toEqual({ file: 'f.yaml', line: 2, column: 6 });
    expect(doc.positionOf(['a', 'b', '1'])).toEqual({ file: 'f.yaml', line: 2, column: 10 });
    expect(doc.positionOf(['a', 'e'])).toEqual({ file: 'f.yaml', line: 3, column: 5 });
    expect(one('a:\n  e:\n', { emptyValueAt: 'key' }).positionOf(['a', 'e'])).toEqual({ file: 'f.yaml', line: 2, column: 3 });
  });

  it('positions through aliases and merge keys; the key of a duplicate', () => {
    const text = 'base: &b {x: 1, z: 2}\nm:\n  <<: *b\n  z: 3\n';
    const doc = one(text);
    expect({ ...((doc.value as { m: object }).m) }).toEqual({ x: 1, z: 3 });
    expect(doc.positionOf(['m', 'x'])).toEqual({ file: 'f.yaml', line: 1, column: 14 });
    expect(doc.positionOf(['m', 'z'])).toEqual({ file: 'f.yaml', line: 4, column: 6 });
    const stream = composeYaml('a:\n  b: 1\n  b: 2\n', { maxDepth: 10 });
    const at = stream.documents[0].errors[0].pos[0];
    expect(locator(stream, stream.documents[0]).keyAt(at)).toEqual({ path: ['a'], key: 'b' });
    expect(() => documentValue(stream, composeYaml('a: 1\n', { maxDepth: 10 }).documents[0], { maxDepth: 10, maxAliasNodes: 10 })).not.toThrow();
  });
});
