import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { Cluster, readEntries } from '../../src/apiserver/index.js';
import type { ApiResponse, ClusterOptions, KubeObject, ObjectRef } from '../../src/apiserver/index.js';
import { toValue } from '../../src/apiserver/object-paths.js';
import type { ValueMap } from '../../src/value/value.js';

/** A cluster over the built-in schema; harness mode unless told otherwise. */
export function cluster(opts: Partial<ClusterOptions> = {}): Cluster {
  return new Cluster({ catalog: builtinCatalog(), harness: true, ...opts });
}

/** Plain JS object → Value (null-prototype maps). */
export function obj(x: unknown): KubeObject {
  return toValue(x) as ValueMap;
}

/** `manager | operation | apiVersion | subresource | time | fieldsV1` per entry, in stored order. */
export function entries(o: KubeObject | undefined): string[] {
  if (!o) return [];
  return readEntries(o).map((e) => `${e.manager} | ${e.operation} | ${e.apiVersion} | ${e.subresource ?? ''} | ${e.time ?? ''} | ${JSON.stringify(e.fieldsV1)}`);
}

export function ok(r: ApiResponse): KubeObject {
  if (!r.ok) throw new Error(`expected success, got ${r.code}: ${r.status.message}`);
  return r.object;
}

export function fail(r: ApiResponse): { code: number; message: string; reason?: string; causes?: readonly { reason: string; message: string; field?: string }[] } {
  if (r.ok) throw new Error(`expected a failure, got ${r.code}`);
  return { code: r.code, message: r.status.message, reason: r.status.reason, causes: r.status.details?.causes };
}

export const ref = (apiVersion: string, kind: string, name: string, namespace = 'default'): ObjectRef => ({ apiVersion, kind, name, namespace });

export const T = (n: number) => `2024-02-24T15:24:${String(n).padStart(2, '0')}Z`;
