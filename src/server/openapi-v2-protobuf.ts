/**
 * `/openapi/v2` in protobuf, as kube-apiserver answers a client that asks for
 * `application/com.github.proto-openapi.spec.v2.v1.0+protobuf` (kubectl's client-side
 * validation, which it falls back to for a kind the server does not serve, and `kubectl explain
 * --output=plaintext-openapiv2` ask for nothing else): the JSON document read into gnostic's
 * `openapi.v2` messages (OpenAPIv2.proto) and written with proto3's rules, fields in number
 * order and zero values left out. Maps are repeated (name, value) pairs in the document's order;
 * vendor extensions (`x-` keys), defaults and enum values are `Any` messages holding the value as
 * YAML text.
 *
 * The field numbers are gnostic's. Only what a Swagger 2.0 document written by this server can
 * hold is read; a key gnostic does not know is left out (gnostic would refuse the document, and
 * kube-apiserver never writes one).
 */
import { toYaml } from '../manifest/write-yaml.js';
import type { Value } from '../value/value.js';
import { WireWriter } from '../apiserver/protobuf-wire.js';

type Json = unknown;
type Fields = Readonly<Record<string, Json>>;

const isObject = (v: Json): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One message's bytes, its fields written by `fill`. */
function message(fill: (w: WireWriter) => void): Uint8Array {
  const w = new WireWriter();
  fill(w);
  return w.finish();
}

const text = (w: WireWriter, n: number, v: Json) => typeof v === 'string' && v !== '' && w.string(n, v);
const flag = (w: WireWriter, n: number, v: Json) => v === true && w.varint(n, 1n);
const int64 = (w: WireWriter, n: number, v: Json) => typeof v === 'number' && Number.isInteger(v) && v !== 0 && w.varint(n, BigInt(v));
const double = (w: WireWriter, n: number, v: Json) => typeof v === 'number' && v !== 0 && w.double(n, v);
const texts = (w: WireWriter, n: number, v: Json) => Array.isArray(v) && v.forEach((s) => typeof s === 'string' && w.string(n, s));
const sub = (w: WireWriter, n: number, bytes: Uint8Array | undefined) => bytes && w.bytes(n, bytes);
const each = (w: WireWriter, n: number, v: Json, encode: (x: Json) => Uint8Array | undefined) => Array.isArray(v) && v.forEach((x) => sub(w, n, encode(x)));

/** `Any`: the value as YAML text (field 2); gnostic writes it with yaml.v3, block style. */
const anyOf = (v: Json) => message((w) => w.string(2, toYaml(v as Value)));
const anyField = (w: WireWriter, n: number, v: Json) => v !== undefined && w.bytes(n, anyOf(v));

/** Repeated `Named*` pairs: name (1) and value (2), in the map's order. */
function named(w: WireWriter, n: number, map: Json, encode: (v: Json) => Uint8Array | undefined, keep: (k: string) => boolean = () => true): void {
  if (!isObject(map)) return;
  for (const [k, v] of Object.entries(map)) {
    if (!keep(k)) continue;
    const value = encode(v);
    w.bytes(n, message((m) => {
      m.string(1, k);
      sub(m, 2, value);
    }));
  }
}

const vendorExtensions = (w: WireWriter, n: number, o: Fields) => named(w, n, o, anyOf, (k) => k.startsWith('x-'));

const externalDocs = (v: Json) =>
  isObject(v)
    ? message((w) => {
        text(w, 1, v.description);
        text(w, 2, v.url);
        vendorExtensions(w, 3, v);
      })
    : undefined;

