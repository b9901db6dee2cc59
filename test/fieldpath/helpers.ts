import { type KeyField, type Path, type PathElement, fieldElement, indexElement, keyElement, valueElement } from '../../src/fieldpath/path-element.js';
import { pathToString } from '../../src/fieldpath/path-string.js';
import { FieldSet } from '../../src/fieldpath/set.js';
import type { Value } from '../../src/value/value.js';

export const f = (name: string): PathElement => fieldElement(name);
export const k = (fields: Record<string, Value>): PathElement =>
  keyElement(Object.keys(fields).map((name): KeyField => ({ name, value: fields[name] })));
export const v = (value: Value): PathElement => valueElement(value);
export const i = (index: number): PathElement => indexElement(index);

/** A set of field-name paths written `a.b.c` (names without dots). */
export function fields(...dotted: string[]): FieldSet {
  return FieldSet.fromPaths(dotted.map((d): Path => d.split('.').map(fieldElement)));
}

/** The set's members as path strings, in iteration order. */
export function pathStrings(s: FieldSet): string[] {
  return s.paths().map(pathToString);
}

/** The §1.3 worked example, line breaks of the doc removed. */
export const WORKED_EXAMPLE =
  '{"f:metadata":{"f:finalizers":{"v:\\"example.com/cleanup\\"":{}},"f:labels":{"f:app":{}},"f:name":{}},' +
  '"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:args":{},"f:image":{},"f:name":{},' +
  '"f:ports":{"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}":{".":{},"f:containerPort":{}}},' +
  '"f:resources":{}}},"f:replicas":{},"f:selector":{}}}';

export function workedExampleSet(): FieldSet {
  const c = [f('spec'), f('containers'), k({ name: 'nginx' })];
  const port = [...c, f('ports'), k({ protocol: 'TCP', containerPort: 80 })];
  return FieldSet.fromPaths([
    [f('metadata'), f('name')],
    [f('metadata'), f('labels'), f('app')],
    [f('metadata'), f('finalizers'), v('example.com/cleanup')],
    [f('spec'), f('replicas')],
    [f('spec'), f('selector')],
    c,
    [...c, f('image')],
    [...c, f('args')],
    [...c, f('name')],
    [...c, f('resources')],
    port,
    [...port, f('containerPort')],
  ]);
}

