import fc from 'fast-check';
import type { AtomDecl, SchemaDecl, TypeRef } from '../../src/schema/model.js';
import type { Value } from '../../src/value/value.js';

/**
 * Random schemas and objects that fit them, for property tests of the engine. A shape describes
 * one node of a schema; small value domains make managers collide often.
 */
export type Shape =
  | { kind: 'scalar'; scalar: 'numeric' | 'string' | 'boolean' }
  | { kind: 'struct'; atomic: boolean; fields: [string, Shape][] }
  | { kind: 'map'; atomic: boolean; element: Shape }
  | { kind: 'keyed'; keys: string[]; defaults: { port?: number }; fields: [string, Shape][] }
  | { kind: 'set'; scalar: 'numeric' | 'string' }
  | { kind: 'atomicList'; element: Shape };

const scalarKind = fc.constantFrom('numeric' as const, 'string' as const, 'boolean' as const);
const fieldNames = ['a', 'b', 'c', '__proto__', 'constructor'];

/** Fields of a struct: unique names, `__proto__` and `constructor` among them as plain data. */
function fieldsArb(names: string[], shape: fc.Arbitrary<Shape>, minLength: number): fc.Arbitrary<[string, Shape][]> {
  return fc.uniqueArray(fc.tuple(fc.constantFrom(...names), shape), { selector: ([n]) => n, minLength, maxLength: 3 });
}

const shapes = fc.letrec<{ shape: Shape; leafy: Shape }>((tie) => ({
  leafy: fc.oneof(
    scalarKind.map((scalar): Shape => ({ kind: 'scalar', scalar })),
    fc.constantFrom('numeric' as const, 'string' as const).map((scalar): Shape => ({ kind: 'set', scalar })),
    scalarKind.map((scalar): Shape => ({ kind: 'atomicList', element: { kind: 'scalar', scalar } })),
  ),
  shape: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leafy'),
    fc.record({ atomic: fc.boolean(), fields: fieldsArb(fieldNames, tie('shape'), 1) }).map(({ atomic, fields }): Shape => ({ kind: 'struct', atomic, fields })),
    fc.record({ atomic: fc.boolean(), element: tie('leafy') }).map(({ atomic, element }): Shape => ({ kind: 'map', atomic, element })),
    fc
      .record({ twoKeys: fc.boolean(), portDefault: fc.boolean(), fields: fieldsArb(['v', 'w'], tie('shape'), 0) })
      .map(({ twoKeys, portDefault, fields }): Shape => ({
        kind: 'keyed',
        keys: twoKeys ? ['name', 'port'] : ['name'],
        defaults: twoKeys && portDefault ? { port: 1 } : {},
        fields,
      })),
  ),
}));

/** A root type: always a granular struct, as objects are. */
export const shapeArb: fc.Arbitrary<Shape> = fieldsArb(fieldNames, shapes.shape, 1).map((fields): Shape => ({ kind: 'struct', atomic: false, fields }));

/** The schema declaration for a root shape (a struct), all types inline under one name. */
export function schemaFor(root: Shape): SchemaDecl {
  return { types: [{ name: 'root', ...atomFor(root) }] };
}

function refFor(shape: Shape): TypeRef {
  return { inlined: atomFor(shape) };
}

function atomFor(shape: Shape): AtomDecl {
  switch (shape.kind) {
    case 'scalar':
      return { scalar: shape.scalar };
    case 'struct':
      return {
        map: {
          fields: shape.fields.map(([name, s]) => ({ name, type: refFor(s) })),
          ...(shape.atomic ? { elementRelationship: 'atomic' } : {}),
        },
      };
    case 'map':
      return { map: { elementType: refFor(shape.element), ...(shape.atomic ? { elementRelationship: 'atomic' } : {}) } };
    case 'keyed': {
      const fields = [
        { name: 'name', type: { inlined: { scalar: 'string' as const } } },
        ...(shape.keys.includes('port')
          ? [{ name: 'port', type: { inlined: { scalar: 'numeric' as const } }, ...(shape.defaults.port !== undefined ? { default: shape.defaults.port } : {}) }]
          : []),
        ...shape.fields.map(([name, s]) => ({ name, type: refFor(s) })),
      ];
      return { list: { elementType: { inlined: { map: { fields } } }, elementRelationship: 'associative', keys: shape.keys } };
    }
    case 'set':
      return { list: { elementType: { inlined: { scalar: shape.scalar } }, elementRelationship: 'associative' } };
    case 'atomicList':
      return { list: { elementType: refFor(shape.element), elementRelationship: 'atomic' } };
  }
}

