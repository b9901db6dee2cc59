/**
 * `/openapi/v2` in gnostic's protobuf messages: negotiated as kube-openapi's handler does, and read
 * back with the field numbers of gnostic's OpenAPIv2.proto (written out here, not taken from the
 * encoder), it says what the JSON document says: every definition's properties, types,
 * references, required fields and group-version-kinds, and every path's operations.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { WIRE_BYTES, WireReader } from '../../src/apiserver/protobuf-wire.js';
import { negotiateOpenApiV2 } from '../../src/server/negotiate.js';
import { call, start } from './http-client.js';

type Json = Record<string, any>;

/** The length-delimited fields of a message by number, in order; varints as numbers. */
function fields(bytes: Uint8Array): Map<number, (Uint8Array | number)[]> {
  const r = new WireReader(bytes);
  const out = new Map<number, (Uint8Array | number)[]>();
  while (!r.done()) {
    const { number, wire } = r.tag();
    const v = wire === WIRE_BYTES ? r.lengthDelimited() : wire === 0 ? Number(r.varint()) : (r.skip(wire), 0);
    out.set(number, [...(out.get(number) ?? []), v]);
  }
  return out;
}
const text = (b: Uint8Array | number) => new TextDecoder().decode(b as Uint8Array);
const one = (m: Map<number, (Uint8Array | number)[]>, n: number) => m.get(n)?.[0] as Uint8Array | undefined;
const all = (m: Map<number, (Uint8Array | number)[]>, n: number) => (m.get(n) ?? []) as Uint8Array[];
/** Named* pairs: name (1), value (2). */
const pairs = (list: Uint8Array[]) => list.map((b) => fields(b)).map((p) => [text(one(p, 1)!), one(p, 2)] as const);

/** A Schema read back: $ref 1, required 19, type 22 (TypeItem 1), items 23 (ItemsItem 1), properties 25 (Properties 1), vendor extensions 31 (Any's yaml 2). */
function schemaOf(b: Uint8Array): Json {
  const m = fields(b);
  const out: Json = {};
  if (one(m, 1)) out.$ref = text(one(m, 1)!);
  if (m.has(19)) out.required = all(m, 19).map(text);
  if (one(m, 22)) out.type = all(fields(one(m, 22)!), 1).map(text);
  if (one(m, 23)) out.items = all(fields(one(m, 23)!), 1).map(schemaOf);
  if (one(m, 25)) out.properties = Object.fromEntries(pairs(all(fields(one(m, 25)!), 1)).map(([k, v]) => [k, schemaOf(v!)]));
  for (const [k, v] of pairs(all(m, 31))) out[k] = parseYaml(text(one(fields(v!), 2)!));
  return out;
}

/** The same reading of a JSON schema: the parts the protobuf reading above knows. */
function expected(s: Json): Json {
  const out: Json = {};
  if (s.$ref) out.$ref = s.$ref;
  if (s.required) out.required = s.required;
  if (s.type) out.type = [s.type].flat();
  if (s.items) out.items = [s.items].flat().map(expected);
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, expected(v as Json)]));
  for (const k of Object.keys(s)) if (k.startsWith('x-')) out[k] = s[k];
  return out;
}

describe('/openapi/v2 in protobuf', () => {
  it('is negotiated as kube-openapi does: JSON first, either protobuf subtype, a bare 406 otherwise', async () => {
    expect(negotiateOpenApiV2(undefined)).toBe('json');
    expect(negotiateOpenApiV2('*/*')).toBe('json');
    expect(negotiateOpenApiV2('application/*')).toBe('json');
    expect(negotiateOpenApiV2('application/com.github.proto-openapi.spec.v2@v1.0+protobuf')).toBe('protobuf');
    expect(negotiateOpenApiV2('application/com.github.proto-openapi.spec.v2.v1.0+protobuf, application/json')).toBe('protobuf');
    expect(negotiateOpenApiV2('application/json;q=0.5, application/com.github.proto-openapi.spec.v2.v1.0+protobuf')).toBe('protobuf');
    expect(negotiateOpenApiV2('text/html')).toBeUndefined();
    const s = await start();
    const deprecated = await call(s, 'GET', '/openapi/v2', undefined, { Accept: 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf' });
    expect(deprecated.status).toBe(200);
    expect(deprecated.headers.get('content-type')).toBe('application/com.github.proto-openapi.spec.v2.v1.0+protobuf');
    const refused = await call(s, 'GET', '/openapi/v2', undefined, { Accept: 'text/html' });
    expect([refused.status, refused.body, refused.headers.get('content-type')]).toEqual([406, '', null]);
    await s.close();
  });

  it('says what the JSON document says, definition by definition and path by path', async () => {
    const s = await start();
    const json = (await call(s, 'GET', '/openapi/v2', undefined, { Accept: 'application/json' })).json as Json;
    const r = await fetch(s.url + '/openapi/v2', { headers: { Accept: 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf' } });
    const doc = fields(new Uint8Array(await r.arrayBuffer()));
    await s.close();
    // Document: swagger 1, info 2 (title 1, version 2), paths 8, definitions 9.
    expect(text(one(doc, 1)!)).toBe('2.0');
    const info = fields(one(doc, 2)!);
    expect([text(one(info, 1)!), text(one(info, 2)!)]).toEqual([json.info.title, json.info.version]);
    const definitions = pairs(all(fields(one(doc, 9)!), 1));
    expect(definitions.map(([k]) => k)).toEqual(Object.keys(json.definitions));
    for (const [name, schema] of definitions) expect(schemaOf(schema!), name).toEqual(expected(json.definitions[name]));
    // Paths: path items 2; PathItem: get 2 .. patch 8, parameters 9; Operation: operationId 5, parameters 8.
    const paths = pairs(all(fields(one(doc, 8)!), 2));
    expect(paths.map(([k]) => k)).toEqual(Object.keys(json.paths));
    const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
    for (const [path, item] of paths) {
      const p = fields(item!);
      const ops = methods.flatMap((m, i) => (one(p, 2 + i) ? [[m, text(one(fields(one(p, 2 + i)!), 5)!)]] : []));
      expect(ops, path).toEqual(methods.filter((m) => json.paths[path][m]).map((m) => [m, json.paths[path][m].operationId]));
      expect(all(p, 9).length).toBe(json.paths[path].parameters?.length ?? 0);
    }
  });
});
