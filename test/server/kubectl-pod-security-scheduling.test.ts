/**
 * What real kubectl 1.32 prints when kube-apiserver refuses a pod spec for its security context,
 * affinity, topology spread or DNS config (validate-security-context.ts, validate-affinity.ts,
 * validate-topology-spread.ts, validate-dns-config.ts): a Deployment through server-side and
 * client-side apply (one error: kubectl's single line), a Pod through create (several: kubectl's
 * `*` list in kube-apiserver's order), and the fixed manifests accepted.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const deployment = (securityContext: string) =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    '  selector: {matchLabels: {app: web}}',
    '  template:',
    '    metadata: {labels: {app: web}}',
    '    spec:',
    '      containers:',
    '      - name: web',
    '        image: nginx',
    `        securityContext: ${securityContext}`,
    '',
  ].join('\n');

describe.skipIf(!available)('real kubectl: security context, affinity, topology spread and DNS config refused', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a Deployment running as user -1 is not created, by either apply; as 1000 it is', { timeout: 120_000 }, async () => {
    const bad = s.k.file('bad.yaml', deployment('{runAsUser: -1}'));
    const expected = {
      code: 1,
      stdout: '',
      stderr: 'The Deployment "web" is invalid: spec.template.spec.containers[0].securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive\n',
    };
    expect(await s.k.run(['apply', '--server-side', '-f', bad])).toEqual(expected);
    expect(await s.k.run(['apply', '-f', bad])).toEqual(expected);
    expect((await s.k.run(['get', 'deployments', '-o', 'name'])).stdout).toBe('');
    const good = s.k.file('good.yaml', deployment('{runAsUser: 1000, allowPrivilegeEscalation: false}'));
    expect((await s.k.run(['apply', '--server-side', '-f', good])).stdout).toBe('deployment.apps/web serverside-applied\n');
  });

  it('a Pod with affinity, spread and DNS errors: one line each, in ValidatePodSpec\'s order', { timeout: 120_000 }, async () => {
    const pod = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: p, labels: {app: p}}',
      'spec:',
      '  containers: [{name: web, image: nginx}]',
      '  dnsConfig: {nameservers: [10.0.0.300]}',
      '  affinity:',
      '    podAntiAffinity:',
      '      requiredDuringSchedulingIgnoredDuringExecution:',
      '      - labelSelector: {matchLabels: {app: p}}',
      '        topologyKey: ""',
      '  topologySpreadConstraints:',
      '  - {maxSkew: 0, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: p}}}',
      '',
    ].join('\n');
    const A = 'spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey';
    expect(await s.k.run(['create', '-f', s.k.file('pod.yaml', pod)])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'The Pod "p" is invalid: \n' +
        `* ${A}: Required value: can not be empty\n` +
        `* ${A}: Invalid value: "": name part must be non-empty\n` +
        `* ${A}: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\n` +
        '* spec.dnsConfig.nameservers[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)\n' +
        '* spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero\n',
    });
    const fixed = pod.replace('10.0.0.300', '10.0.0.53').replace('topologyKey: ""', 'topologyKey: kubernetes.io/hostname').replace('maxSkew: 0', 'maxSkew: 1');
    expect(await s.k.run(['create', '-f', s.k.file('fixed.yaml', fixed)])).toEqual({ code: 0, stdout: 'pod/p created\n', stderr: '' });
  });
});
