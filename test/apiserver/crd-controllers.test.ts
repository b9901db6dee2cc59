/**
 * The status a 1.32 server's CRD strategy and controllers give a CustomResourceDefinition
 * (crd-controllers.ts, crd-stored-versions.ts): on create, storedVersions alone; then the naming
 * and establishing controllers' acceptedNames and conditions through /status, as manager
 * `kube-apiserver`; names another CRD of the group holds are refused until it lets them go.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject, withTime } from '../../src/apiserver/server.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';

const T0 = '2024-01-01T00:00:00Z';
const T1 = '2024-01-01T00:01:00Z';

function crd(plural: string, kind: string, names: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.example.com` },
    spec: {
      group: 'example.com',
      names: { kind, plural, ...names },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  } as unknown as KubeObject;
}

function run(state: ClusterState, request: ApiRequest): ClusterState {
  const r = serve(state, request);
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}

function status(state: ClusterState, plural: string): unknown {
  const r = serve(state, { verb: 'get', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: `${plural}.example.com` } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return JSON.parse(JSON.stringify(r.response.object.status));
}

const condition = (type: string, s: string, reason: string, message: string, at: string) => ({ type, status: s, lastTransitionTime: at, reason, message });

describe('a CRD status', () => {
  it('is storedVersions alone in the create answer; the controllers then accept its names and establish it', () => {
    const s0 = createCluster({ catalog: builtinCatalog(), now: T0 });
    const created = serve(s0, { verb: 'create', body: crd('widgets', 'Widget'), options: { fieldManager: 'admin' } });
    expect(created.response.ok && JSON.parse(JSON.stringify(created.response.object.status))).toEqual({
      conditions: null,
      acceptedNames: { plural: '', kind: '' },
      storedVersions: ['v1'],
    });
    // The create, then one write by each controller.
    expect(created.state.resourceVersion).toBe(3);
    expect(status(created.state, 'widgets')).toEqual({
      conditions: [
        condition('NamesAccepted', 'True', 'NoConflicts', 'no conflicts found', T0),
        condition('Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted', T0),
      ],
      acceptedNames: { plural: 'widgets', kind: 'Widget', singular: 'widget', listKind: 'WidgetList' },
      storedVersions: ['v1'],
    });
  });

  it('refuses names another CRD of the group accepted, with the conflict as the reason, until that CRD is deleted', () => {
    let s = run(createCluster({ catalog: builtinCatalog(), now: T0 }), { verb: 'create', body: crd('widgets', 'Widget') });
    s = run(s, { verb: 'create', body: crd('gadgets', 'Gadget', { shortNames: ['widget', 'widgets', 'g'] }) });
    expect(status(s, 'gadgets')).toEqual({
      conditions: [
        condition('NamesAccepted', 'False', 'ShortNamesConflict', '["widget" is already in use, "widgets" is already in use]', T0),
        condition('Established', 'False', 'NotAccepted', 'not all names are accepted', T0),
      ],
      acceptedNames: { plural: 'gadgets', kind: 'Gadget', singular: 'gadget', listKind: 'GadgetList' },
      storedVersions: ['v1'],
    });
    s = run(s, { verb: 'create', body: crd('things', 'Widget') });
    // Every name is checked; the last conflict found (the list kind's, after the kind's) is the one reported.
    expect((status(s, 'things') as { conditions: unknown[] }).conditions[0]).toEqual(condition('NamesAccepted', 'False', 'ListKindConflict', '"WidgetList" is already in use', T0));
    s = run(withTime(s, T1), { verb: 'delete', target: { apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name: 'widgets.example.com' } });
    expect(status(s, 'gadgets')).toEqual({
      conditions: [
        condition('NamesAccepted', 'True', 'NoConflicts', 'no conflicts found', T1),
        condition('Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted', T1),
      ],
      acceptedNames: { plural: 'gadgets', singular: 'gadget', shortNames: ['widget', 'widgets', 'g'], kind: 'Gadget', listKind: 'GadgetList' },
      storedVersions: ['v1'],
    });
  });

  it('is written by kube-apiserver through /status: a scenario can expect its owner', () => {
    const text = [
      'name: a CRD and its controllers',
      'steps:',
      `  - request: {verb: create, body: ${JSON.stringify(crd('widgets', 'Widget'))}, options: {fieldManager: admin}}`,
      '    expect:',
      '      target: {apiVersion: apiextensions.k8s.io/v1, kind: CustomResourceDefinition, name: widgets.example.com}',
      '      owners:',
      '        .status.acceptedNames.kind: [kube-apiserver]',
      '        .status.conditions[type="Established"].reason: [kube-apiserver]',
      '        .spec.names.listKind: [admin]',
      '',
    ].join('\n');
    const scenario = parseScenario(text, 'x.yaml');
    const result = runScenario(scenario, modeRunner(scenario, { readFile: () => '' }));
    expect(result.steps[0].expectations.map((e) => [e.passed, e.detail])).toEqual([
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ]);
  });
});

describe('the NonStructuralSchema condition', () => {
  // A CRD stored by a server of the v1beta1 days: preserveUnknownFields true, a field without a type.
  const legacy = (labels: Record<string, string> = {}) =>
    ({
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'olds.example.com', labels },
      spec: {
        group: 'example.com',
        names: { kind: 'Old', plural: 'olds', singular: 'old', listKind: 'OldList' },
        scope: 'Namespaced',
        preserveUnknownFields: true,
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { properties: { a: { type: 'string' } } } } } } }],
      },
    }) as unknown as KubeObject;

  it('an update of a CRD stored with preserveUnknownFields and a non-structural schema is allowed; the controller then marks the violations', () => {
    const seeded = withExistingObject(createCluster({ catalog: builtinCatalog(), now: T0 }), legacy());
    if ('problem' in seeded) throw new Error(seeded.problem);
    const s1 = run(withTime(seeded.state, T1), { verb: 'apply', body: legacy({ team: 'a' }), options: { fieldManager: 'admin', force: true } });
    const conditions = (status(s1, 'olds') as { conditions: unknown[] }).conditions;
    expect(conditions).toContainEqual(
      condition(
        'NonStructuralSchema',
        'True',
        'Violations',
        '[spec.preserveUnknownFields: Invalid value: true: must be false, spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields]',
        T1,
      ),
    );
    // Made structural (and preserveUnknownFields false), the condition goes.
    const fixed = legacy({ team: 'a' }) as any;
    fixed.spec.preserveUnknownFields = false;
    fixed.spec.versions[0].schema.openAPIV3Schema.properties.spec.type = 'object';
    const s2 = run(s1, { verb: 'apply', body: fixed, options: { fieldManager: 'admin', force: true } });
    expect(JSON.stringify(status(s2, 'olds'))).not.toContain('NonStructuralSchema');
  });

  it('a new CRD is held to a structural schema even with preserveUnknownFields', () => {
    const r = serve(createCluster({ catalog: builtinCatalog(), now: T0 }), { verb: 'create', body: legacy(), options: { fieldManager: 'admin' } });
    expect(r.response.ok ? r.response.code : r.response.status.message).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "olds.example.com" is invalid: [spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields, spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead]',
    );
  });
});
