/**
 * `kubectl get` of ingress classes, runtime classes, validating admission policies and their
 * bindings over `ssa-sim serve` prints kube-apiserver 1.32's printer columns for them
 * (pkg/printers/internalversion: printIngressClass, printRuntimeClass,
 * printValidatingAdmissionPolicy, printValidatingAdmissionPolicyBinding), where it printed NAME
 * and AGE.
 */
import { describe, expect, it } from 'vitest';
import { kubectlAvailable } from './kubectl-harness.js';
import { createAll, tableCluster } from './kubectl-table-harness.js';
import { call } from './http-client.js';

const available = kubectlAvailable();

const OBJECTS = `apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: nginx}
spec:
  controller: k8s.io/ingress-nginx
  parameters: {apiGroup: k8s.example.com, kind: IngressParameters, name: external-lb}
---
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata: {name: plain}
spec:
  controller: example.com/ingress
---
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: gvisor}
handler: runsc
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: replicas}
spec:
  paramKind: {apiVersion: example.com/v1, kind: ReplicaLimit}
  matchConstraints:
    resourceRules: [{apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}]
  validations:
  - expression: object.spec.replicas <= params.maxReplicas
  - expression: object.spec.replicas >= 1
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: noparams}
spec:
  matchConstraints:
    resourceRules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
  validations:
  - expression: "true"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: a-named}
spec:
  policyName: replicas
  validationActions: [Deny]
  paramRef: {name: limits, namespace: team, parameterNotFoundAction: Deny}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: b-any-namespace}
spec:
  policyName: replicas
  validationActions: [Deny]
  paramRef: {name: limits, parameterNotFoundAction: Deny}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: c-selected}
spec:
  policyName: replicas
  validationActions: [Warn]
  paramRef:
    parameterNotFoundAction: Allow
    selector:
      matchLabels: {tier: prod, app: web}
      matchExpressions: [{key: env, operator: In, values: [a, b]}]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: d-none}
spec:
  policyName: noparams
  validationActions: [Audit]
`;

describe.skipIf(!available)('class and admission policy printer columns over ssa-sim serve', () => {
  const c = tableCluster(async ({ k }) => {
    await createAll(k, 'objects.yaml', OBJECTS);
  });

  it('ingress classes: controller and parameters as Kind.group/name', { timeout: 60_000 }, async () => {
    expect(await c.get('ingressclasses')).toBe(
      [
        'NAME    CONTROLLER             PARAMETERS                                      AGE',
        'nginx   k8s.io/ingress-nginx   IngressParameters.k8s.example.com/external-lb   5m',
        'plain   example.com/ingress    <none>                                          5m',
        '',
      ].join('\n'),
    );
  });

  it('runtime classes: the handler, its column described by nothing', { timeout: 60_000 }, async () => {
    expect(await c.get('runtimeclasses')).toBe('NAME     HANDLER   AGE\ngvisor   runsc     5m\n');
    const t = (await call(c.server, 'GET', '/apis/node.k8s.io/v1/runtimeclasses', undefined, { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' })).json;
    expect(t.columnDefinitions[1]).toEqual({ name: 'Handler', type: 'string', format: '', description: '', priority: 0 });
  });

  it('validating admission policies: how many validations and the param kind', { timeout: 60_000 }, async () => {
    expect(await c.get('validatingadmissionpolicies')).toBe(
      ['NAME       VALIDATIONS   PARAMKIND                     AGE', 'noparams   1             <unset>                       5m', 'replicas   2             example.com/v1/ReplicaLimit   5m', ''].join('\n'),
    );
  });

  it('validating admission policy bindings: the policy and the param reference', { timeout: 60_000 }, async () => {
    expect(await c.get('validatingadmissionpolicybindings')).toBe(
      [
        'NAME              POLICYNAME   PARAMREF                                                                                                                                                                         AGE',
        'a-named           replicas     team/limits                                                                                                                                                                      5m',
        'b-any-namespace   replicas     */limits                                                                                                                                                                         5m',
        'c-selected        replicas     &LabelSelector{MatchLabels:map[string]string{app: web,tier: prod,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[a b],},},}   5m',
        'd-none            noparams     <unset>                                                                                                                                                                          5m',
        '',
      ].join('\n'),
    );
  });
});
