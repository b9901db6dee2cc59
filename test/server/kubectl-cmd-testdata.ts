/**
 * Files of Kubernetes' test/cmd shell tests (hack/testdata/) that several of the real-kubectl
 * ports read: the pod of hack/testdata/pod.yaml, its applied change (pod-apply.yaml), and the
 * custom resource of the `resources.mygroup.example.com` CRD the apply and crd stories create.
 */

/** hack/testdata/pod.yaml */
export const POD = `apiVersion: v1
kind: Pod
metadata:
  name: test-pod
  labels:
    name: test-pod-label
spec:
  containers:
  - name: kubernetes-pause
    image: k8s.gcr.io/pause:2.0
`;

/** hack/testdata/pod-apply.yaml */
export const POD_APPLY = `apiVersion: v1
kind: Pod
metadata:
  name: test-pod
  labels:
    name: test-pod-applied
spec:
  containers:
  - name: kubernetes-pause
    image: k8s.gcr.io/pause:3.4.1
`;

/** A `Kind` of mygroup.example.com/v1alpha1 named myobj. */
export const CR_RESOURCE = `apiVersion: mygroup.example.com/v1alpha1
kind: Kind
metadata:
  name: myobj
spec:
  key: value`;
