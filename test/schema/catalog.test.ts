import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SsaError } from '../../src/errors/ssa-error.js';
import { apply } from '../../src/merge/apply.js';
import {
  builtinCatalog,
  catalogFromSchemaYaml,
  combineCatalogs,
  loadSchemaSources,
  resolveKind,
  undeclaredFields,
  undeclaredFieldWarnings,
  withDeducedFallback,
} from '../../src/schema/catalog.js';
import type { Value } from '../../src/value/value.js';
import { readShared } from '../support/shared.js';

// The schema layer does no I/O: commands pass the file system as the reader.
const fsRead = (path: string) => readFileSync(path, 'utf8');

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-schemas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const WIDGET_CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec: {type: object, properties: {size: {type: integer}}}
`;

/** A DaemonSet as an add-on ships it, with one field the built-in schema does not know. */
const AWS_NODE = {
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'aws-node', namespace: 'kube-system' },
  spec: {
    selector: { matchLabels: { 'k8s-app': 'aws-node' } },
    template: {
      metadata: { labels: { 'k8s-app': 'aws-node' } },
      spec: {
        containers: [{ name: 'aws-node', image: 'cni:1', env: [{ name: 'ENABLE_PREFIX_DELEGATION', value: 'true', futureFlag: 1 }] }],
        tolerations: [{ operator: 'Exists', laterField: true }],
      },
    },
    rolloutPolicy: { fast: true },
  },
} as unknown as Value;

describe('loadSchemaSources', () => {
  it('loads the built-in schema, then --schema files, then --crd files; later sources win', () => {
    const yamlSchema = file(
      'daemonset.yaml',
      'types:\n- name: io.k8s.api.apps.v1.DaemonSet\n  map:\n    fields:\n    - name: apiVersion\n      type: {scalar: string}\n    - name: kind\n      type: {scalar: string}\n    - name: metadata\n      type: {namedType: io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta}\n    - name: spec\n      type: {map: {elementType: {namedType: __untyped_deduced_}}}\n',
    );
    const openapi = file('openapi.json', readShared('reference', 'openapi-v2-subset.json'));
    const crd = file('crds.yaml', WIDGET_CRD);
    const catalog = loadSchemaSources({ readFile: fsRead, schemaFiles: [yamlSchema, openapi], crdFiles: [crd] });
    expect(catalog.sources).toEqual(['built-in Kubernetes schema', `schema file ${yamlSchema}`, `OpenAPI v2 document ${openapi}`, `CRD file ${crd}`]);
    // The schema file's DaemonSet replaced the built-in one, and keeps the built-in resource name.
    expect(catalog.schema.named('io.k8s.api.apps.v1.DaemonSet').map!.fields.get('spec')!.type.get().map!.elementTypeName).toBe('__untyped_deduced_');
    expect(catalog.kinds().find((k) => k.kind === 'DaemonSet')).toMatchObject({ typeName: 'io.k8s.api.apps.v1.DaemonSet', resource: 'daemonsets', namespaced: true });
    // The old OpenAPI subset's Deployment (no x-kubernetes-map-type on LabelSelector) replaced the built-in one.
    expect(catalog.schema.named('io.k8s.apimachinery.pkg.apis.meta.v1.LabelSelector').map!.atomic).toBe(false);
    expect(catalog.typeFor('example.com/v1', 'Widget')).toBe('com.example.v1.Widget');
    expect(catalog.typeFor('extensions/v1beta1', 'Deployment')).toBe('io.k8s.api.extensions.v1beta1.Deployment');
  });

  it('detects the format of a --schema file: a CRD passed as --schema is read as one', () => {
    const crdAsSchema = loadSchemaSources({ readFile: fsRead, schemaFiles: [file('crd-as-schema.yaml', WIDGET_CRD)], builtin: false });
    expect(crdAsSchema.typeFor('example.com/v1', 'Widget')).toBe('com.example.v1.Widget');
    expect(() => loadSchemaSources({ readFile: fsRead, crdFiles: [file('not-crd.json', '{"swagger": "2.0", "definitions": {}}')] })).toThrow(/not-crd.json:1:1: \(document root\): not a CustomResourceDefinition/);
  });

  it('names the file it cannot read', () => {
    const missing = join(dir, 'missing.yaml');
    try {
      loadSchemaSources({ readFile: fsRead, crdFiles: [missing] });
      throw new Error('no error');
    } catch (err) {
      expect(err).toBeInstanceOf(SsaError);
      expect((err as SsaError).code).toBe('INPUT');
      expect((err as SsaError).message).toMatch(new RegExp(`^cannot read CRD file ${missing}: ENOENT`));
    }
  });

  it('without any source, knows only the deduced types', () => {
    const empty = loadSchemaSources({ readFile: fsRead, builtin: false });
    expect(empty.sources).toEqual([]);
    expect(empty.kinds()).toEqual([]);
    expect(empty.schema.hasType('__untyped_deduced_')).toBe(true);
  });
});

describe('resolveKind', () => {
  const catalog = combineCatalogs(builtinCatalog(), loadSchemaSources({ readFile: fsRead, crdFiles: [file('w.yaml', WIDGET_CRD)], builtin: false }));

  it('gives the type of a known kind', () => {
    expect(resolveKind(catalog, 'apps/v1', 'DaemonSet')).toEqual({ typeName: 'io.k8s.api.apps.v1.DaemonSet', deduced: false, warnings: [] });
  });

  it('says which sources were searched, and how to proceed deduced', () => {
    try {
      resolveKind(catalog, 'apps/v1beta2', 'Deployment', { deducedHint: 'pass --deduced to proceed with the deduced schema' });
      throw new Error('no error');
    } catch (err) {
      expect((err as SsaError).code).toBe('UNKNOWN_KIND');
      expect((err as SsaError).message).toBe(
        `no schema for kind "Deployment" in apiVersion "apps/v1beta2" (known for apps/v1); searched: built-in Kubernetes schema, CRD file ${join(dir, 'w.yaml')}. Give its schema (--schema FILE with OpenAPI or schema YAML, --crd FILE for a custom resource), or pass --deduced to proceed with the deduced schema (every list atomic, every map granular)`,
      );
    }
    const deduced = resolveKind(catalog, 'example.com/v1', 'Gizmo', { allowDeduced: true });
    expect(deduced.typeName).toBe('__untyped_deduced_');
    expect(deduced.deduced).toBe(true);
    expect(deduced.warnings[0]).toMatch(/^no schema for kind "Gizmo" in apiVersion "example.com\/v1"; searched: built-in Kubernetes schema, CRD file .*w.yaml; using the deduced schema/);
  });
});

describe('schema YAML catalogs', () => {
  it('take kinds from Kubernetes type names', () => {
    const c = catalogFromSchemaYaml(readShared('reference', 'kubernetes-schema.yaml'), 'kubernetes-schema.yaml');
    expect(c.typeFor('apps/v1', 'DaemonSet')).toBe('io.k8s.api.apps.v1.DaemonSet');
    expect(c.typeFor('rbac.authorization.k8s.io/v1', 'ClusterRole')).toBe('io.k8s.api.rbac.v1.ClusterRole');
    expect(c.typeFor('batch/v1beta1', 'CronJob')).toBe('io.k8s.api.batch.v1beta1.CronJob');
    expect(c.typeFor('v1', 'Pod')).toBe('io.k8s.api.core.v1.Pod');
    expect(c.kinds().find((k) => k.kind === 'Pod' && k.apiVersion === 'v1')).toMatchObject({ resource: 'pods', namespaced: true });
    expect(c.sources).toEqual(['schema file kubernetes-schema.yaml']);
  });
});

describe('unknown fields fall back to deduced semantics, with a warning', () => {
  const catalog = builtinCatalog();
  const type = catalog.typeFor('apps/v1', 'DaemonSet')!;

  it('lists each undeclared field by its path', () => {
    expect(undeclaredFields(catalog.schema, type, AWS_NODE)).toEqual([
      '.spec.template.spec.containers[name="aws-node"].env[name="ENABLE_PREFIX_DELEGATION"].futureFlag',
      '.spec.template.spec.tolerations[0].laterField',
      '.spec.rolloutPolicy',
    ]);
    expect(undeclaredFieldWarnings(catalog.schema, type, AWS_NODE)[2]).toBe(
      'unknown field ".spec.rolloutPolicy": io.k8s.api.apps.v1.DaemonSet does not declare it; it is kept with deduced semantics (granular maps, atomic lists)',
    );
  });

  it('rejects such an object with the strict schema and accepts it with the fallback', () => {
    const strict = apply({ atom: catalog.schema.named(type) }, null, AWS_NODE, 'apps/v1', new Map(), 'eks', false);
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.error.message).toMatch(/field not declared in schema/);
    const tolerant = withDeducedFallback(catalog);
    expect(tolerant.sources).toEqual(catalog.sources);
    expect(tolerant.kinds()).toEqual(catalog.kinds());
    const ok = apply({ atom: tolerant.schema.named(type) }, null, AWS_NODE, 'apps/v1', new Map(), 'eks', false);
    expect(ok.ok).toBe(true);
    // Declared fields keep their semantics: containers stay keyed by name.
    expect(tolerant.schema.named('io.k8s.api.core.v1.PodSpec').map!.fields.get('containers')!.type.get().list!.keys).toEqual(['name']);
    expect(tolerant.schema.named('io.k8s.api.core.v1.PodSpec').map!.elementTypeName).toBe('__untyped_deduced_');
  });
});
