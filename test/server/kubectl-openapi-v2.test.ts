/**
 * Real kubectl reading `/openapi/v2` in protobuf, the only form it asks that document in: its
 * client-side validation falls back to it for a kind the server's OpenAPI v3 does not have, and
 * `kubectl explain --output=plaintext-openapiv2` reads it. Answered in JSON, kubectl printed
 * `error validating data: proto: cannot parse invalid wire-format data` where a real cluster says
 * that no such kind is served.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: /openapi/v2 in protobuf', () => {
  const s = serverWithKubectl();

  it('a custom resource before its CRD: every write command says the kind is not served, as a real cluster does', { timeout: 120_000 }, async () => {
    const w = s.k.file('widget.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 1\n');
    for (const args of [['apply', '-f', w], ['apply', '--server-side', '-f', w], ['create', '-f', w]]) {
      const r = await s.k.run(args);
      expect(r.stderr, args.join(' ')).toBe(
        `error: resource mapping not found for name: "w" namespace: "" from "${w}": no matches for kind "Widget" in version "example.com/v1"\nensure CRDs are installed first\n`,
      );
      expect(r.code).toBe(1);
    }
  });

  it('an API version the server no longer serves (extensions/v1beta1) is not served either', { timeout: 120_000 }, async () => {
    const d = s.k.file('old.yaml', 'apiVersion: extensions/v1beta1\nkind: Deployment\nmetadata:\n  name: old\n  namespace: default\nspec:\n  replicas: 1\n');
    const r = await s.k.run(['apply', '-f', d]);
    expect(r.stderr).toBe(`error: resource mapping not found for name: "old" namespace: "default" from "${d}": no matches for kind "Deployment" in version "extensions/v1beta1"\nensure CRDs are installed first\n`);
  });

  it('kubectl explain --output=plaintext-openapiv2 reads the fields from it', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['explain', 'daemonset.spec', '--output=plaintext-openapiv2']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^KIND:\s+DaemonSet\nVERSION:\s+apps\/v1\n/);
    expect(r.stdout).toMatch(/^RESOURCE:\s+spec <Object>$/m);
    expect(r.stdout).toMatch(/^ {3}minReadySeconds\t<integer>$/m);
    expect(r.stdout).toMatch(/^ {3}selector\t<Object> -required-$/m);
    const deeper = await s.k.run(['explain', 'daemonset.spec.template.spec.containers', '--output=plaintext-openapiv2']);
    expect(deeper.stdout).toMatch(/^RESOURCE:\s+containers <\[\]Object>$/m);
    expect(deeper.stdout).toMatch(/^ {3}name\t<string> -required-$/m);
  });
});
