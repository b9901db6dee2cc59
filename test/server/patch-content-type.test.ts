/**
 * How the patch handler reads a PATCH's Content-Type (k8s.io/apiserver v0.32
 * pkg/endpoints/handlers/patch.go, PatchResource): the header cut at its first `;` (when that is
 * not the first character), then looked up as it is among the patch types: no case folding, no
 * trimming. Anything else is the 415. A create or update body is read differently
 * (negotiation.NegotiateInputSerializer parses the header with mime.ParseMediaType, which folds
 * case), so `APPLICATION/JSON` is a JSON body there.
 */
import { describe, expect, it } from 'vitest';
import { call, start } from './http-client.js';

const CM = '/api/v1/namespaces/default/configmaps';
const BODY = '{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}, "data": {"x": "1"}}';
const UNSUPPORTED =
  'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml';

describe('a PATCH’s Content-Type', () => {
  it.each([
    ['application/apply-patch+yaml', 201],
    ['application/apply-patch+yaml;charset=utf-8', 201],
    ['application/apply-patch+yaml; charset=utf-8', 201],
    ['APPLICATION/APPLY-PATCH+YAML', 415],
    ['Application/apply-patch+yaml', 415],
    ['application/apply-patch+yaml ; charset=utf-8', 415],
  ])('%j → %i', async (contentType, code) => {
    const s = await start();
    const r = await call(s, 'PATCH', `${CM}/a?fieldManager=m`, BODY, { 'Content-Type': contentType });
    expect(r.status).toBe(code);
    if (code === 415) expect(r.json).toMatchObject({ kind: 'Status', code: 415, reason: 'UnsupportedMediaType', message: UNSUPPORTED });
  });

  it('a merge patch in capitals is refused too, while a create body in capitals is read', async () => {
    const s = await start();
    expect((await call(s, 'POST', CM, BODY, { 'Content-Type': 'APPLICATION/JSON' })).status).toBe(201);
    const r = await call(s, 'PATCH', `${CM}/a`, '{"data": {"x": "2"}}', { 'Content-Type': 'Application/Merge-Patch+Json' });
    expect(r.status).toBe(415);
    expect(r.json.message).toBe(UNSUPPORTED);
    expect((await call(s, 'PATCH', `${CM}/a`, '{"data": {"x": "2"}}', { 'Content-Type': 'application/merge-patch+json' })).status).toBe(200);
  });
});
