/**
 * Numbers through the manifest readers and writers as Kubernetes has them: YAML goes through
 * yaml.v2 and JSON to int64 when the JSON text is an integer that fits, float64 otherwise; the
 * writers print what kubectl's `-o json` (encoding/json) and `-o yaml` (JSON read back by yaml.v2)
 * print.
 */
import { describe, expect, it } from 'vitest';
import { readManifests } from '../../src/manifest/read-manifests.js';
import { toJson } from '../../src/manifest/write-json.js';
import { toYaml } from '../../src/manifest/write-yaml.js';
import type { Value, ValueMap } from '../../src/value/value.js';

function read(text: string): ValueMap {
  return readManifests(text, { file: 'x.yaml', objects: false, flattenLists: false }).manifests[0].object as ValueMap;
}

// Long enough that the fast reader and the full one (a document with a tab) are both exercised.
const YAML = `a: 9007199254740993
b: -9223372036854775808
c: 9223372036854775807
d: 9223372036854775808
e: 18446744073709551616
f: -9223372036854775809
g: 0x7FFFFFFFFFFFFFFF
h: 1e16
i: 1.5
j: 12
k: 9007199254740992.5
`;

describe('reading numbers', () => {
  for (const [name, text] of [
    ['the fast YAML reader', YAML],
    ['the full YAML reader', YAML + 'z: "\t"\n'],
  ] as const) {
    it(`${name}: int64s exact, integers beyond int64 float64s`, () => {
      const v = read(text);
      expect(v.a).toBe(9007199254740993n);
      expect(v.b).toBe(-9223372036854775808n);
      expect(v.c).toBe(9223372036854775807n);
      expect(v.d).toBe(2 ** 63); // uint64 in yaml.v2, not an int64 in JSON: a float64
      expect(v.e).toBe(2 ** 64);
      // float64(-2^63 - 1) is -2^63, which JSON writes as an integer that fits int64
      expect(v.f).toBe(-9223372036854775808n);
      expect(v.g).toBe(9223372036854775807n);
      expect(v.h).toBe(10000000000000000n); // a whole float64 below 2^63 comes back an int
      expect(v.i).toBe(1.5);
      expect(v.j).toBe(12);
      expect(v.k).toBe(9007199254740992n); // rounds to a whole float64, written as an integer
    });
  }

  it('JSON manifests: integers that fit int64 exact, any other number a float64', () => {
    const v = read('{"a": 9007199254740993, "b": [9223372036854775808, 1e16, -9007199254740993]}');
    expect(v.a).toBe(9007199254740993n);
    expect(v.b).toEqual([2 ** 63, 1e16, -9007199254740993n]);
  });
});

describe('writing numbers', () => {
  const v = { int: 9007199254740993n, neg: -9223372036854775808n, f63: 2 ** 63, f64: 2 ** 64, f60: 2 ** 60, big: 1e21, small: 1.5e-7 } as unknown as Value;

  it('-o yaml: ints and whole float64s that yaml.v2 reads back as ints in decimal, other floats as Go %g', () => {
    expect(toYaml(v)).toBe(
      ['big: 1e+21', 'f60: 1152921504606847000', 'f63: 9223372036854776000', 'f64: 1.8446744073709552e+19', 'int: 9007199254740993', 'neg: -9223372036854775808', 'small: 1.5e-07', ''].join('\n'),
    );
  });

  it('-o json: ints with every digit, float64s with their shortest digits', () => {
    expect(toJson(v)).toBe(
      [
        '{',
        '    "big": 1e+21,',
        '    "f60": 1152921504606847000,',
        '    "f63": 9223372036854776000,',
        '    "f64": 18446744073709552000,',
        '    "int": 9007199254740993,',
        '    "neg": -9223372036854775808,',
        '    "small": 1.5e-07',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('round-trips every digit through YAML and JSON text', () => {
    const obj = { spec: { total: 9007199254740993n, seen: [-9223372036854775808n, 9223372036854775807n] } } as unknown as Value;
    expect(read(toYaml(obj))).toEqual(obj);
    expect(read(toJson(obj))).toEqual(obj);
  });
});
