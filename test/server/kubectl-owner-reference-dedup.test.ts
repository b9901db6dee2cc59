/**
 * Real kubectl 1.32 writing an object whose ownerReferences repeat an entry: kube-apiserver 1.32
 * drops the repeats and warns (apiserver handlers/rest.go dedupOwnerReferencesAndAddWarning, its
 * unit test TestDedupOwnerReferences in rest_test.go; more cases in
 * test/apiserver/k8s-fieldmanager-units.test.ts). kubectl prints the warning on stderr.
 */
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const ref = (uid: string) => `  - {apiVersion: v1, kind: ConfigMap, name: owner, uid: "${uid}"}\n`;
const CM = `apiVersion: v1
kind: ConfigMap
metadata:
  name: cm
  ownerReferences:
${ref('1')}${ref('2')}${ref('1')}`;

describe.skipIf(!available)('real kubectl: duplicate owner references', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('create keeps one of each and warns; a patch adding one back is warned about after admission (its field manager saw the repeat, so managedFields changed)', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['create', '-f', s.k.file('cm.yaml', CM)])).toEqual({
      code: 0,
      stdout: 'configmap/cm created\n',
      stderr:
        'Warning: .metadata.ownerReferences contains duplicate entries; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: 1\n',
    });
    expect((await s.k.run(['get', 'configmap', 'cm', '-o', 'jsonpath={.metadata.ownerReferences[*].uid}'])).stdout).toBe('1 2');
    expect(await s.k.run(['patch', 'configmap', 'cm', '--type=json', '-p', '[{"op":"add","path":"/metadata/ownerReferences/-","value":{"apiVersion":"v1","kind":"ConfigMap","name":"owner","uid":"2"}}]'])).toEqual({
      code: 0,
      stdout: 'configmap/cm patched\n',
      stderr:
        'Warning: .metadata.ownerReferences contains duplicate entries after mutating admission happens; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: 2\n',
    });
  });

  it('replace drops them before the field manager; a server-side apply with a repeated uid is the typed-patch 500', { timeout: 120_000 }, async () => {
    const replaced = CM.replace('name: cm', 'name: cm2');
    expect((await s.k.run(['create', '-f', s.k.file('cm2.yaml', replaced.replace(ref('1'), ''))])).code).toBe(0);
    expect(await s.k.run(['replace', '-f', s.k.file('cm2-replace.yaml', replaced)])).toEqual({
      code: 0,
      stdout: 'configmap/cm2 replaced\n',
      stderr:
        'Warning: .metadata.ownerReferences contains duplicate entries; API server dedups owner references in 1.20+, and may reject such requests as early as 1.24; please fix your requests; duplicate UID(s) observed: 1\n',
    });
    expect(await s.k.run(['apply', '--server-side', '-f', s.k.file('cm3.yaml', CM.replace('name: cm', 'name: cm3'))])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error from server: failed to create typed patch object (default/cm3; /v1, Kind=ConfigMap): .metadata.ownerReferences: duplicate entries for key [uid="1"]\n',
    });
  });
});