function schema(v: Json): Uint8Array | undefined {
  if (!isObject(v)) return undefined;
  return message((w) => {
    text(w, 1, v.$ref);
    text(w, 2, v.format);
    text(w, 3, v.title);
    text(w, 4, v.description);
    anyField(w, 5, v.default);
    double(w, 6, v.multipleOf);
    double(w, 7, v.maximum);
    flag(w, 8, v.exclusiveMaximum);
    double(w, 9, v.minimum);
    flag(w, 10, v.exclusiveMinimum);
    int64(w, 11, v.maxLength);
    int64(w, 12, v.minLength);
    text(w, 13, v.pattern);
    int64(w, 14, v.maxItems);
    int64(w, 15, v.minItems);
    flag(w, 16, v.uniqueItems);
    int64(w, 17, v.maxProperties);
    int64(w, 18, v.minProperties);
    texts(w, 19, v.required);
    each(w, 20, v.enum, anyOf);
    // AdditionalPropertiesItem: a schema (1) or a boolean (2), written even when false (a oneof).
    if (typeof v.additionalProperties === 'boolean') w.bytes(21, message((m) => m.varint(2, v.additionalProperties ? 1n : 0n)));
    else sub(w, 21, isObject(v.additionalProperties) ? message((m) => sub(m, 1, schema(v.additionalProperties))) : undefined);
    // TypeItem and ItemsItem: one or several.
    if (v.type !== undefined) w.bytes(22, message((m) => texts(m, 1, Array.isArray(v.type) ? v.type : [v.type])));
    if (v.items !== undefined) w.bytes(23, message((m) => each(m, 1, Array.isArray(v.items) ? v.items : [v.items], schema)));
    each(w, 24, v.allOf, schema);
    if (isObject(v.properties)) w.bytes(25, message((m) => named(m, 1, v.properties, schema)));
    text(w, 26, v.discriminator);
    flag(w, 27, v.readOnly);
    sub(w, 29, externalDocs(v.externalDocs));
    anyField(w, 30, v.example);
    vendorExtensions(w, 31, v);
  });
}

/** The primitive fields a non-body parameter and an items object share, from `type` on. */
function primitiveFields(w: WireWriter, first: number, v: Fields): void {
  text(w, first, v.type);
  text(w, first + 1, v.format);
  sub(w, first + 2, primitivesItems(v.items));
  text(w, first + 3, v.collectionFormat);
  anyField(w, first + 4, v.default);
  double(w, first + 5, v.maximum);
  flag(w, first + 6, v.exclusiveMaximum);
  double(w, first + 7, v.minimum);
  flag(w, first + 8, v.exclusiveMinimum);
  int64(w, first + 9, v.maxLength);
  int64(w, first + 10, v.minLength);
  text(w, first + 11, v.pattern);
  int64(w, first + 12, v.maxItems);
  int64(w, first + 13, v.minItems);
  flag(w, first + 14, v.uniqueItems);
  each(w, first + 15, v.enum, anyOf);
  double(w, first + 16, v.multipleOf);
  vendorExtensions(w, first + 17, v);
}

const primitivesItems = (v: Json): Uint8Array | undefined => (isObject(v) ? message((w) => primitiveFields(w, 1, v)) : undefined);

/** A non-body parameter's sub-schema: query and formData have `allowEmptyValue` (5), path and header do not. */
function nonBodyParameter(v: Fields): Uint8Array {
  const where = { header: 1, formData: 2, query: 3, path: 4 }[String(v.in)] ?? 3;
  const withEmpty = where === 2 || where === 3;
  const body = message((w) => {
    flag(w, 1, v.required);
    text(w, 2, v.in);
    text(w, 3, v.description);
    text(w, 4, v.name);
    if (withEmpty) flag(w, 5, v.allowEmptyValue);
    primitiveFields(w, withEmpty ? 6 : 5, v);
  });
  return message((w) => w.bytes(where, body));
}

/** ParametersItem: a reference (2) or a parameter (1), itself a body (1) or non-body (2) parameter. */
function parametersItem(v: Json): Uint8Array | undefined {
  if (!isObject(v)) return undefined;
  if (typeof v.$ref === 'string') return message((w) => w.bytes(2, jsonReference(v)));
  const parameter =
    v.in === 'body'
      ? message((w) =>
          w.bytes(
            1,
            message((m) => {
              text(m, 1, v.description);
              text(m, 2, v.name);
              text(m, 3, v.in);
              flag(m, 4, v.required);
              sub(m, 5, schema(v.schema));
              vendorExtensions(m, 6, v);
            }),
          ),
        )
      : message((w) => w.bytes(2, nonBodyParameter(v)));
  return message((w) => w.bytes(1, parameter));
}

