/**
 * What real kubectl shows of a CustomResourceDefinition served by `ssa-sim serve`, as a 1.32
 * cluster shows it right after creation: the status its strategy and controllers wrote
 * (storedVersions, acceptedNames, the NamesAccepted and Established conditions) and the
 * `kube-apiserver` Update entry on `/status` they leave in managedFields; then what changes when
 * the names change and when a second version becomes the storage version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { startServer } from '../../src/server/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { KubectlSession, kubectlAvailable } from './kubectl-harness.js';

const available = kubectlAvailable();
const T1 = '2024-01-01T00:00:01Z';
const T2 = '2024-01-01T00:00:02Z';

const crdYaml = (extra: { shortNames?: string; v2?: boolean } = {}) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names:
    kind: Widget
    plural: widgets${extra.shortNames ? `\n    shortNames: [${extra.shortNames}]` : ''}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: ${extra.v2 ? 'false' : 'true'}
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true${
          extra.v2
            ? `
  - name: v2
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true`
            : ''
        }
`;

/** The conditions the controllers leave at creation (T1), as kubectl prints them. */
const CONDITIONS = `  conditions:
  - lastTransitionTime: "${T1}"
    message: no conflicts found
    reason: NoConflicts
    status: "True"
    type: NamesAccepted
  - lastTransitionTime: "${T1}"
    message: the initial names have been accepted
    reason: InitialNamesAccepted
    status: "True"
    type: Established
`;

/** `kubectl get crd -o yaml --show-managed-fields` from managedFields on, the last-applied annotation left out. */
function fromManagedFields(yaml: string): string {
  return yaml.slice(yaml.indexOf('  managedFields:'));
}

describe.skipIf(!available)('a CRD over ssa-sim serve, as real kubectl shows it', () => {
  let clock = T1;
  let server: Awaited<ReturnType<typeof startServer>>;
  let k: KubectlSession;
  beforeAll(async () => {
    server = await startServer({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z'), now: () => clock });
    k = new KubectlSession(server.kubeconfig);
  });
  afterAll(async () => {
    k?.dispose();
    await server?.close();
  });

  it('carries the status and the kube-apiserver entry its controllers wrote right after creation', { timeout: 120_000 }, async () => {
    const created = await k.run(['create', '-f', k.file('crd.yaml', crdYaml()), '-o', 'yaml']);
    expect(created.stderr).toBe('');
    // The create's answer: what the strategy left, before any controller ran.
    expect(created.stdout.slice(created.stdout.indexOf('status:'))).toBe(`status:
  acceptedNames:
    kind: ""
    plural: ""
  conditions: null
  storedVersions:
  - v1
`);
    const got = await k.run(['get', 'crd', 'widgets.example.com', '-o', 'yaml', '--show-managed-fields']);
    expect(got.stderr).toBe('');
    expect(fromManagedFields(got.stdout).replace(/uid: \S+/, 'uid: <uid>').replace(/resourceVersion: "\d+"/, 'resourceVersion: <rv>')).toBe(`  managedFields:
  - apiVersion: apiextensions.k8s.io/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:status:
        f:acceptedNames:
          f:kind: {}
          f:listKind: {}
          f:plural: {}
          f:singular: {}
        f:conditions:
          k:{"type":"Established"}:
            .: {}
            f:lastTransitionTime: {}
            f:message: {}
            f:reason: {}
            f:status: {}
            f:type: {}
          k:{"type":"NamesAccepted"}:
            .: {}
            f:lastTransitionTime: {}
            f:message: {}
            f:reason: {}
            f:status: {}
            f:type: {}
    manager: kube-apiserver
    operation: Update
    subresource: status
    time: "${T1}"
  - apiVersion: apiextensions.k8s.io/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:conversion:
          .: {}
          f:strategy: {}
        f:group: {}
        f:names:
          f:kind: {}
          f:listKind: {}
          f:plural: {}
          f:singular: {}
        f:scope: {}
        f:versions: {}
    manager: kubectl-create
    operation: Update
    time: "${T1}"
  name: widgets.example.com
  resourceVersion: <rv>
  uid: <uid>
spec:
  conversion:
    strategy: None
  group: example.com
  names:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    singular: widget
  scope: Namespaced
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-preserve-unknown-fields: true
    served: true
    storage: true
status:
  acceptedNames:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    singular: widget
${CONDITIONS}  storedVersions:
  - v1
`);
  });

  it('takes new names into acceptedNames and a new storage version into storedVersions; the conditions keep their times', { timeout: 120_000 }, async () => {
    clock = T2;
    const replaced = await k.run(['replace', '-f', k.file('crd2.yaml', crdYaml({ shortNames: 'wd', v2: true }))]);
    expect(replaced.stderr).toBe('');
    const got = await k.run(['get', 'crd', 'widgets.example.com', '-o', 'yaml', '--show-managed-fields']);
    const out = got.stdout;
    expect(out.slice(out.indexOf('\nstatus:') + 1)).toBe(`status:
  acceptedNames:
    kind: Widget
    listKind: WidgetList
    plural: widgets
    shortNames:
    - wd
    singular: widget
${CONDITIONS}  storedVersions:
  - v1
  - v2
`);
    // The controller's entry now owns the short names too, at the time it wrote them.
    const entry = out.slice(out.indexOf('  - apiVersion'), out.indexOf('manager: kube-apiserver'));
    expect(entry).toContain(`          f:shortNames: {}\n          f:singular: {}\n`);
    expect(out).toContain(`    manager: kube-apiserver\n    operation: Update\n    subresource: status\n    time: "${T2}"\n`);
  });
});
