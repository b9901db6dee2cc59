/**
 * The checks of apiextensions-apiserver 1.32's validateCustomResourceDefinitionSpec over the
 * versions as a whole (unique names, exactly one storage version), whose value is the internal
 * `[]apiextensions.CustomResourceDefinitionVersion` as Go's `%#v` prints it, and
 * ValidateCustomResourceDefinitionStoredVersions (`status.storedVersions`). Facts from
 * k8s.io/apiextensions-apiserver v0.32.9 pkg/apis/apiextensions/validation/validation.go, the
 * internal types in pkg/apis/apiextensions/types.go (field order), the v1 -> internal conversion
 * in pkg/apis/apiextensions/v1/conversion.go (per-version fields every version shares move to the
 * spec and are nil in each version) and field.Error's ErrorBody in apimachinery v0.32.13.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';
const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { a: { type: 'string' } } } } } };
type Spec = Record<string, any>;
const crd = (edit: (spec: Spec) => void = () => {}) => {
  const spec: Spec = { group: 'example.com', names: { kind: 'Widget', plural: 'widgets' }, scope: 'Namespaced', versions: [{ name: 'v1', served: true, storage: true, schema }] };
  edit(spec);
  return obj({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' }, spec });
};
const real = () => cluster({ harness: false, now: NOW });
const refused = (body: ReturnType<typeof crd>, c = real()) => {
  const r = fail(c.create(body, { fieldManager: 'admin' }));
  return [r.code, r.message];
};
const invalid = (causes: string[]) => [422, `CustomResourceDefinition.apiextensions.k8s.io "widgets.example.com" is invalid: ${causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`}`];

/** One internal version as `%#v` prints it, its per-version fields nil (moved to the spec). */
const version = (name: string, served: boolean, storage: boolean, rest = '') =>
  `apiextensions.CustomResourceDefinitionVersion{Name:"${name}", Served:${served}, Storage:${storage}, Deprecated:false, DeprecationWarning:(*string)(nil), ` +
  `Schema:(*apiextensions.CustomResourceValidation)(nil), Subresources:(*apiextensions.CustomResourceSubresources)(nil), ` +
  (rest || 'AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition(nil), SelectableFields:[]apiextensions.SelectableField(nil)') +
  '}';
const versions = (...v: string[]) => `[]apiextensions.CustomResourceDefinitionVersion{${v.join(', ')}}`;

describe('CustomResourceDefinition versions as a whole', () => {
  it('no storage version: the versions printed as Go prints them, and no stored version', () => {
    expect(refused(crd((s) => (s.versions[0].storage = false)))).toEqual(
      invalid([
        `spec.versions: Invalid value: ${versions(version('v1', true, false))}: must have exactly one version marked as storage version`,
        'status.storedVersions: Invalid value: []string(nil): must have at least one stored version',
      ]),
    );
  });

  it('two storage versions: the first is listed as stored, the second is missing there', () => {
    const body = crd((s) => s.versions.push({ name: 'v2', served: false, storage: true, schema }));
    expect(refused(body)).toEqual(
      invalid([
        `spec.versions: Invalid value: ${versions(version('v1', true, true), version('v2', false, true))}: must have exactly one version marked as storage version`,
        'status.storedVersions: Invalid value: []string{"v1"}: must have the storage version v2',
      ]),
    );
  });

  it('a version name twice', () => {
    const body = crd((s) => s.versions.push({ name: 'v1', served: true, storage: false, schema }));
    expect(refused(body)).toEqual(invalid([`spec.versions: Invalid value: ${versions(version('v1', true, true), version('v1', true, false))}: must contain unique version names`]));
  });

  it('printer columns and selectable fields that differ between versions stay in each version, printed whole', () => {
    const body = crd((s) => {
      s.versions[0].additionalPrinterColumns = [{ name: 'A', type: 'string', jsonPath: '.spec.a' }];
      s.versions[0].selectableFields = [{ jsonPath: '.spec.a' }];
      s.versions.push({ name: 'v2', served: true, storage: true, schema, additionalPrinterColumns: [] });
    });
    const columns =
      'AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition{apiextensions.CustomResourceColumnDefinition{Name:"A", Type:"string", Format:"", Description:"", Priority:0, JSONPath:".spec.a"}}, ' +
      'SelectableFields:[]apiextensions.SelectableField{apiextensions.SelectableField{JSONPath:".spec.a"}}';
    const none = 'AdditionalPrinterColumns:[]apiextensions.CustomResourceColumnDefinition{}, SelectableFields:[]apiextensions.SelectableField(nil)';
    expect(refused(body)[1]).toContain(`spec.versions: Invalid value: ${versions(version('v1', true, true, columns), version('v2', true, true, none))}: must have exactly one version marked as storage version`);
  });

  it('a pointer Go would print as a memory address is written as the struct with {...}', () => {
    const body = crd((s) => {
      s.versions[0].deprecated = true;
      s.versions[0].deprecationWarning = 'old';
      s.versions.push({ name: 'v1', served: true, storage: false, schema });
    });
    expect(refused(body)).toEqual(invalid(['spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{...}: must contain unique version names']));
    const schemas = crd((s) => s.versions.push({ name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }));
    expect(refused(schemas)).toEqual(
      invalid([
        'spec.versions: Invalid value: []apiextensions.CustomResourceDefinitionVersion{...}: must have exactly one version marked as storage version',
        'status.storedVersions: Invalid value: []string{"v1"}: must have the storage version v2',
      ]),
    );
  });

  it('an update may not drop a version still listed in status.storedVersions', () => {
    const c = real();
    ok(c.apply(crd((s) => s.versions.push({ name: 'v2', served: true, storage: false, schema })), { fieldManager: 'admin' }));
    const moved = crd((s) => {
      s.versions[0].storage = false;
      s.versions.push({ name: 'v2', served: true, storage: true, schema });
    });
    ok(c.apply(moved, { fieldManager: 'admin' }));
    const dropped = crd((s) => (s.versions = [{ name: 'v2', served: true, storage: true, schema }]));
    const r = fail(c.apply(dropped, { fieldManager: 'admin' }));
    expect([r.code, r.message]).toEqual(invalid(['status.storedVersions[0]: Invalid value: "v1": must appear in spec.versions']));
  });

  it('an update with no storage version keeps the stored versions it had', () => {
    const c = real();
    ok(c.apply(crd(), { fieldManager: 'admin' }));
    const r = fail(c.apply(crd((s) => (s.versions[0].storage = false)), { fieldManager: 'admin' }));
    expect([r.code, r.message]).toEqual(invalid([`spec.versions: Invalid value: ${versions(version('v1', true, false))}: must have exactly one version marked as storage version`]));
  });
});