const jsonReference = (v: Fields) =>
  message((w) => {
    text(w, 1, v.$ref);
    text(w, 2, v.description);
  });

/** ResponseValue: a response (1) or a reference (2). A response's schema is a SchemaItem (a file schema when its type is `file`). */
function responseValue(v: Json): Uint8Array | undefined {
  if (!isObject(v)) return undefined;
  if (typeof v.$ref === 'string') return message((w) => w.bytes(2, jsonReference(v)));
  const response = message((w) => {
    text(w, 1, v.description);
    if (isObject(v.schema)) w.bytes(2, message((m) => (v.schema as Fields).type === 'file' ? m.bytes(2, fileSchema(v.schema as Fields)) : sub(m, 1, schema(v.schema))));
    vendorExtensions(w, 5, v);
  });
  return message((w) => w.bytes(1, response));
}

const fileSchema = (v: Fields) =>
  message((w) => {
    text(w, 1, v.format);
    text(w, 2, v.title);
    text(w, 3, v.description);
    anyField(w, 4, v.default);
    texts(w, 5, v.required);
    text(w, 6, v.type);
    flag(w, 7, v.readOnly);
    sub(w, 8, externalDocs(v.externalDocs));
    anyField(w, 9, v.example);
    vendorExtensions(w, 10, v);
  });

function operation(v: Json): Uint8Array | undefined {
  if (!isObject(v)) return undefined;
  return message((w) => {
    texts(w, 1, v.tags);
    text(w, 2, v.summary);
    text(w, 3, v.description);
    sub(w, 4, externalDocs(v.externalDocs));
    text(w, 5, v.operationId);
    texts(w, 6, v.produces);
    texts(w, 7, v.consumes);
    each(w, 8, v.parameters, parametersItem);
    if (isObject(v.responses)) {
      const responses = v.responses;
      w.bytes(9, message((m) => {
        named(m, 1, responses, responseValue, (k) => !k.startsWith('x-'));
        vendorExtensions(m, 2, responses);
      }));
    }
    texts(w, 10, v.schemes);
    flag(w, 11, v.deprecated);
    vendorExtensions(w, 13, v);
  });
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

function pathItem(v: Json): Uint8Array | undefined {
  if (!isObject(v)) return undefined;
  return message((w) => {
    text(w, 1, v.$ref);
    METHODS.forEach((m, i) => sub(w, 2 + i, operation(v[m])));
    each(w, 9, v.parameters, parametersItem);
    vendorExtensions(w, 10, v);
  });
}

/** The protobuf answer of `/openapi/v2` for the JSON document the server serves. */
export function openApiV2Protobuf(doc: Json): Uint8Array {
  if (!isObject(doc)) return new Uint8Array();
  return message((w) => {
    text(w, 1, doc.swagger);
    if (isObject(doc.info)) {
      const info = doc.info;
      w.bytes(2, message((m) => {
        text(m, 1, info.title);
        text(m, 2, info.version);
        text(m, 3, info.description);
        vendorExtensions(m, 7, info);
      }));
    }
    text(w, 3, doc.host);
    text(w, 4, doc.basePath);
    texts(w, 5, doc.schemes);
    texts(w, 6, doc.consumes);
    texts(w, 7, doc.produces);
    if (isObject(doc.paths)) {
      const paths = doc.paths;
      w.bytes(8, message((m) => {
        vendorExtensions(m, 1, paths);
        named(m, 2, paths, pathItem, (k) => !k.startsWith('x-'));
      }));
    }
    if (isObject(doc.definitions)) w.bytes(9, message((m) => named(m, 1, doc.definitions, schema)));
    vendorExtensions(w, 16, doc);
  });
}
