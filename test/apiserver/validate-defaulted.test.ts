/**
 * kube-apiserver validates an object as decoded with defaulting, and it decodes what it reads from
 * storage with defaulting too: a live object captured or written without its defaults (no
 * `terminationMessagePolicy`, no `imagePullPolicy`) is checked with them. Before, a write to such
 * an object (an apply that changes a label, or changes nothing) was refused with
 * `spec.template.spec.containers[0].terminationMessagePolicy: Required value`.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { obj } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const deployment = (labels: Record<string, string>): KubeObject =>
  obj({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', labels },
    spec: { selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
  });
const ref = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'default', name: 'web' };

describe('a live object stored without its defaults', () => {
  const seeded = withExistingObject(createCluster({ catalog: builtinCatalog(), now: NOW }), deployment({ app: 'web' }));
  if ('problem' in seeded) throw new Error(seeded.problem);

  it.each([
    ['changes a label', { team: 'a' }],
    ['changes nothing', {}],
  ])('an apply that %s is validated with the defaults filled in, and taken', (_, labels) => {
    const r = serve(seeded.state, { verb: 'apply', target: ref, body: deployment(labels), options: { fieldManager: 'tool', now: NOW } });
    expect(r.response.ok ? 'ok' : r.response.status.message).toBe('ok');
  });

  it('a merge patch too', () => {
    const r = serve(seeded.state, { verb: 'patch', target: ref, patchType: 'merge', patch: obj({ metadata: { labels: { team: 'a' } } }), options: { fieldManager: 'tool', now: NOW } });
    expect(r.response.ok ? 'ok' : r.response.status.message).toBe('ok');
  });

  it('a value that is wrong after defaulting is still refused', () => {
    const bad = deployment({});
    (((bad.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec.containers[0]) as Record<string, unknown>).imagePullPolicy = 'Sometimes';
    const r = serve(seeded.state, { verb: 'apply', target: ref, body: bad, options: { fieldManager: 'tool', now: NOW } });
    expect(r.response.ok ? 'ok' : r.response.status.message).toContain('spec.template.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes"');
  });
});
