/**
 * What real kubectl 1.32 prints when kube-apiserver's validation refuses a write
 * (validate-write.ts): a Deployment without a selector, a changed selector through client-side
 * and server-side apply and `kubectl patch`, a patch that names another uid, the data of an
 * immutable ConfigMap, and a Job's template. kubectl prints a 422 from its causes: one line when there is one distinct
 * cause, a `*` list otherwise.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const deployment = (app: string, selector = true) =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    ...(selector ? ['  selector:', '    matchLabels:', `      app: ${app}`] : []),
    '  template:',
    '    metadata:',
    `      labels: {app: ${app}}`,
    '    spec:',
    '      containers: [{name: web, image: nginx}]',
    '',
  ].join('\n');

const IMMUTABLE =
  'The Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable\n';

describe.skipIf(!available)('real kubectl: what kube-apiserver validation refuses', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a Deployment without a selector is not created', { timeout: 120_000 }, async () => {
    const file = s.k.file('noselector.yaml', deployment('web', false));
    const expected = {
      code: 1,
      stdout: '',
      stderr:
        'The Deployment "web" is invalid: \n' +
        '* spec.selector: Required value\n' +
        '* spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`\n',
    };
    expect(await s.k.run(['apply', '-f', file])).toEqual(expected);
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual(expected);
    expect((await s.k.run(['get', 'deployments', '-o', 'name'])).stdout).toBe('');
  });

  it('a changed selector is refused by client-side apply, server-side apply and patch', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['apply', '-f', s.k.file('web.yaml', deployment('web'))])).stdout).toBe('deployment.apps/web created\n');
    const changed = s.k.file('web2.yaml', deployment('web2'));
    expect(await s.k.run(['apply', '-f', changed])).toEqual({ code: 1, stdout: '', stderr: IMMUTABLE });
    expect(await s.k.run(['apply', '--server-side', '--force-conflicts', '-f', changed])).toEqual({ code: 1, stdout: '', stderr: IMMUTABLE });
    const patch = '{"spec":{"selector":{"matchLabels":{"app":"web2"}},"template":{"metadata":{"labels":{"app":"web2"}}}}}';
    expect(await s.k.run(['patch', 'deployment', 'web', '-p', patch])).toEqual({ code: 1, stdout: '', stderr: IMMUTABLE });
    expect((await s.k.run(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.selector.matchLabels.app}'])).stdout).toBe('web');
  });

  it('a patch that names another uid; the data of an immutable ConfigMap', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'configmap', 'frozen', '--from-literal=a=1'])).code).toBe(0);
    expect(await s.k.run(['patch', 'configmap', 'frozen', '--type=merge', '-p', '{"metadata":{"uid":"00000000-0000-0000-0000-000000000001"}}'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The ConfigMap "frozen" is invalid: metadata.uid: Invalid value: "00000000-0000-0000-0000-000000000001": field is immutable\n',
    });
    expect((await s.k.run(['patch', 'configmap', 'frozen', '--type=merge', '-p', '{"immutable":true}'])).code).toBe(0);
    expect(await s.k.run(['patch', 'configmap', 'frozen', '--type=merge', '-p', '{"data":{"a":"2"}}'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The ConfigMap "frozen" is invalid: data: Forbidden: field is immutable when `immutable` is set\n',
    });
  });

  it('a Job applied again with another image: its template is immutable', { timeout: 120_000 }, async () => {
    const job = (image: string) => `apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: pi\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: pi, image: "${image}"}]\n`;
    expect((await s.k.run(['apply', '--server-side', '-f', s.k.file('job1.yaml', job('perl:5.34'))])).stdout).toBe('job.batch/pi serverside-applied\n');
    // The template's value is upstream's %#v of the internal struct, with pointer addresses; here it is elided.
    expect(await s.k.run(['apply', '--server-side', '-f', s.k.file('job2.yaml', job('perl:5.36'))])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The Job "pi" is invalid: spec.template: Invalid value: core.PodTemplateSpec{...}: field is immutable\n',
    });
  });

  it('a Job without a restart policy: the default Always is refused', { timeout: 120_000 }, async () => {
    const file = s.k.file('job-always.yaml', 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: once\nspec:\n  template:\n    spec:\n      containers: [{name: c, image: busybox}]\n');
    expect(await s.k.run(['apply', '-f', file])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The Job "once" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"\n',
    });
  });
});
