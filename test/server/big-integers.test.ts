/**
 * Integers beyond 2^53 over HTTP: a JSON body keeps every digit of an int64, and the server's
 * JSON answers write them back exactly, in the object and in its FieldsV1.
 */
import { describe, expect, it } from 'vitest';
import { call, JSON_HEADERS, start } from './http-client.js';

const POD =
  '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"activeDeadlineSeconds":9007199254740993,"containers":[{"name":"a","image":"i"}]}}';

describe('big integers over HTTP', () => {
  it('creates, applies and reads back every digit', async () => {
    const s = await start();
    const created = await call(s, 'POST', '/api/v1/namespaces/default/pods', POD, JSON_HEADERS);
    expect(created.status).toBe(201);
    expect(created.body).toContain('"activeDeadlineSeconds":9007199254740993');
    const applied = await call(
      s,
      'PATCH',
      '/api/v1/namespaces/default/pods/p?fieldManager=m&force=true',
      'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  activeDeadlineSeconds: -9223372036854775808\n',
      { 'Content-Type': 'application/apply-patch+yaml' },
    );
    expect(applied.status).toBe(200);
    const got = await call(s, 'GET', '/api/v1/namespaces/default/pods/p');
    expect(got.body).toContain('"activeDeadlineSeconds":-9223372036854775808');
    const list = await call(s, 'GET', '/api/v1/namespaces/default/pods');
    expect(list.body).toContain('"activeDeadlineSeconds":-9223372036854775808');
  });
});
