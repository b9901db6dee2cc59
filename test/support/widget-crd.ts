/**
 * A custom resource for the tests of blame and "your own objects" with --schema and --crd: the
 * Widget kind's CRD (an atomic list of hosts and a map of labels), the same kind in an OpenAPI v2
 * document where the list is a set, a captured Widget with two managers, and a manifest that
 * changes both fields; `widgetCrd`, the same kind's CRD with the spec properties a test needs;
 * and `widgetCrdObject`, that CRD as an object with a whole root schema and its subresources.
 */

/**
 * A namespaced Widget CRD (example.com/v1, served and stored) whose `spec` has the properties
 * given: YAML of the block under `spec.properties`, written from column 0.
 */
export function widgetCrd(specProperties: string): string {
  const block = specProperties
    .replace(/^\n+/, '')
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? line : `              ${line}`))
    .join('\n');
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
${block}
`;
}

/**
 * The same namespaced Widget CRD (example.com/v1, served and stored) as an object, with the given
 * root schema and, optionally, the version's subresources.
 */
export function widgetCrdObject(openAPIV3Schema: Record<string, unknown>, subresources?: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, ...(subresources ? { subresources } : {}), schema: { openAPIV3Schema } }],
    },
  };
}

/** The Widget CRD of the blame and own-objects tests: an atomic list of hosts and a map of labels. */
export const CRD = widgetCrd(`
hosts:
  type: array
  x-kubernetes-list-type: atomic
  items: {type: string}
labels:
  type: object
  additionalProperties: {type: string}
`);

/** The same kind in an OpenAPI v2 document, where the hosts list is a set instead. */
export const OPENAPI = JSON.stringify({
  swagger: '2.0',
  info: { title: 'widgets', version: 'v1' },
  paths: {},
  definitions: {
    'com.example.v1.Widget': {
      type: 'object',
      'x-kubernetes-group-version-kind': [{ group: 'example.com', version: 'v1', kind: 'Widget' }],
      properties: {
        apiVersion: { type: 'string' },
        kind: { type: 'string' },
        metadata: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' },
        spec: {
          type: 'object',
          properties: {
            hosts: { type: 'array', items: { type: 'string' }, 'x-kubernetes-list-type': 'set' },
            labels: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
  },
});

export const WIDGET = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  namespace: default
  managedFields:
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:hosts: {}
        f:labels:
          .: {}
    manager: flux
    operation: Apply
    time: "2022-08-01T10:00:00Z"
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:labels:
          f:team: {}
    manager: kubectl-edit
    operation: Update
    time: "2022-08-01T11:00:00Z"
spec:
  hosts:
  - a.example.com
  labels:
    team: blue
`;

export const MANIFEST = `apiVersion: example.com/v1
kind: Widget
metadata:
  name: w
  namespace: default
spec:
  hosts:
  - b.example.com
  labels:
    team: red
`;
