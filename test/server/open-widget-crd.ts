/**
 * The CRD the HTTP tests create when they need a custom resource of any shape: widgets.example.com,
 * namespaced, served and stored at v1 with an open schema (`x-kubernetes-preserve-unknown-fields`);
 * `version` adds to its one version (subresources, ...).
 */
export function openWidgetCrd(version: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      names: { kind: 'Widget', plural: 'widgets' },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } }, ...version }],
    },
  };
}
