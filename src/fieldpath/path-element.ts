import { canonicalJson } from '../value/canonical-json.js';
import { compareStrings } from '../value/compare-strings.js';
import { compareValues } from '../value/compare.js';
import type { Value } from '../value/value.js';

/**
 * One step of a field path: a map key or struct field (`f:`), an associative-list item by its key
 * fields (`k:`), a set item by its value (`v:`), or a list item by position (`i:`).
 *
 * `id` identifies the element up to the reference's equality (1 and 1.0 are the same key) and is
 * what sets use for lookups; it is not the FieldsV1 text.
 */
export type PathElement = FieldElement | KeyElement | ValueElement | IndexElement;

/** Kinds in the reference's order; the numbers are the sort rank. */
export const PeKind = { Field: 0, Key: 1, Value: 2, Index: 3 } as const;
export type PeKind = (typeof PeKind)[keyof typeof PeKind];

export interface FieldElement {
  readonly kind: typeof PeKind.Field;
  readonly id: string;
  readonly name: string;
}
export interface KeyField {
  readonly name: string;
  readonly value: Value;
}
export interface KeyElement {
  readonly kind: typeof PeKind.Key;
  readonly id: string;
  /** Sorted by name (code point order). */
  readonly fields: readonly KeyField[];
  /** Read from FieldsV1 JSON, where the reference holds every number as a float64 (see path-string). */
  readonly fromJson?: boolean;
}
export interface ValueElement {
  readonly kind: typeof PeKind.Value;
  readonly id: string;
  readonly value: Value;
  /** Read from FieldsV1 JSON (numbers are float64 there). */
  readonly fromJson?: boolean;
}
export interface IndexElement {
  readonly kind: typeof PeKind.Index;
  readonly id: string;
  readonly index: number;
}

export type Path = readonly PathElement[];

export function fieldElement(name: string): FieldElement {
  return { kind: PeKind.Field, id: 'f' + name, name };
}

/**
 * A key element; `fields` may come in any order and is sorted here. `fromJson` marks an element
 * read from FieldsV1: it is the same element (same id) but prints its numbers as Go float64s.
 */
export function keyElement(fields: readonly KeyField[], fromJson = false): KeyElement {
  const sorted = fields.length > 1 ? [...fields].sort((a, b) => compareStrings(a.name, b.name)) : fields;
  let id = 'k';
  for (const f of sorted) id += JSON.stringify(f.name) + ':' + canonicalJson(f.value) + ',';
  return fromJson ? { kind: PeKind.Key, id, fields: sorted, fromJson } : { kind: PeKind.Key, id, fields: sorted };
}

export function valueElement(value: Value, fromJson = false): ValueElement {
  const id = 'v' + canonicalJson(value);
  return fromJson ? { kind: PeKind.Value, id, value, fromJson } : { kind: PeKind.Value, id, value };
}

export function indexElement(index: number): IndexElement {
  return { kind: PeKind.Index, id: 'i' + index, index };
}

/** The reference's total order: kind first (field < key < value < index), then within the kind. */
export function comparePathElements(a: PathElement, b: PathElement): number {
  if (a.kind !== b.kind) return a.kind - b.kind;
  switch (a.kind) {
    case PeKind.Field:
      return compareStrings(a.name, (b as FieldElement).name);
    case PeKind.Key: {
      const x = a.fields;
      const y = (b as KeyElement).fields;
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = compareStrings(x[i].name, y[i].name);
        if (c !== 0) return c;
        const d = compareValues(x[i].value, y[i].value);
        if (d !== 0) return d;
      }
      return x.length - y.length < 0 ? -1 : x.length === y.length ? 0 : 1;
    }
    case PeKind.Value:
      return compareValues(a.value, (b as ValueElement).value);
    case PeKind.Index: {
      const j = (b as IndexElement).index;
      return a.index < j ? -1 : a.index > j ? 1 : 0;
    }
  }
}
