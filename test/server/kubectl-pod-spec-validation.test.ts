/**
 * What real kubectl 1.32 prints when kube-apiserver's pod spec validation refuses a write
 * (validate-pod-template.ts and the files it composes): a Deployment whose container mounts a
 * volume the pod does not have, through server-side and client-side apply, and a Pod with errors
 * in its volumes, ports and probes, printed as kubectl's `*` list in upstream's order.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const deployment = (volumes: string) =>
  [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: x',
    'spec:',
    '  selector: {matchLabels: {app: x}}',
    '  template:',
    '    metadata: {labels: {app: x}}',
    '    spec:',
    '      containers:',
    '      - name: web',
    '        image: nginx',
    '        volumeMounts: [{name: data, mountPath: /data}]',
    volumes,
    '',
  ].join('\n');

describe.skipIf(!available)('real kubectl: what pod spec validation refuses', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a Deployment mounting a volume it does not declare is not created; declared, it is', { timeout: 120_000 }, async () => {
    const file = s.k.file('nodata.yaml', deployment(''));
    const expected = { code: 1, stdout: '', stderr: 'The Deployment "x" is invalid: spec.template.spec.containers[0].volumeMounts[0].name: Not found: "data"\n' };
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual(expected);
    expect(await s.k.run(['apply', '-f', file])).toEqual(expected);
    expect((await s.k.run(['get', 'deployments', '-o', 'name'])).stdout).toBe('');
    const fixed = s.k.file('data.yaml', deployment('      volumes: [{name: data, emptyDir: {}}]'));
    expect((await s.k.run(['apply', '--server-side', '-f', fixed])).stdout).toBe('deployment.apps/x serverside-applied\n');
  });

  it('a Pod with several errors: one line each, in the order kube-apiserver finds them', { timeout: 120_000 }, async () => {
    const pod = [
      'apiVersion: v1',
      'kind: Pod',
      'metadata: {name: p}',
      'spec:',
      '  volumes: [{name: cfg, configMap: {name: settings}}, {name: cfg, emptyDir: {}}]',
      '  containers:',
      '  - name: web',
      '    image: nginx',
      '    ports: [{containerPort: 80800}]',
      '    livenessProbe: {periodSeconds: 10}',
      '',
    ].join('\n');
    expect(await s.k.run(['create', '-f', s.k.file('pod.yaml', pod)])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'The Pod "p" is invalid: \n' +
        '* spec.volumes[1].name: Duplicate value: "cfg"\n' +
        '* spec.containers[0].ports[0].containerPort: Invalid value: 80800: must be between 1 and 65535, inclusive\n' +
        '* spec.containers[0].livenessProbe: Required value: must specify a handler type\n',
    });
  });
});
