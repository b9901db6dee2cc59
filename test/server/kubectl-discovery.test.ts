/**
 * Real kubectl reading what the server says about itself: `kubectl api-resources` lists every
 * served kind with its categories (`kubectl get all` reads the `all` category), `kubectl explain`
 * finds the fields in the OpenAPI documents.
 */
import { CREATE_ONLY_ENDPOINTS } from '../../src/server/create-only-endpoints.js';
import { describe, expect, it } from 'vitest';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { openWidgetCrd } from './open-widget-crd.js';

const available = kubectlAvailable();

describe.skipIf(!available)('real kubectl: discovery and explain', () => {
  const s = serverWithKubectl();

  it('kubectl api-resources lists every served kind', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['api-resources', '--no-headers', '-o', 'name']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const listed = r.stdout.trim().split('\n').sort();
    const served = s.server
      .state()
      .config.resources.map((res) => (res.group ? `${res.resource}.${res.group}` : res.resource))
      // and the reviews, which store nothing (create-only-endpoints.ts).
      .concat(CREATE_ONLY_ENDPOINTS.filter((e) => e.subresource === undefined).map((e) => `${e.resource}.${e.group}`))
      .sort();
    expect(listed).toEqual(served);
    const wide = await s.k.run(['api-resources', '--api-group=apps', '--no-headers']);
    expect(wide.stdout).toMatch(/^daemonsets\s+ds\s+apps\/v1\s+true\s+DaemonSet$/m);
  });

  it('categories: kubectl get all lists the kinds of the `all` category, a custom kind among them', { timeout: 120_000 }, async () => {
    const all = await s.k.run(['api-resources', '--categories=all', '-o', 'name']);
    expect(all.stdout.trim().split('\n').sort()).toEqual(
      ['pods', 'replicationcontrollers', 'services', 'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps', 'horizontalpodautoscalers.autoscaling', 'cronjobs.batch', 'jobs.batch'].sort(),
    );
    const extensions = await s.k.run(['api-resources', '--categories=api-extensions', '-o', 'name']);
    expect(extensions.stdout).toContain('customresourcedefinitions.apiextensions.k8s.io\n');
    expect(extensions.stdout).toContain('validatingwebhookconfigurations.admissionregistration.k8s.io\n');
    // A new cluster's default namespace holds the kubernetes Service, as a real one does.
    const fresh = await s.k.run(['get', 'all', '-o', 'name']);
    expect([fresh.stdout, fresh.stderr]).toEqual(['service/kubernetes\n', '']);
    const crd = openWidgetCrd();
    (crd.spec as { names: Record<string, unknown> }).names.categories = ['all'];
    expect((await s.k.run(['apply', '-f', s.k.file('crd.json', JSON.stringify(crd))])).code).toBe(0);
    expect((await s.k.run(['apply', '-f', s.k.file('w.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\n')])).code).toBe(0);
    expect((await s.k.run(['create', 'deployment', 'web', '--image=nginx'])).code).toBe(0);
    const listed = await s.k.run(['get', 'all', '-o', 'name']);
    expect(listed.stdout.trim().split('\n').sort()).toEqual(['deployment.apps/web', 'service/kubernetes', 'widget.example.com/w1']);
  });

  it('kubectl explain daemonset.spec prints its fields', { timeout: 120_000 }, async () => {
    const r = await s.k.run(['explain', 'daemonset.spec']);
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
    const deeper = await s.k.run(['explain', 'daemonset.spec.template.spec.containers']);
    expect(deeper.stdout).toMatch(/^FIELD: containers <\[\]Container>$/m);
    expect(deeper.stdout).toContain('  name\t<string> -required-');
  });
});
