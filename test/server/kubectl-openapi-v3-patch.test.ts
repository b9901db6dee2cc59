/**
 * Real kubectl's client-side apply chooses its patch from the server's OpenAPI: kubectl 1.32 first
 * looks in `/openapi/v3` for the kind's PATCH operation taking `application/strategic-merge-patch+json`
 * and computes the patch from the v3 schema; only when v3 does not offer it does it read
 * `/openapi/v2`'s `consumes`. kube-apiserver offers it in v3 for built-in kinds and never for
 * custom resources (JSON merge patch). Before, `serve`'s v3 PATCH operations had no request body,
 * so kubectl always went through v2, a path it never takes against a real cluster.
 */
import { describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../src/server/index.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();
const DEPLOYMENT = (image: string) =>
  `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\nspec:\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: ${image}\n`;
const CRD =
  'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  scope: Namespaced\n' +
  '  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        x-kubernetes-preserve-unknown-fields: true\n';
const WIDGET = (size: number) => `apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\nspec:\n  size: ${size}\n`;

describe.skipIf(!available)('real kubectl: client-side apply reads the patch type from OpenAPI v3', () => {
  const log: RequestLogEntry[] = [];
  const s = serverWithKubectl({ onRequest: (e) => log.push(e) });

  /** The OpenAPI documents and the PATCH one `kubectl apply` of a changed manifest reads and sends. */
  async function applyChange(name: string, before: string, after: string) {
    const f = s.k.file(name, before);
    expect((await s.k.run(['apply', '-f', f])).code).toBe(0);
    s.k.file(name, after);
    log.length = 0;
    const r = await s.k.run(['apply', '-f', f]);
    expect(r.stderr).toBe('');
    const documents = log.filter((e) => e.method === 'GET' && e.path.startsWith('/openapi/')).map((e) => e.path);
    const patch = log.find((e) => e.method === 'PATCH');
    return { documents, contentType: patch?.contentType };
  }

  it('a Deployment: a strategic merge patch computed from the v3 document, v2 never read', { timeout: 120_000 }, async () => {
    const r = await applyChange('web.yaml', DEPLOYMENT('nginx:1.25'), DEPLOYMENT('nginx:1.26'));
    expect(r.contentType).toBe('application/strategic-merge-patch+json');
    expect(r.documents).toContain('/openapi/v3/apis/apps/v1');
    expect(r.documents).not.toContain('/openapi/v2');
  });

  it('a custom resource: a JSON merge patch', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['apply', '--server-side', '-f', s.k.file('crd.yaml', CRD)])).code).toBe(0);
    const r = await applyChange('w.yaml', WIDGET(1), WIDGET(2));
    expect(r.contentType).toBe('application/merge-patch+json');
  });
});