function scalarValue(kind: 'numeric' | 'string' | 'boolean'): fc.Arbitrary<Value> {
  switch (kind) {
    case 'numeric':
      return fc.integer({ min: 0, max: 2 });
    case 'string':
      return fc.constantFrom('x', 'y', 'z');
    case 'boolean':
      return fc.boolean();
  }
}

/** Objects that fit `shape` (no duplicate items, so they are valid applied configurations). */
export function valueFor(shape: Shape, depth = 0): fc.Arbitrary<Value> {
  const orNull = (a: fc.Arbitrary<Value>) => (depth === 0 ? a : fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 6, arbitrary: a }));
  switch (shape.kind) {
    case 'scalar':
      return orNull(scalarValue(shape.scalar));
    case 'struct': {
      const entries = shape.fields;
      return orNull(
        fc
          .tuple(...entries.map(([, s]) => fc.option(valueFor(s, depth + 1), { nil: undefined })))
          .map((vals) => {
            const out: Record<string, Value> = Object.create(null);
            vals.forEach((v, i) => {
              if (v !== undefined) out[entries[i][0]] = v;
            });
            return out as Value;
          }),
      );
    }
    case 'map':
      return orNull(
        fc.uniqueArray(fc.tuple(fc.constantFrom('k1', 'k2', 'k3'), valueFor(shape.element, depth + 1)), { selector: ([k]) => k, maxLength: 3 }).map((pairs) => {
          const out: Record<string, Value> = Object.create(null);
          for (const [k, v] of pairs) out[k] = v;
          return out as Value;
        }),
      );
    case 'keyed': {
      const item = fc
        .record({
          name: fc.constantFrom('n1', 'n2', 'n3'),
          port: shape.keys.includes('port') ? fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }) : fc.constant(undefined),
          rest: valueFor({ kind: 'struct', atomic: false, fields: shape.fields }, 1),
        })
        .map(({ name, port, rest }) => {
          const out: Record<string, Value> = Object.create(null);
          if (rest && typeof rest === 'object' && !Array.isArray(rest)) for (const k of Object.keys(rest)) out[k] = (rest as Record<string, Value>)[k];
          out.name = name;
          if (port !== undefined) out.port = port;
          return out as Value;
        });
      const keyOf = (v: Value) => {
        const m = v as Record<string, Value>;
        return `${m.name}/${m.port ?? shape.defaults.port ?? ''}`;
      };
      return orNull(fc.uniqueArray(item, { selector: keyOf, maxLength: 3 }));
    }
    case 'set':
      return orNull(fc.uniqueArray(scalarValue(shape.scalar), { maxLength: 3 }));
    case 'atomicList':
      return orNull(fc.array(valueFor(shape.element, depth + 1), { maxLength: 3 }));
  }
}

export interface Op {
  op: 'apply' | 'update';
  manager: string;
  force: boolean;
  object: Value;
}

/** A schema and a sequence of operations by three managers. */
export const scenarioArb = shapeArb.chain((shape) =>
  fc.record({
    shape: fc.constant(shape),
    ops: fc.array(
      fc.record({
        op: fc.constantFrom('apply' as const, 'update' as const),
        manager: fc.constantFrom('alice', 'bob', 'carol'),
        force: fc.boolean(),
        object: valueFor(shape),
      }),
      { minLength: 1, maxLength: 6 },
    ),
  }),
);
