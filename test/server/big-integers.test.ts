/**
 * Integers beyond 2^53 over HTTP: a JSON body keeps every digit of an int64, and the server's
 * JSON answers write them back exactly, in the object and in its FieldsV1. The field is a
 * ControllerRevision's `revision` (an int64 that must only be non-negative): a Pod's
 * `activeDeadlineSeconds`, used before, must be at most 2^31-1 in 1.32, as the server now checks.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';

const REVISION = '{"apiVersion":"apps/v1","kind":"ControllerRevision","metadata":{"name":"r"},"revision":9007199254740993}';

describe('big integers over HTTP', () => {
  it('creates, applies and reads back every digit', async () => {
    const s = await start();
    const created = await call(s, 'POST', '/apis/apps/v1/namespaces/default/controllerrevisions', REVISION, JSON_HEADERS);
    expect(created.status).toBe(201);
    expect(created.body).toContain('"revision":9007199254740993');
    const applied = await call(
      s,
      'PATCH',
      '/apis/apps/v1/namespaces/default/controllerrevisions/r?fieldManager=m&force=true',
      'apiVersion: apps/v1\nkind: ControllerRevision\nmetadata: {name: r}\nrevision: 9223372036854775807\n',
      { 'Content-Type': 'application/apply-patch+yaml' },
    );
    expect(applied.status).toBe(200);
    const got = await call(s, 'GET', '/apis/apps/v1/namespaces/default/controllerrevisions/r');
    expect(got.body).toContain('"revision":9223372036854775807');
    const list = await call(s, 'GET', '/apis/apps/v1/namespaces/default/controllerrevisions');
    expect(list.body).toContain('"revision":9223372036854775807');
  });
});
