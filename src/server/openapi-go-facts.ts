/**
 * What the API's OpenAPI says about a built-in type that the schema catalog does not carry: which
 * numbers are `integer` (`int32`, `int64`), which strings are bytes (`format: byte`), and which
 * properties are `required`. The facts are the Go types' (the protobuf tables, generated from
 * them and the API's .proto files); an inlined struct's fields are its parent's, as in JSON.
 */
import { metaSchema } from './openapi-meta-schemas.js';
import { builtinProtoTables } from '../apiserver/protobuf-envelope.js';
import { messageNameOf, typeNameOfMessage, type ProtoField, type ProtoTables, type ScalarType } from '../apiserver/protobuf-messages.js';

export interface GoTypeFacts {
  /** JSON property → the scalar type of its values (of its items, of its map values), when a number or bytes. */
  readonly scalars: ReadonlyMap<string, ScalarType>;
  /** Required properties, in the Go struct's order. */
  readonly required: readonly string[];
}

/** The facts of a schema type (`io.k8s.api.core.v1.Container`), or undefined when it has no message. */
export function goTypeFacts(tables: ProtoTables, typeName: string): GoTypeFacts | undefined {
  const message = tables.message(messageNameOf(typeName));
  if (!message || message.sliceOf) return undefined;
  const scalars = new Map<string, ScalarType>();
  const required: string[] = [];
  for (const f of jsonFields(tables, message.declared)) {
    if ('scalar' in f.type && f.type.scalar !== 's' && f.type.scalar !== 'b') scalars.set(f.json, f.type.scalar);
    if (f.required) required.push(f.json);
  }
  return { scalars, required };
}

/** The fields as JSON shows them: an inlined struct's fields in its place, in declaration order. */
function* jsonFields(tables: ProtoTables, fields: readonly ProtoField[]): Generator<ProtoField> {
  for (const f of fields) {
    if (f.inline && 'message' in f.type) {
      const inner = tables.message(f.type.message);
      if (inner) yield* jsonFields(tables, inner.declared);
    } else yield f;
  }
}

type Json = Record<string, unknown>;

/** The schema of a value of a protobuf scalar type. */
function scalarSchema(scalar: ScalarType): Json {
  if (scalar === 's') return { type: 'string' };
  if (scalar === 'b') return { type: 'boolean' };
  if (scalar === 'y') return { type: 'string', format: 'byte' };
  if (scalar === 'd') return { type: 'number', format: 'double' };
  return { type: 'integer', format: scalar === 'i32' ? 'int32' : 'int64' };
}

/**
 * The OpenAPI schema of a type from its message alone (for types the schema catalog does not
 * have, such as ListMeta): its JSON properties with their types, messages by `ref`, and required.
 */
export function goMessageSchema(tables: ProtoTables, typeName: string, ref: (typeName: string) => Json): Json | undefined {
  const message = tables.message(messageNameOf(typeName));
  if (!message || message.sliceOf) return undefined;
  const properties: Record<string, Json> = {};
  const required: string[] = [];
  const value = (f: ProtoField): Json => ('scalar' in f.type ? scalarSchema(f.type.scalar) : ref(typeNameOfMessage(f.type.message)));
  for (const f of jsonFields(tables, message.declared)) {
    properties[f.json] = f.mapKey ? { type: 'object', additionalProperties: value(f) } : f.repeated ? { type: 'array', items: value(f) } : value(f);
    if (f.required) required.push(f.json);
  }
  return { type: 'object', ...(required.length > 0 ? { required } : {}), properties };
}

/** The Go types of the built-in kinds, for the OpenAPI documents (openapi-schemas.ts). */
export const BUILTIN_GO_TYPES = {
  facts: (typeName: string): GoTypeFacts | undefined => goTypeFacts(builtinProtoTables(), typeName),
  schema: (typeName: string, ref: (typeName: string) => Json): Json | undefined => {
    const fromMessage = goMessageSchema(builtinProtoTables(), typeName, ref);
    return metaSchema(typeName, fromMessage, ref) ?? fromMessage;
  },
};

/** `schema` (a property's, an item's or a map value's) with the number or byte format of `scalar`. */
export function withScalarFormat(schema: Json, scalar: ScalarType): Json {
  const at = (s: Json): Json => {
    if (scalar === 'y' && s.type === 'string') return { ...s, format: 'byte' };
    if ((scalar === 'i32' || scalar === 'i64') && s.type === 'number') return { ...s, type: 'integer', format: scalar === 'i32' ? 'int32' : 'int64' };
    if (scalar === 'd' && s.type === 'number') return { ...s, format: 'double' };
    return s;
  };
  if (schema.type === 'array' && schema.items && typeof schema.items === 'object') return { ...schema, items: at(schema.items as Json) };
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') return { ...schema, additionalProperties: at(schema.additionalProperties as Json) };
  return at(schema);
}
