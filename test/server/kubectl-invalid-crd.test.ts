/**
 * kubectl applying a CustomResourceDefinition that apiextensions-apiserver 1.32 refuses
 * (ValidateCustomResourceDefinition): the 422 kubectl prints, and the CRD is neither stored nor
 * served.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';

const available = kubectlAvailable();

const NO_SCHEMA = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - {name: v1, served: true, storage: true}
`;

describe.skipIf(!available)('real kubectl: an invalid CustomResourceDefinition', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a v1 CRD without a schema is refused, client-side and server-side, and not served', { timeout: 120_000 }, async () => {
    const file = s.k.file('crd.yaml', NO_SCHEMA);
    const stderr = 'The CustomResourceDefinition "widgets.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required\n';
    expect(await s.k.run(['apply', '-f', file])).toEqual({ code: 1, stdout: '', stderr });
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual({ code: 1, stdout: '', stderr });
    expect((await s.k.run(['get', 'crd', '-o', 'name'])).stdout).toBe('');
  });

  it('several causes are listed one a line', { timeout: 120_000 }, async () => {
    const file = s.k.file('crd2.yaml', NO_SCHEMA.replace('scope: Namespaced', 'scope: Global'));
    expect(await s.k.run(['apply', '-f', file])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'The CustomResourceDefinition "widgets.example.com" is invalid: \n' +
        '* spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"\n' +
        '* spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required\n',
    });
  });

  it('a non-structural schema (a field without a type) is refused', { timeout: 120_000 }, async () => {
    const schema = '    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            properties: {replicas: {type: integer}}\n';
    const file = s.k.file('crd3.yaml', NO_SCHEMA.replace('  - {name: v1, served: true, storage: true}\n', `  - name: v1\n    served: true\n    storage: true\n${schema}`));
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The CustomResourceDefinition "widgets.example.com" is invalid: spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields\n',
    });
    expect((await s.k.run(['get', 'crd', '-o', 'name'])).stdout).toBe('');
  });
});

describe.skipIf(!available)('real kubectl: a CustomResourceDefinition with a bad default', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });
  const crd = (replicasDefault: string) =>
    NO_SCHEMA.replace(
      '  - {name: v1, served: true, storage: true}\n',
      '  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n' +
        `              replicas: {type: integer, default: ${replicasDefault}}\n` +
        '              ref:\n                type: object\n                properties: {name: {type: string}}\n                default: {name: x, extra: 1}\n',
    );

  // kubectl sends the manifest's maps with sorted keys, so `ref` comes before `replicas` (Go
  // walks properties in random map order; the simulator in the order they arrive).
  it('is refused with kube\'s texts, client-side and server-side, and not stored', { timeout: 120_000 }, async () => {
    const file = s.k.file('bad-default.yaml', crd('three'));
    const P = 'spec.validation.openAPIV3Schema.properties[spec]';
    const stderr =
      'The CustomResourceDefinition "widgets.example.com" is invalid: \n' +
      `* ${P}.properties[ref].default: Invalid value: map[string]interface {}{"extra":1, "name":"x"}: must not have unknown fields\n` +
      `* ${P}.properties[replicas].default: Invalid value: "string":  in body must be of type integer: "string"\n`;
    expect(await s.k.run(['apply', '-f', file])).toEqual({ code: 1, stdout: '', stderr });
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual({ code: 1, stdout: '', stderr });
    expect((await s.k.run(['get', 'crd', '-o', 'name'])).stdout).toBe('');
  });
});

describe.skipIf(!available)('real kubectl: the versions of a CustomResourceDefinition as a whole', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });
  const schema = '    schema:\n      openAPIV3Schema: {type: object}\n';
  const withVersions = (...versions: string[]) =>
    NO_SCHEMA.replace('  - {name: v1, served: true, storage: true}\n', versions.map((v) => `  - ${v.split(', ').join('\n    ')}\n${schema}`).join(''));
  const version = (name: string, served: boolean, storage: boolean) =>
    `apiextensions.CustomResourceDefinitionVersion{Name:"${name}", Served:${served}, Storage:${storage}, Deprecated:false, DeprecationWarning:(*string)(nil), ` +
    'Schema:(*apiextensions.CustomResourceValidation)(nil), Subresources:(*apiextensions.CustomResourceSubresources)(nil), ' +
    'AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition(nil), SelectableFields:[]apiextensions.SelectableField(nil)}';

  it('two storage versions are refused with the versions as Go prints them', { timeout: 120_000 }, async () => {
    const file = s.k.file('two-storage.yaml', withVersions('name: v1, served: true, storage: true', 'name: v2, served: true, storage: true'));
    const stderr =
      'The CustomResourceDefinition "widgets.example.com" is invalid: \n' +
      `* spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{${version('v1', true, true)}, ${version('v2', true, true)}}: must have exactly one version marked as storage version\n` +
      '* status.storedVersions: Invalid value: []string{"v1"}: must have the storage version v2\n';
    expect(await s.k.run(['apply', '-f', file])).toEqual({ code: 1, stdout: '', stderr });
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual({ code: 1, stdout: '', stderr });
    expect((await s.k.run(['get', 'crd', '-o', 'name'])).stdout).toBe('');
  });

  it('a version still listed as stored may not be dropped', { timeout: 120_000 }, async () => {
    const both = s.k.file('both.yaml', withVersions('name: v1, served: true, storage: true', 'name: v2, served: true, storage: false'));
    expect((await s.k.run(['apply', '--server-side', '-f', both])).code).toBe(0);
    const moved = s.k.file('moved.yaml', withVersions('name: v1, served: true, storage: false', 'name: v2, served: true, storage: true'));
    expect((await s.k.run(['apply', '--server-side', '-f', moved])).code).toBe(0);
    const dropped = s.k.file('dropped.yaml', withVersions('name: v2, served: true, storage: true'));
    expect(await s.k.run(['apply', '--server-side', '-f', dropped])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The CustomResourceDefinition "widgets.example.com" is invalid: status.storedVersions[0]: Invalid value: "v1": must appear in spec.versions\n',
    });
    expect((await s.k.run(['get', 'crd', 'widgets.example.com', '-o', 'jsonpath={.status.storedVersions}'])).stdout).toBe('["v1","v2"]');
  });
});
