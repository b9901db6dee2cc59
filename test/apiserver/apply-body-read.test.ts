/**
 * An apply request's body is decoded once: `apply` reads it itself only to find the target a
 * request does not give, and `patch` decodes it for the write.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, type KubeObject } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';

/** A ConfigMap whose top-level keys are listed through a counter (decoding a body lists them once). */
function countedBody(): { body: KubeObject; reads: () => number } {
  let reads = 0;
  const plain = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { a: '1' } };
  const body = new Proxy(plain, {
    ownKeys(t) {
      reads++;
      return Reflect.ownKeys(t);
    },
  }) as unknown as KubeObject;
  return { body, reads: () => reads };
}

describe('an apply body is decoded once', () => {
  const state = createCluster({ catalog: builtinCatalog() });

  it('with a target: read once, by the write', () => {
    const { body, reads } = countedBody();
    const r = serve(state, { verb: 'apply', body, target: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'c' }, options: { fieldManager: 'm' } });
    expect(r.response.code).toBe(201);
    expect(reads()).toBe(1);
  });

  it('without one: read for the target, then for the write; the same object either way', () => {
    const { body, reads } = countedBody();
    const r = serve(state, { verb: 'apply', body, options: { fieldManager: 'm' } });
    expect(r.response.code).toBe(201);
    expect(reads()).toBe(2);
    const withTarget = serve(state, { verb: 'apply', body: countedBody().body, target: { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'c' }, options: { fieldManager: 'm' } });
    expect(withTarget.response).toEqual(r.response);
  });
});
