/**
 * A custom resource's Table columns as apiextensions-apiserver makes them from its CRD
 * (printer-columns.ts) and the Kubernetes JSONPath they are evaluated with (jsonpath.ts).
 */
import { describe, expect, it } from 'vitest';
import { compileJsonPath } from '../../src/apiserver/jsonpath.js';
import { customResourceColumns, OBJECT_META_DESCRIPTIONS } from '../../src/apiserver/printer-columns.js';
import { toValue } from '../../src/apiserver/object-paths.js';
import type { PrinterColumn } from '../../src/schema/schema-catalog.js';
import type { Value, ValueMap } from '../../src/value/value.js';

const NOW = Date.parse('2024-01-01T01:00:00Z');
const obj = (x: unknown) => toValue(x) as ValueMap;
const col = (c: Partial<PrinterColumn> & { jsonPath: string; type: string }): PrinterColumn => ({ name: 'C', format: '', description: '', priority: 0, ...c });
const cell = (c: Partial<PrinterColumn> & { jsonPath: string; type: string }, o: unknown): Value => customResourceColumns([col(c)])[1].cell(obj(o), NOW);
const first = (path: string, o: unknown): Value | undefined => {
  const p = compileJsonPath(path);
  if ('error' in p) throw new Error(p.error);
  return p.first(toValue(o));
};

describe('custom resource columns', () => {
  it('are Name, then the CRD columns with their description or the JSONPath one; Age when the CRD has none', () => {
    const defs = (cs: PrinterColumn[] | undefined) => customResourceColumns(cs).map(({ cell: _c, ...d }) => d);
    expect(defs(undefined)).toEqual([
      { name: 'Name', type: 'string', format: 'name', description: OBJECT_META_DESCRIPTIONS.name, priority: 0 },
      { name: 'Age', type: 'date', format: '', description: OBJECT_META_DESCRIPTIONS.creationTimestamp, priority: 0 },
    ]);
    expect(defs([col({ name: 'Size', type: 'integer', format: 'int32', priority: 1, jsonPath: '.spec.size' }), col({ name: 'Why', type: 'string', description: 'why', jsonPath: '.status.why' })]).slice(1)).toEqual([
      { name: 'Size', type: 'integer', format: 'int32', description: 'Custom resource definition column (in JSONPath format): .spec.size', priority: 1 },
      { name: 'Why', type: 'string', format: '', description: 'why', priority: 0 },
    ]);
    // A column whose path does not parse ends the list (the server keeps what it read before it).
    expect(defs([col({ name: 'A', type: 'string', jsonPath: '.a' }), col({ name: 'B', type: 'string', jsonPath: '.b[x]' }), col({ name: 'C', type: 'string', jsonPath: '.c' })]).map((d) => d.name)).toEqual(['Name', 'A']);
  });

  it('write a string column as JSONPath prints the first result, other types only when the value has that type', () => {
    expect(cell({ type: 'string', jsonPath: '.a' }, { a: 'x' })).toBe('x');
    expect(cell({ type: 'string', jsonPath: '.a' }, { a: 1000000.5 })).toBe('1.0000005e+06');
    expect(cell({ type: 'string', jsonPath: '.a' }, { a: 7 })).toBe('7');
    expect(cell({ type: 'string', jsonPath: '.a' }, { a: true })).toBe('true');
    expect(cell({ type: 'string', jsonPath: '.a' }, { a: { z: '<', b: [1] } })).toBe('{"b":[1],"z":"\\u003c"}');
    expect(cell({ type: 'string', jsonPath: '.a' }, { a: null })).toBe('<no value>');
    expect(cell({ type: 'string', jsonPath: '.a' }, {})).toBe(null);
    expect(cell({ type: 'integer', jsonPath: '.a' }, { a: 2.9 })).toBe(2);
    expect(cell({ type: 'integer', jsonPath: '.a' }, { a: '2' })).toBe(null);
    expect(cell({ type: 'number', jsonPath: '.a' }, { a: 2 })).toBe(2);
    expect(cell({ type: 'boolean', jsonPath: '.a' }, { a: 'true' })).toBe(null);
    expect(cell({ type: 'boolean', jsonPath: '.a' }, { a: false })).toBe(false);
    expect(cell({ type: 'date', jsonPath: '.a' }, { a: '2024-01-01T00:00:00Z' })).toBe('60m');
    expect(cell({ type: 'date', jsonPath: '.a' }, { a: 'soon' })).toBe('<invalid>');
    expect(cell({ type: 'date', jsonPath: '.a' }, { a: 5 })).toBe(null);
  });
});

describe('Kubernetes JSONPath', () => {
  const o = {
    metadata: { name: 'n', labels: { 'app.kubernetes.io/name': 'web', b: '2' } },
    spec: { ports: [{ name: 'http', port: 80 }, { name: 'https', port: 443 }], n: 3 },
    status: { conditions: [{ type: 'Synced', status: 'False' }, { type: 'Ready', status: 'True', n: 2 }] },
  };
  it('reads fields, indexes, slices, wildcards, unions and recursive descent', () => {
    expect(first('.spec.ports[1].port', o)).toBe(443);
    expect(first('.spec.ports[-1].name', o)).toBe('https');
    expect(first('.spec.ports[5].name', o)).toBeUndefined();
    expect(first('.spec.ports[1:].port', o)).toBe(443);
    expect(first('.spec.ports[*].port', o)).toBe(80);
    expect(first('.spec.ports[1,0].name', o)).toBe('https');
    // One member out of range fails the whole union.
    expect(first('.spec.ports[2,0].name', o)).toBeUndefined();
    expect(first("$.metadata.labels.app\\.kubernetes\\.io/name", o)).toBe('web');
    // A bracketed key is read as a dotted path again, as client-go's parser does.
    expect(first("['metadata']['name']", o)).toBe('n');
    expect(first("['metadata.name']", o)).toBe('n');
    expect(first('..port', o)).toBe(80);
    expect(first('.metadata.*', o)).toEqual(o.metadata.labels);
    expect(first('.spec.missing.deeper', o)).toBeUndefined();
  });
  it('filters lists by comparisons and existence; comparing different types is no result', () => {
    expect(first('.status.conditions[?(@.type=="Ready")].status', o)).toBe('True');
    expect(first(".status.conditions[?(@.type != 'Ready')].status", o)).toBe('False');
    expect(first('.status.conditions[?(@.n)].type', o)).toBe('Ready');
    expect(first('.status.conditions[?(@.n > 1)].type', o)).toBe('Ready');
    expect(first('.status.conditions[?(@.n == "2")].type', o)).toBeUndefined();
    expect(first('.spec.ports[?(@.port >= 100)].name', o)).toBe('https');
  });
  it('refuses what does not parse', () => {
    expect(compileJsonPath('.a[x]')).toEqual({ error: 'invalid array index x' });
    expect(compileJsonPath('.a[?(@.b == 1]')).toHaveProperty('error');
  });
});
