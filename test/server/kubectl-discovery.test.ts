/**
 * Real kubectl reading what the server says about itself: `kubectl api-resources` lists every
 * served kind, `kubectl explain` finds the fields in the OpenAPI documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/index.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: discovery and explain', () => {
  let server: RunningServer;
  let k: KubectlSession;
  beforeAll(async () => {
    server = await startServer();
    k = new KubectlSession(server.kubeconfig);
  });
  afterAll(async () => {
    await server?.close();
    k?.dispose();
  });

  it('kubectl api-resources lists every served kind', { timeout: 120_000 }, async () => {
    const r = await k.run(['api-resources', '--no-headers', '-o', 'name']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const listed = r.stdout.trim().split('\n').sort();
    const served = server
      .state()
      .config.resources.map((res) => (res.group ? `${res.resource}.${res.group}` : res.resource))
      .sort();
    expect(listed).toEqual(served);
    const wide = await k.run(['api-resources', '--api-group=apps', '--no-headers']);
    expect(wide.stdout).toMatch(/^daemonsets\s+ds\s+apps\/v1\s+true\s+DaemonSet$/m);
  });

  it('kubectl explain daemonset.spec prints its fields', { timeout: 120_000 }, async () => {
    const r = await k.run(['explain', 'daemonset.spec']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^GROUP:\s+apps\nKIND:\s+DaemonSet\nVERSION:\s+v1\n/);
    expect(r.stdout).toMatch(/^FIELD: spec <DaemonSetSpec>$/m);
    for (const field of ['minReadySeconds', 'revisionHistoryLimit', 'selector\t<LabelSelector>', 'template\t<PodTemplateSpec>', 'updateStrategy\t<DaemonSetUpdateStrategy>']) {
      expect(r.stdout).toContain(`  ${field}`);
    }
    // Integers and required fields as the real server's OpenAPI gives them (the Go types).
    expect(r.stdout).toContain('  minReadySeconds\t<integer>');
    expect(r.stdout).toContain('  selector\t<LabelSelector> -required-');
    const deeper = await k.run(['explain', 'daemonset.spec.template.spec.containers']);
    expect(deeper.stdout).toMatch(/^FIELD: containers <\[\]Container>$/m);
    expect(deeper.stdout).toContain('  name\t<string> -required-');
  });
});
