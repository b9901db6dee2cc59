/**
 * `/openapi/v2` against the OpenAPI v2 document captured from a real kube-apiserver
 * (../shared/reference/openapi-v2-subset.json, 146 definitions of an older release): every
 * definition it has, property by property — types and formats, `$ref`s, `required`,
 * `x-kubernetes-group-version-kind`, list types and map keys, patch strategies and merge keys.
 * Descriptions are not compared (the catalog has none; docs/serve.md says so). Every other
 * difference is listed below with the API change that explains it; the subset has no paths.
 * Then the same for the schemas of `/openapi/v3`, where `$ref`s are wrapped in `allOf`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedPath } from '../support/shared.js';
import { call, start } from './http-client.js';

type Json = Record<string, any>;

const subset = JSON.parse(readFileSync(sharedPath('reference', 'openapi-v2-subset.json'), 'utf8')) as { definitions: Record<string, Json>; paths: Record<string, Json> };

/**
 * Definitions of API versions no longer served (apps/v1beta1, v1beta2 and extensions/v1beta1 went
 * in 1.16) or renamed (Handler); and ComponentCondition, whose kind ComponentStatus ssa-sim does
 * not serve (read-only and deprecated: src/schema/builtin/kinds.generated.ts says why).
 */
const GONE = (name: string) =>
  /^io\.k8s\.api\.(apps\.v1beta[12]|extensions\.v1beta1)\./.test(name) || name === 'io.k8s.api.core.v1.Handler' || name === 'io.k8s.api.core.v1.ComponentCondition';
/** Properties removed since the subset was captured. */
const REMOVED = new Set(['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta.clusterName']); // removed in 1.25
/** `$ref`s of renamed types: core/v1 Handler is LifecycleHandler since 1.23. */
const RENAMED: Record<string, string> = { '#/definitions/io.k8s.api.core.v1.Handler': '#/definitions/io.k8s.api.core.v1.LifecycleHandler' };
/** Required lists changed since: names and sources became +optional; the ips +required. */
const REQUIRED_NOW: Record<string, string[] | undefined> = {
  'io.k8s.api.core.v1.ContainerImage': undefined,
  'io.k8s.api.core.v1.ProjectedVolumeSource': undefined,
  'io.k8s.api.core.v1.HostAlias': ['ip'],
  'io.k8s.api.core.v1.PodIP': ['ip'],
};
/**
 * Extensions the Go types gained after the subset was captured (`+listType`, `+listMapKey`,
 * `+structType`/`+mapType`, defaults): ours come from the reference schema and may be there where
 * the subset has none; where the subset has one, ours must be the same.
 */
const ADDED_SINCE = new Set(['default', 'x-kubernetes-list-type', 'x-kubernetes-list-map-keys', 'x-kubernetes-map-type']);

/** A v3 schema in v2's words: `allOf: [{$ref}]` is a plain `$ref`, and refs point at definitions. */
function asV2(s: unknown): any {
  if (Array.isArray(s)) return s.map(asV2);
  if (s === null || typeof s !== 'object') return s;
  const o = s as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'allOf' && Array.isArray(v) && v.length === 1 && v[0].$ref) out.$ref = asV2(v[0]).$ref;
    else if (k === '$ref' && typeof v === 'string') out.$ref = v.replace('#/components/schemas/', '#/definitions/');
    else out[k] = asV2(v);
  }
  return out;
}

/** Every difference between a real definition and ours that no API change explains. */
function differences(name: string, real: Json, ours: Json | undefined): string[] {
  if (!ours) return GONE(name) ? [] : [`${name}: not served`];
  const out: string[] = [];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const compare = (at: string, a: Json, b: Json) => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (key === 'description' || key === 'properties') continue;
      let want = a[key];
      if (key === '$ref' && RENAMED[want]) want = RENAMED[want];
      if (key === 'required' && name in REQUIRED_NOW) want = REQUIRED_NOW[name];
      if (want === undefined && ADDED_SINCE.has(key)) continue;
      if (key === 'items' || key === 'additionalProperties') {
        if (typeof want === 'object' && typeof b[key] === 'object') {
          compare(`${at}.${key}`, want, b[key]);
          continue;
        }
      }
      if (!same(want, b[key])) out.push(`${at}: ${key} is ${JSON.stringify(b[key])}, the real server's ${JSON.stringify(want)}`);
    }
  };
  compare(name, real, ours);
  for (const [p, schema] of Object.entries<Json>(real.properties ?? {})) {
    const mine = ours.properties?.[p];
    if (!mine) {
      if (!REMOVED.has(`${name}.${p}`)) out.push(`${name}.${p}: missing`);
      continue;
    }
    compare(`${name}.${p}`, schema, mine);
  }
  return out;
}

describe('/openapi/v2 against a real server document (openapi-v2-subset.json)', () => {
  it('agrees on every definition the subset has, but for the API changes since', async () => {
    const s = await start();
    const ours = (await call(s, 'GET', '/openapi/v2')).json as { definitions: Record<string, Json>; paths: Record<string, Json> };
    const found = Object.entries(subset.definitions).flatMap(([name, def]) => differences(name, def, ours.definitions[name]));
    expect(found).toEqual([]);
    const compared = Object.keys(subset.definitions).filter((n) => ours.definitions[n]);
    expect(compared.length).toBe(122);
    for (const path of Object.keys(subset.paths)) expect(Object.keys(ours.paths[path] ?? {}).sort(), path).toEqual(Object.keys(subset.paths[path]).sort());
  });
});

describe('/openapi/v3 against the same document', () => {
  it('agrees on every definition the subset has, in the group/version documents that serve them', async () => {
    const s = await start();
    const index = (await call(s, 'GET', '/openapi/v3')).json as { paths: Record<string, { serverRelativeURL: string }> };
    const schemas: Record<string, Json> = {};
    for (const { serverRelativeURL } of Object.values(index.paths)) {
      const doc = (await call(s, 'GET', serverRelativeURL)).json as { components?: { schemas?: Record<string, Json> } };
      Object.assign(schemas, asV2(doc.components?.schemas ?? {}));
    }
    const found = Object.entries(subset.definitions).flatMap(([name, def]) => differences(name, def, schemas[name]));
    expect(found).toEqual([]);
  });
});
