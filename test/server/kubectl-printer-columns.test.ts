/**
 * `kubectl get` of custom resources over `ssa-sim serve` prints the columns their CRD declares
 * (`additionalPrinterColumns`, evaluated as the API server evaluates their JSONPath), `-o wide`
 * adds those with a priority, and a CRD without any gets NAME and AGE: what a 1.32 cluster prints.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';

const available = kubectlAvailable();

/** A namespaced CRD of example.com served and stored at v1 with an open schema, and `columns` (YAML lines). */
const crd = (kind: string, plural: string, columns = '') => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${plural}.example.com
spec:
  group: example.com
  names: {kind: ${kind}, plural: ${plural}}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}
${columns}`;

const CRDS = `${crd(
  'Widget',
  'widgets',
  `    additionalPrinterColumns:
    - {name: Replicas, type: integer, jsonPath: .spec.replicas}
    - {name: Ready, type: string, jsonPath: '.status.conditions[?(@.type=="Ready")].status'}
    - {name: Ports, type: string, jsonPath: '.spec.ports[*].port'}
    - {name: Labels, type: string, jsonPath: .metadata.labels}
    - {name: Ratio, type: number, jsonPath: .spec.ratio}
    - {name: Since, type: date, jsonPath: .status.since}
    - {name: Image, type: string, priority: 1, jsonPath: .spec.image, description: the image}
`,
)}---
${crd('Gadget', 'gadgets')}`;

const WIDGETS = `apiVersion: example.com/v1
kind: Widget
metadata: {name: full, labels: {b: "2", a: "1"}}
spec: {replicas: 3, ratio: 2, image: nginx, ports: [{port: 80}, {port: 443}]}
status:
  since: "2024-01-01T00:00:00Z"
  conditions: [{type: Synced, status: "False"}, {type: Ready, status: "True"}]
---
apiVersion: example.com/v1
kind: Widget
metadata: {name: empty}
spec: {replicas: 1.5}
status: {since: yesterday}
---
apiVersion: example.com/v1
kind: Gadget
metadata: {name: g}
`;

describe.skipIf(!available)('custom resources in kubectl get over ssa-sim serve', () => {
  const c = tableCluster(async ({ k }) => {
    expect((await k.run(['create', '-f', k.file('crds.yaml', CRDS)])).code).toBe(0);
    await createAll(k, 'widgets.yaml', WIDGETS);
  });

  it('prints the CRD columns, evaluated by the server; -o wide adds the priority ones', { timeout: 120_000 }, async () => {
    const get = await c.k.run(['get', 'widgets']);
    expect(get.stderr).toBe('');
    // Empty cells (no result, or a value not of the column's type) print as nothing.
    expect(get.stdout).toBe(`NAME    REPLICAS   READY   PORTS   LABELS              RATIO   SINCE
empty   1                                                      <invalid>
full    3          True    80      {"a":"1","b":"2"}   2       5m
`);
    const wide = await c.k.run(['get', 'widgets', '-o', 'wide']);
    expect(wide.stdout).toBe(`NAME    REPLICAS   READY   PORTS   LABELS              RATIO   SINCE       IMAGE
empty   1                                                      <invalid>   
full    3          True    80      {"a":"1","b":"2"}   2       5m          nginx
`);
  });

  it('gives a CRD without columns NAME and AGE', { timeout: 120_000 }, async () => {
    const get = await c.k.run(['get', 'gadgets']);
    expect(get.stdout).toBe(`NAME   AGE
g      5m
`);
  });
});
