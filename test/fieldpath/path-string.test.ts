import { describe, expect, test } from 'vitest';
import { pathElementToString, pathToString } from '../../src/fieldpath/path-string.js';
import { f, i, k, v } from './helpers.js';

describe('path strings', () => {
  test('each kind', () => {
    expect(pathElementToString(f('spec'))).toBe('.spec');
    expect(pathElementToString(f(''))).toBe('.');
    expect(pathElementToString(f('a.b "c"'))).toBe('.a.b "c"'); // names are verbatim
    expect(pathElementToString(k({ name: 'nginx' }))).toBe('[name="nginx"]');
    expect(pathElementToString(k({}))).toBe('[]');
    expect(pathElementToString(v('a'))).toBe('[="a"]');
    expect(pathElementToString(v(3))).toBe('[=3]');
    expect(pathElementToString(v(null))).toBe('[=null]');
    expect(pathElementToString(i(3))).toBe('[3]');
  });
  test('key fields are sorted by name', () => {
    expect(pathElementToString(k({ protocol: 'TCP', containerPort: 61678 }))).toBe('[containerPort=61678,protocol="TCP"]');
    expect(pathElementToString(k({ b: 1, a: 'x' }))).toBe('[a="x",b=1]');
  });
  test('whole paths', () => {
    expect(pathToString([])).toBe('');
    expect(pathToString([f('spec'), f('template'), f('spec'), f('containers'), k({ name: 'aws-node' }), f('image')])).toBe(
      '.spec.template.spec.containers[name="aws-node"].image',
    );
    expect(pathToString([f('ports'), k({ containerPort: 61678, protocol: 'TCP' })])).toBe('.ports[containerPort=61678,protocol="TCP"]');
    expect(pathToString([f('finalizers'), v('a')])).toBe('.finalizers[="a"]');
    expect(pathToString([f('i'), i(3)])).toBe('.i[3]');
    expect(pathToString([f('spec'), f('containers'), k({ name: 'nginx' }), f('ports'), k({ containerPort: 80, protocol: 'TCP' }), f('name')])).toBe(
      '.spec.containers[name="nginx"].ports[containerPort=80,protocol="TCP"].name',
    );
  });
  test('values are Go-quoted and Go-formatted', () => {
    expect(pathToString([f('x'), v('a"b\n\u2028é')])).toBe(String.raw`.x[="a\"b\n\u2028é"]`);
    expect(pathToString([f('x'), k({ port: 0.5 })])).toBe('.x[port=0.5]');
    expect(pathToString([f('x'), k({ port: 0.00001 })])).toBe('.x[port=1e-05]');
    expect(pathToString([f('x'), v([1, 'a'])])).toBe('.x[=[1,"a"]]');
  });
});
