/**
 * The customizations `addon-check` runs when none are given: what users commonly do to the
 * vpc-cni add-on's `aws-node` DaemonSet (the add-on ssa-sim ships). docs/addon-check.md shows
 * this file; `ssa-sim addon-check --print-customizations` prints it to start your own.
 */
export const DEFAULT_CUSTOMIZATIONS_NAME = '<default customizations>';

export const DEFAULT_CUSTOMIZATIONS = `# addon-check's default customizations: common user changes to the vpc-cni add-on's aws-node
# DaemonSet. Each runs on its own cluster, after OLD was installed (by the add-on manager unless
# \`install: kubectl apply\`). Steps are scenario actions (docs/scenarios.md, docs/actors.md).
- name: set-env-new-variable
  description: kubectl set env adds WARM_IP_TARGET, a variable the add-on does not set
  steps:
    - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, container: aws-node, env: {WARM_IP_TARGET: "5"}}
- name: self-managed-set-env
  description: the EKS story (docs/eks-story.md) - OLD applied with kubectl apply, then kubectl set env WARM_IP_TARGET
  install: kubectl apply
  steps:
    - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, env: {WARM_IP_TARGET: "5"}}
- name: set-env-add-on-variable
  description: kubectl set env turns on ENABLE_PREFIX_DELEGATION, a variable the add-on sets
  steps:
    - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, container: aws-node, env: {ENABLE_PREFIX_DELEGATION: "true"}}
- name: edit-image
  description: kubectl edit points the aws-node container at a mirrored image
  steps:
    - kubectl-edit:
        resource: daemonset/aws-node
        namespace: kube-system
        changes:
          spec: {template: {spec: {containers: [{name: aws-node, image: "registry.example.com/amazon-k8s-cni:v1.10.1-eksbuild.1"}]}}}
- name: helm-values
  description: a Helm-style server-side apply of values as field manager helm, with force (log level, memory limit)
  steps:
    - server-side-apply:
        fieldManager: helm
        force: true
        manifests: |
          apiVersion: apps/v1
          kind: DaemonSet
          metadata:
            name: aws-node
            namespace: kube-system
          spec:
            template:
              spec:
                containers:
                - name: aws-node
                  env:
                  - name: AWS_VPC_K8S_CNI_LOGLEVEL
                    value: INFO
                  resources:
                    limits:
                      memory: 256Mi
- name: controller-resizes
  description: a controller scales aws-node's CPU request up (vertical scaling, a strategic merge patch as resource-tuner)
  steps:
    - client-update:
        apiVersion: apps/v1
        kind: DaemonSet
        namespace: kube-system
        name: aws-node
        method: strategic
        fieldManager: resource-tuner
        patch: {spec: {template: {spec: {containers: [{name: aws-node, resources: {requests: {cpu: 50m}}}]}}}}
- name: mutating-webhook
  description: a mutating webhook annotates the pod template at every DaemonSet write (here a kubectl rollout restart)
  steps:
    - mutating-webhook:
        name: policy.example.com
        match: {kind: DaemonSet, operations: [CREATE, UPDATE]}
        patch:
          - {op: add, path: /spec/template/metadata/annotations/policy.example.com~1checked, value: "true"}
    - kubectl-rollout-restart: {resource: daemonset/aws-node, namespace: kube-system}
`;
