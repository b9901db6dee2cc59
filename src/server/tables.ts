/**
 * `kubectl get` output: Table responses (`Accept: application/json;as=Table;g=meta.k8s.io;v=v1`)
 * with NAME and AGE for every kind and the usual columns of the common kinds, computed from the
 * objects as kube-apiserver's printers compute them (only from what the simulator stores: no
 * controller fills status, so READY and AVAILABLE count what status says).
 */
import { getPath } from '../apiserver/object-paths.js';
import { customResourceColumns, OBJECT_META_DESCRIPTIONS } from '../apiserver/printer-columns.js';
import type { ResourceType } from '../apiserver/types.js';
import type { PrinterColumn } from '../schema/schema-catalog.js';
import { getKey, isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { inObjectMetaOrder } from './go-json-order.js';
import { humanDuration } from '../apiserver/human-duration.js';
import { objectAt, storageApiVersion } from '../apiserver/conversions.js';
import { hpaTargets } from './hpa-targets.js';

interface Column {
  readonly name: string;
  readonly type: string;
  readonly format?: string;
  readonly description?: string;
  readonly priority?: number;
  readonly cell: (obj: ValueMap, now: number) => Value;
}

const str = (o: ValueMap, ...path: string[]): string => {
  const v = getPath(o, path);
  return typeof v === 'string' ? v : '';
};
const int = (o: ValueMap, ...path: string[]): number => {
  const v = getPath(o, path);
  return typeof v === 'number' ? v : 0;
};
const list = (o: ValueMap, ...path: string[]): Value[] => {
  const v = getPath(o, path);
  return isList(v) ? v : [];
};

/**
 * Column descriptions as kube-apiserver 1.32's printers give them (pkg/printers/internalversion,
 * AddHandlers): a literal, or the Go doc (`SwaggerDoc()`) of the field the column shows, from the
 * types of k8s.io/api v0.32 the printers name (extensions/v1beta1 for Deployment and DaemonSet).
 */
const DOC = {
  podIP:
    'podIP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.',
  nodeName:
    'NodeName indicates in which node this pod is scheduled. If empty, this pod is a candidate for scheduling by the scheduler defined in schedulerName. Once this field is set, the kubelet for this node becomes responsible for the lifecycle of this pod. This field should not be used to express a desire for the pod to be scheduled on a specific node. https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#nodename',
  nominatedNodeName:
    'nominatedNodeName is set only when this pod preempts other pods on the node, but it cannot be scheduled right away as preemption victims receive their graceful termination periods. This field does not guarantee that the pod will be scheduled on this node. Scheduler may decide to place the pod elsewhere if other nodes become available sooner. Scheduler may also decide to give the resources on this node to a higher priority pod that is created after preemption. As a result, this field may be different than PodSpec.nodeName when the pod is scheduled.',
  readinessGates:
    'If specified, all readiness gates will be evaluated for pod readiness. A pod is ready when all its containers are ready AND all conditions specified in the readiness gates have status equal to "True" More info: https://git.k8s.io/enhancements/keps/sig-network/580-pod-readiness-gates',
  nodeSelector:
    'NodeSelector is a selector which must be true for the pod to fit on a node. Selector which must match a node\'s labels for the pod to be scheduled on that node. More info: https://kubernetes.io/docs/concepts/configuration/assign-pod-node/',
  serviceType:
    'type determines how the Service is exposed. Defaults to ClusterIP. Valid options are ExternalName, ClusterIP, NodePort, and LoadBalancer. "ClusterIP" allocates a cluster-internal IP address for load-balancing to endpoints. Endpoints are determined by the selector or if that is not specified, by manual construction of an Endpoints object or EndpointSlice objects. If clusterIP is "None", no virtual IP is allocated and the endpoints are published as a set of endpoints rather than a virtual IP. "NodePort" builds on ClusterIP and allocates a port on every node which routes to the same endpoints as the clusterIP. "LoadBalancer" builds on NodePort and creates an external load-balancer (if supported in the current cloud) which routes to the same endpoints as the clusterIP. "ExternalName" aliases this service to the specified externalName. Several other fields do not apply to ExternalName services. More info: https://kubernetes.io/docs/concepts/services-networking/service/#publishing-services-service-types',
  clusterIP:
    'clusterIP is the IP address of the service and is usually assigned randomly. If an address is specified manually, is in-range (as per system configuration), and is not in use, it will be allocated to the service; otherwise creation of the service will fail. This field may not be changed through updates unless the type field is also being changed to ExternalName (which requires this field to be blank) or the type field is being changed from ExternalName (in which case this field may optionally be specified, as describe above).  Valid values are "None", empty string (""), or a valid IP address. Setting this to "None" makes a "headless service" (no virtual IP), which is useful when direct endpoint connections are preferred and proxying is not required.  Only applies to types ClusterIP, NodePort, and LoadBalancer. If this field is specified when creating a Service of type ExternalName, creation will fail. This field will be wiped when updating a Service to type ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies',
  externalIPs:
    'externalIPs is a list of IP addresses for which nodes in the cluster will also accept traffic for this service.  These IPs are not managed by Kubernetes.  The user is responsible for ensuring that traffic arrives at a node with this IP.  A common example is external load-balancers that are not part of the Kubernetes system.',
  servicePorts:
    'The list of ports that are exposed by this service. More info: https://kubernetes.io/docs/concepts/services-networking/service/#virtual-ips-and-service-proxies',
  serviceSelector:
    'Route service traffic to pods with label keys and values matching this selector. If empty or not present, the service is assumed to have an external process managing its endpoints, which Kubernetes will not modify. Only applies to types ClusterIP, NodePort, and LoadBalancer. Ignored if type is ExternalName. More info: https://kubernetes.io/docs/concepts/services-networking/service/',
  configMapData:
    'Data contains the configuration data. Each key must consist of alphanumeric characters, \'-\', \'_\' or \'.\'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.',
  kubeletVersion:
    'Kubelet Version reported by the node.',
  deploymentUpdated:
    'Total number of non-terminated pods targeted by this deployment that have the desired template spec.',
  deploymentAvailable:
    'Total number of available pods (ready for at least minReadySeconds) targeted by this deployment.',
  deploymentSelector:
    'Label selector for pods. Existing ReplicaSets whose pods are selected by this will be the ones affected by this deployment.',
  dsDesired:
    'The total number of nodes that should be running the daemon pod (including nodes correctly running the daemon pod). More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/',
  dsCurrent:
    'The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod. More info: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/',
  dsReady:
    'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and ready.',
  hpaScaleTargetRef:
    'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.',
  hpaMetrics:
    'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond. If not set, the default metric will be set to 80% average CPU utilization.',
  hpaMinReplicas:
    'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.',
  hpaMaxReplicas: 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.',
  hpaCurrentReplicas: 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.',
  dsUpdated:
    'The total number of nodes that are running updated daemon pod',
  dsAvailable:
    'The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)',
  dsSelector:
    'A label query over pods that are managed by the daemon set. Must match in order to be controlled. If empty, defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
  eventLastTimestamp: 'The time at which the most recent occurrence of this event was recorded.',
  eventType: 'Type of this event (Normal, Warning), new types could be added in the future',
  eventReason: "This should be a short, machine understandable string that gives the reason for the transition into the object's current status.",
  eventInvolvedObject: 'The object that this event is about.',
  objectReferenceFieldPath:
    'If referring to a piece of an object instead of an entire object, this string should contain a valid JSON/Go field access statement, such as desiredState.manifest.containers[2]. For example, if the object reference is to a container within a pod, this would take on a value like: "spec.containers{name}" (where "name" refers to the name of the container that triggered the event) or if no container name is specified "spec.containers[2]" (container with index 2 in this pod). This syntax is chosen only to have some well-defined way of referencing a part of an object.',
  eventSource: 'The component reporting this event. Should be a short machine understandable string.',
  eventMessage: 'A human-readable description of the status of this operation.',
  eventFirstTimestamp: 'The time at which the event was first recorded. (Time of server receipt is in TypeMeta.)',
  eventCount: 'The number of times this event has occurred.',
  secretType: 'Used to facilitate programmatic handling of secret data. More info: https://kubernetes.io/docs/concepts/configuration/secret/#secret-types',
  secretData:
    "Data contains the secret data. Each key must consist of alphanumeric characters, '-', '_' or '.'. The serialized form of the secret data is a base64 encoded string, representing the arbitrary (possibly non-string) data value here. Described in https://tools.ietf.org/html/rfc4648#section-4",
  rsSpecReplicas:
    'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller',
  rsStatusReplicas: 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/#what-is-a-replicationcontroller',
  rsReadyReplicas: 'The number of ready replicas for this replica set.',
  rsSelector:
    'Selector is a label query over pods that should match the replica count. If the selector is empty, it is defaulted to the labels present on the pod template. Label keys and values that must match in order to be controlled by this replica set. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
  cronSchedule: 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.',
  cronTimeZone:
    'The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will default to the time zone of the kube-controller-manager process. The set of valid time zone names and the time zone offset is loaded from the system-wide time zone database by the API server during CronJob validation and the controller manager during execution. If no system-wide time zone database can be found a bundled version of the database is used instead. If the time zone name becomes invalid during the lifetime of a CronJob or due to a change in host configuration, the controller will stop creating new new Jobs and will create a system event with the reason UnknownTimeZone. More information can be found in https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#time-zones',
  cronSuspend: 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.',
  cronActive: 'A list of pointers to currently running jobs.',
  cronLastSchedule: 'Information when was the last time the job was successfully scheduled.',
  serviceAccountSecrets:
    'Secrets is a list of the secrets in the same namespace that pods running using this ServiceAccount are allowed to use. Pods are only limited to this list if this service account has a "kubernetes.io/enforce-mountable-secrets" annotation set to "true". The "kubernetes.io/enforce-mountable-secrets" annotation is deprecated since v1.32. Prefer separate namespaces to isolate access to mounted secrets. This field should not be used to find auto-generated service account token secrets for use outside of pods. Instead, tokens can be requested directly using the TokenRequest API, or service account token secrets can be manually created. More info: https://kubernetes.io/docs/concepts/configuration/secret',
  roleBindingRoleRef: 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
  clusterRoleBindingRoleRef: 'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
  networkPolicyPodSelector:
    'Selects the pods to which this NetworkPolicy object applies.  The array of ingress rules is applied to any pods selected by this field. Multiple network policies can select the same set of pods.  In this case, the ingress rules for each are combined additively. This field is NOT optional and follows standard label selector semantics. An empty podSelector matches all pods in this namespace.',
  leaseHolderIdentity:
    'holderIdentity contains the identity of the holder of a current lease. If Coordinated Leader Election is used, the holder identity must be equal to the elected LeaseCandidate.metadata.name field.',
  priorityClassValue: 'value represents the integer value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.',
  priorityClassGlobalDefault:
    'globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class. Only one PriorityClass can be marked as `globalDefault`. However, if more than one PriorityClasses exists with their `globalDefault` field set to true, the smallest value of such global default PriorityClasses will be used as the default priority.',
  priorityClassPreemptionPolicy: 'preemptionPolicy is the Policy for preempting pods with lower priority. One of Never, PreemptLowerPriority. Defaults to PreemptLowerPriority if unset.',
  jobSucceeded:
    'The number of pods which reached phase Succeeded. The value increases monotonically for a given spec. However, it may decrease in reaction to scale down of elastic indexed jobs.',
  jobSelector:
    'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
  pvCapacity: "capacity is the description of the persistent volume's resources and capacity. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#capacity",
  pvAccessModes: 'accessModes contains all ways the volume can be mounted. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes',
  pvReclaimPolicy:
    'persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim. Valid options are Retain (default for manually created PersistentVolumes), Delete (default for dynamically provisioned PersistentVolumes), and Recycle (deprecated). Recycle must be supported by the volume plugin underlying this PersistentVolume. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#reclaiming',
  pvPhase: 'phase indicates if a volume is available, bound to a claim, or released by a claim. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#phase',
  pvClaimRef:
    'claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim. Expected to be non-nil when bound. claim.VolumeName is the authoritative bind between PV and PVC. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#binding',
  pvReason: 'reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.',
  pvVolumeMode: 'volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state. Value of Filesystem is implied when not included in spec.',
  pvcPhase: 'phase represents the current phase of PersistentVolumeClaim.',
  pvcVolumeName: 'volumeName is the binding reference to the PersistentVolume backing this claim.',
  pvcCapacity: 'capacity represents the actual resources of the underlying volume.',
  pvcAccessModes: 'accessModes contains the actual access modes the volume backing the PVC has. More info: https://kubernetes.io/docs/concepts/storage/persistent-volumes#access-modes-1',
  pvcVolumeMode: 'volumeMode defines what type of volume is required by the claim. Value of Filesystem is implied when not included in claim spec.',
  endpointsSubsets:
    'The set of all endpoints is the union of all subsets. Addresses are placed into subsets according to the IPs they share. A single address with multiple ports, some of which are ready and some of which are not (because they come from different containers) will result in the address being displayed in different subsets for the different ports. No address will appear in both Addresses and NotReadyAddresses in the same subset. Sets of addresses and ports that comprise a service.',
  scProvisioner: 'provisioner indicates the type of the provisioner.',
  scReclaimPolicy: 'reclaimPolicy controls the reclaimPolicy for dynamically provisioned PersistentVolumes of this storage class. Defaults to Delete.',
  scVolumeBindingMode:
    'volumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound.  When unset, VolumeBindingImmediate is used. This field is only honored by servers that enable the VolumeScheduling feature.',
  scAllowVolumeExpansion: 'allowVolumeExpansion shows whether the storage class allow volume expand.',
  rcSpecReplicas:
    'Replicas is the number of desired replicas. This is a pointer to distinguish between explicit zero and unspecified. Defaults to 1. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller',
  rcStatusReplicas: 'Replicas is the most recently observed number of replicas. More info: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller#what-is-a-replicationcontroller',
  rcReadyReplicas: 'The number of ready replicas for this replication controller.',
  rcSelector:
    'Selector is a label query over pods that should match the Replicas count. If Selector is empty, it is defaulted to the labels present on the Pod template. Label keys and values that must match in order to be controlled by this replication controller, if empty defaulted to labels on Pod template. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors',
  sliceAddressType:
    'addressType specifies the type of address carried by this EndpointSlice. All addresses in this slice must be the same type. This field is immutable after creation. The following address types are currently supported: * IPv4: Represents an IPv4 Address. * IPv6: Represents an IPv6 Address. * FQDN: Represents a Fully Qualified Domain Name.',
  slicePorts:
    'ports specifies the list of network ports exposed by each endpoint in this slice. Each port must have a unique name. When ports is empty, it indicates that there are no defined ports. When a port is defined with a nil port value, it indicates "all ports". Each slice may include a maximum of 100 ports.',
  sliceEndpoints: 'endpoints is a list of unique endpoints in this slice. Each slice may include a maximum of 1000 endpoints.',
  controllerRevision: 'revision indicates the revision of the state represented by Data.',
  nodeAddresses:
    "List of addresses reachable to the node. Queried from cloud provider, if available. More info: https://kubernetes.io/docs/reference/node/node-status/#addresses Note: This field is declared as mergeable, but the merge key is not sufficiently unique, which can cause data corruption when it is merged. Callers should instead use a full-replacement patch. See https://pr.k8s.io/79391 for an example. Consumers should assume that addresses can change during the lifetime of a Node. However, there are some exceptions where this may not be possible, such as Pods that inherit a Node's address in its own status or consumers of the downward API (status.hostIP).",
  nodeOsImage: 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).',
  nodeKernelVersion: "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).",
  nodeContainerRuntime: 'ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).',
  csiAttachRequired:
    "attachRequired indicates this CSI volume driver requires an attach operation (because it implements the CSI ControllerPublishVolume() method), and that the Kubernetes attach detach controller should call the attach volume interface which checks the volumeattachment status and waits until the volume is attached before proceeding to mounting. The CSI external-attacher coordinates with CSI volume driver and updates the volumeattachment status when the attach operation is complete. If the CSIDriverRegistry feature gate is enabled and the value is specified to false, the attach operation will be skipped. Otherwise the attach operation will be called.\n\nThis field is immutable.",
  csiPodInfoOnMount:
    "podInfoOnMount indicates this CSI volume driver requires additional pod information (like podName, podUID, etc.) during mount operations, if set to true. If set to false, pod information will not be passed on mount. Default is false.\n\nThe CSI driver specifies podInfoOnMount as part of driver deployment. If true, Kubelet will pass pod information as VolumeContext in the CSI NodePublishVolume() calls. The CSI driver is responsible for parsing and validating the information passed in as VolumeContext.\n\nThe following VolumeContext will be passed if podInfoOnMount is set to true. This list might grow, but the prefix will be used. \"csi.storage.k8s.io/pod.name\": pod.Name \"csi.storage.k8s.io/pod.namespace\": pod.Namespace \"csi.storage.k8s.io/pod.uid\": string(pod.UID) \"csi.storage.k8s.io/ephemeral\": \"true\" if the volume is an ephemeral inline volume\n                                defined by a CSIVolumeSource, otherwise \"false\"\n\n\"csi.storage.k8s.io/ephemeral\" is a new feature in Kubernetes 1.16. It is only required for drivers which support both the \"Persistent\" and \"Ephemeral\" VolumeLifecycleMode. Other drivers can leave pod info disabled and/or ignore this field. As Kubernetes 1.15 doesn't support this field, drivers can only support one mode when deployed on such a cluster and the deployment determines which mode that is, for example via a command line parameter of the driver.\n\nThis field was immutable in Kubernetes < 1.29 and now is mutable.",
  csiStorageCapacity:
    "storageCapacity indicates that the CSI volume driver wants pod scheduling to consider the storage capacity that the driver deployment will report by creating CSIStorageCapacity objects with capacity information, if set to true.\n\nThe check can be enabled immediately when deploying a driver. In that case, provisioning new volumes with late binding will pause until the driver deployment has published some suitable CSIStorageCapacity object.\n\nAlternatively, the driver can be deployed with the field unset or false and it can be flipped later when storage capacity information has been published.\n\nThis field was immutable in Kubernetes <= 1.22 and now is mutable.",
  csiTokenRequests:
    "tokenRequests indicates the CSI driver needs pods' service account tokens it is mounting volume for to do necessary authentication. Kubelet will pass the tokens in VolumeContext in the CSI NodePublishVolume calls. The CSI driver should parse and validate the following VolumeContext: \"csi.storage.k8s.io/serviceAccount.tokens\": {\n  \"<audience>\": {\n    \"token\": <token>,\n    \"expirationTimestamp\": <expiration timestamp in RFC3339>,\n  },\n  ...\n}\n\nNote: Audience in each TokenRequest should be different and at most one token is empty string. To receive a new token after expiry, RequiresRepublish can be used to trigger NodePublishVolume periodically.",
  csiRequiresRepublish:
    "requiresRepublish indicates the CSI driver wants `NodePublishVolume` being periodically called to reflect any possible change in the mounted volume. This field defaults to false.\n\nNote: After a successful initial NodePublishVolume call, subsequent calls to NodePublishVolume should only update the contents of the volume. New mount points will not be seen by a running container.",
  csiModes:
    "volumeLifecycleModes defines what kind of volumes this CSI volume driver supports. The default if the list is empty is \"Persistent\", which is the usage defined by the CSI specification and implemented in Kubernetes via the usual PV/PVC mechanism.\n\nThe other mode is \"Ephemeral\". In this mode, volumes are defined inline inside the pod spec with CSIVolumeSource and their lifecycle is tied to the lifecycle of that pod. A driver has to be aware of this because it is only going to get a NodePublishVolume call for such a volume.\n\nFor more information about implementing this mode, see https://kubernetes-csi.github.io/docs/ephemeral-local-volumes.html A driver can support one or more of these modes and more modes may be added in the future.\n\nThis field is beta. This field is immutable.",
  vaAttacher:
    "attacher indicates the name of the volume driver that MUST handle this request. This is the name returned by GetPluginName().",
  vaNodeName:
    "nodeName represents the node that the volume should be attached to.",
  vaPersistentVolumeName:
    "persistentVolumeName represents the name of the persistent volume to attach.",
  vaAttached:
    "attached indicates the volume is successfully attached. This field must only be set by the entity completing the attach operation, i.e. the external-attacher.",
  cscStorageClassName:
    "storageClassName represents the name of the StorageClass that the reported capacity applies to. It must meet the same requirements as the name of a StorageClass object (non-empty, DNS subdomain). If that object no longer exists, the CSIStorageCapacity object is obsolete and should be removed by its creator. This field is immutable.",
  cscCapacity:
    "capacity is the value reported by the CSI driver in its GetCapacityResponse for a GetCapacityRequest with topology and parameters that match the previous fields.\n\nThe semantic is currently (CSI spec 1.2) defined as: The available capacity, in bytes, of the storage that can be used to provision volumes. If not set, that information is currently unavailable.",
  fsPriorityLevel:
    "`name` is the name of the priority level configuration being referenced Required.",
  fsMatchingPrecedence:
    "`matchingPrecedence` is used to choose among the FlowSchemas that match a given request. The chosen FlowSchema is among those with the numerically lowest (which we take to be logically highest) MatchingPrecedence.  Each MatchingPrecedence value must be ranged in [1,10000]. Note that if the precedence is not specified, it will be set to 1000 as default.",
  fsDistinguisherMethod:
    "`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema. `nil` specifies that the distinguisher is disabled and thus will always be the empty string.",
  plType:
    "`type` indicates whether this priority level is subject to limitation on request execution.  A value of `\"Exempt\"` means that requests of this priority level are not subject to a limit (and thus are never queued) and do not detract from the capacity made available to other priority levels.  A value of `\"Limited\"` means that (a) requests of this priority level _are_ subject to limits and (b) some of the server's limited capacity is made available exclusively to this priority level. Required.",
  plNominalConcurrencyShares:
    "`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level. This is the number of execution seats available at this priority level. This is used both for requests dispatched from this priority level as well as requests dispatched from other priority levels borrowing seats from this level. The server's concurrency limit (ServerCL) is divided among the Limited priority levels in proportion to their NCS values:\n\nNominalCL(i)  = ceil( ServerCL * NCS(i) / sum_ncs ) sum_ncs = sum[priority level k] NCS(k)\n\nBigger numbers mean a larger nominal concurrency limit, at the expense of every other priority level.\n\nIf not specified, this field defaults to a value of 30.\n\nSetting this field to zero supports the construction of a \"jail\" for this priority level that is used to hold some request(s)",
  plQueues:
    "`queues` is the number of queues for this priority level. The queues exist independently at each apiserver. The value must be positive.  Setting it to 1 effectively precludes shufflesharding and thus makes the distinguisher method of associated flow schemas irrelevant.  This field has a default value of 64.",
  plHandSize:
    "`handSize` is a small positive number that configures the shuffle sharding of requests into queues.  When enqueuing a request at this priority level the request's flow identifier (a string pair) is hashed and the hash value is used to shuffle the list of queues and deal a hand of the size specified here.  The request is put into one of the shortest queues in that hand. `handSize` must be no larger than `queues`, and should be significantly smaller (so that a few heavy flows do not saturate most of the queues).  See the user-facing documentation for more extensive guidance on setting this field.  This field has a default value of 8.",
  plQueueLengthLimit:
    "`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time; excess requests are rejected.  This value must be positive.  If not specified, it will be defaulted to 50.",
  scaleSpecReplicas:
    'replicas is the desired number of instances for the scaled object.',
  scaleStatusReplicas:
    'replicas is the actual number of observed instances of the scaled object.',
} as const;

const NAME: Column = { name: 'Name', type: 'string', format: 'name', description: OBJECT_META_DESCRIPTIONS.name, cell: (o) => str(o, 'metadata', 'name') };
const AGE: Column = {
  name: 'Age',
  type: 'string',
  description: OBJECT_META_DESCRIPTIONS.creationTimestamp,
  cell: (o, now) => {
    const t = Date.parse(str(o, 'metadata', 'creationTimestamp'));
    return Number.isNaN(t) ? '<unknown>' : humanDuration(now - t);
  },
};

function containersOf(o: ValueMap, path: string[]): ValueMap[] {
  return list(o, ...path).filter(isMap);
}

const workloadWide = (selectorDescription: string): Column[] => [
  { name: 'Containers', type: 'string', priority: 1, description: 'Names of each container in the template.', cell: (o) => containersOf(o, ['spec', 'template', 'spec', 'containers']).map((c) => str(c, 'name')).join(',') },
  { name: 'Images', type: 'string', priority: 1, description: 'Images referenced by each container in the template.', cell: (o) => containersOf(o, ['spec', 'template', 'spec', 'containers']).map((c) => str(c, 'image')).join(',') },
  { name: 'Selector', type: 'string', priority: 1, description: selectorDescription, cell: (o) => selectorText(getPath(o, ['spec', 'selector'])) },
];

function selectorText(sel: Value | undefined): string {
  if (!isMap(sel)) return '<none>';
  const parts: string[] = [];
  const ml = getKey(sel, 'matchLabels');
  if (isMap(ml)) for (const k of Object.keys(ml).sort()) parts.push(`${k}=${String(ml[k])}`);
  const me = getKey(sel, 'matchExpressions');
  for (const e of isList(me) ? me.filter(isMap) : []) {
    const values = getKey(e, 'values');
    const vs = isList(values) ? values.map(String).join(',') : '';
    const op = String(getKey(e, 'operator') ?? '');
    const key = String(getKey(e, 'key') ?? '');
    if (op === 'In') parts.push(`${key} in (${vs})`);
    else if (op === 'NotIn') parts.push(`${key} notin (${vs})`);
    else if (op === 'Exists') parts.push(key);
    else if (op === 'DoesNotExist') parts.push(`!${key}`);
  }
  return parts.length > 0 ? parts.join(',') : '<none>';
}

function mapText(m: Value | undefined): string {
  if (!isMap(m) || Object.keys(m).length === 0) return '<none>';
  return Object.keys(m)
    .sort()
    .map((k) => `${k}=${String(m[k])}`)
    .join(',');
}

function podStatus(o: ValueMap): string {
  if (getPath(o, ['metadata', 'deletionTimestamp']) !== undefined) return 'Terminating';
  const reason = str(o, 'status', 'reason');
  return reason || str(o, 'status', 'phase') || 'Pending';
}

/** Whether a condition of `type` is True (the printer's hasJobCondition). */
function hasTrueCondition(o: ValueMap, type: string): boolean {
  return list(o, 'status', 'conditions').some((c) => isMap(c) && getKey(c, 'type') === type && getKey(c, 'status') === 'True');
}

/** printJob's STATUS: the first of its conditions that holds, else Running. */
function jobStatus(o: ValueMap): string {
  if (hasTrueCondition(o, 'Complete')) return 'Complete';
  if (hasTrueCondition(o, 'Failed')) return 'Failed';
  if (getPath(o, ['metadata', 'deletionTimestamp']) !== undefined) return 'Terminating';
  if (hasTrueCondition(o, 'Suspended')) return 'Suspended';
  if (hasTrueCondition(o, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** printJob's COMPLETIONS: succeeded of completions, or of one (of the parallelism) without them. */
function jobCompletions(o: ValueMap): string {
  const succeeded = int(o, 'status', 'succeeded');
  const completions = getPath(o, ['spec', 'completions']);
  if (typeof completions === 'number') return `${succeeded}/${completions}`;
  const parallelism = int(o, 'spec', 'parallelism');
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** printJob's DURATION: empty before status.startTime, then to completionTime or to now. */
function jobDuration(o: ValueMap, now: number): string {
  const start = Date.parse(str(o, 'status', 'startTime'));
  if (Number.isNaN(start)) return '';
  const end = Date.parse(str(o, 'status', 'completionTime'));
  return humanDuration((Number.isNaN(end) ? now : end) - start);
}

/** An age as the printers write one (translateTimestampSince): `<unknown>` for no time. */
function since(time: string, now: number): string {
  const t = Date.parse(time);
  return time === '' || Number.isNaN(t) ? '<unknown>' : humanDuration(now - t);
}

/** printEvent's FIRST SEEN: firstTimestamp, else eventTime. */
function eventFirstSeen(o: ValueMap, now: number): string {
  const first = str(o, 'firstTimestamp');
  return first !== '' ? since(first, now) : since(str(o, 'eventTime'), now);
}

/** printEvent's LAST SEEN: a series' last observed time, else lastTimestamp, else the first seen. */
function eventLastSeen(o: ValueMap, now: number): string {
  if (isMap(getKey(o, 'series'))) return since(str(o, 'series', 'lastObservedTime'), now);
  const last = str(o, 'lastTimestamp');
  return last !== '' ? since(last, now) : eventFirstSeen(o, now);
}

/** printEvent's COUNT: a series' count, else count, else 1 (singleton events of the new API have none). */
function eventCount(o: ValueMap): number {
  if (isMap(getKey(o, 'series'))) return int(o, 'series', 'count');
  return int(o, 'count') || 1;
}

/** formatEventSource: the source component, else the reporting controller; then the host, else the reporting instance. */
function eventSource(o: ValueMap): string {
  const component = str(o, 'source', 'component') || str(o, 'reportingComponent');
  const instance = str(o, 'source', 'host') || str(o, 'reportingInstance');
  return instance === '' ? component : `${component}, ${instance}`;
}

/** printEvent's OBJECT: `kind/name` with the kind lower-cased, or the kind alone. */
function eventObject(o: ValueMap): string {
  const kind = str(o, 'involvedObject', 'kind').toLowerCase();
  const name = str(o, 'involvedObject', 'name');
  return name !== '' ? `${kind}/${name}` : kind;
}

/** printIngress's HOSTS: the first three hosts of the rules, `*` for none, and how many rules more. */
function ingressHosts(o: ValueMap): string {
  const rules = list(o, 'spec', 'rules');
  const hosts: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (hosts.length === 3) more = true;
    const host = isMap(rule) ? str(rule, 'host') : '';
    if (!more && host !== '') hosts.push(host);
  }
  if (hosts.length === 0) return '*';
  return more ? `${hosts.join(',')} + ${rules.length - 3} more...` : hosts.join(',');
}

/** The load balancer's addresses: each ingress point's ip, else its hostname, as a sorted set (the server prints wide, so nothing is cut). */
function loadBalancerAddresses(o: ValueMap): string {
  const found = new Set<string>();
  for (const point of list(o, 'status', 'loadBalancer', 'ingress')) {
    if (!isMap(point)) continue;
    const address = str(point, 'ip') || str(point, 'hostname');
    if (address !== '') found.add(address);
  }
  return [...found].sort().join(',');
}

/** printBoolPtr: `True`, `False`, or `<unset>`. */
function boolText(v: Value | undefined): string {
  return v === true ? 'True' : v === false ? 'False' : '<unset>';
}

const CRON_CONTAINERS = ['spec', 'jobTemplate', 'spec', 'template', 'spec', 'containers'];

/** rbac.SubjectsStrings: a binding's users, groups and service accounts (`namespace/name`), each joined with `, `. */
function subjects(o: ValueMap, kind: 'User' | 'Group' | 'ServiceAccount'): string {
  return list(o, 'subjects')
    .filter((x): x is ValueMap => isMap(x) && getKey(x, 'kind') === kind)
    .map((x) => (kind === 'ServiceAccount' ? `${str(x, 'namespace')}/${str(x, 'name')}` : str(x, 'name')))
    .join(', ');
}

/** printRoleBinding and printClusterRoleBinding: ROLE as `Kind/name`, and who is bound (wide). */
function bindingColumns(roleRefDescription: string, what: string): Column[] {
  return [
    NAME,
    { name: 'Role', type: 'string', description: roleRefDescription, cell: (o) => `${str(o, 'roleRef', 'kind')}/${str(o, 'roleRef', 'name')}` },
    AGE,
    { name: 'Users', type: 'string', priority: 1, description: `Users in the ${what}`, cell: (o) => subjects(o, 'User') },
    { name: 'Groups', type: 'string', priority: 1, description: `Groups in the ${what}`, cell: (o) => subjects(o, 'Group') },
    { name: 'ServiceAccounts', type: 'string', priority: 1, description: `ServiceAccounts in the ${what}`, cell: (o) => subjects(o, 'ServiceAccount') },
  ];
}

/** IntOrString's String(): a number in decimal, a string as it is; `N/A` when unset (printPodDisruptionBudget). */
function intOrStringText(v: Value | undefined): string {
  return typeof v === 'number' || typeof v === 'string' ? String(v) : 'N/A';
}

/** helper.GetAccessModesAsString: the modes present, in this order, as their short names. */
function accessModes(v: Value | undefined): string {
  const modes = isList(v) ? v : [];
  return (
    [
      ['ReadWriteOnce', 'RWO'],
      ['ReadOnlyMany', 'ROX'],
      ['ReadWriteMany', 'RWX'],
      ['ReadWriteOncePod', 'RWOP'],
    ] as const
  )
    .filter(([mode]) => modes.includes(mode))
    .map(([, short]) => short)
    .join(',');
}

/** A quantity as resource.Quantity's String() writes it: stored quantities are canonical; none is `0`. */
function quantityText(v: Value | undefined): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '0';
}

const BETA_STORAGE_CLASS = 'volume.beta.kubernetes.io/storage-class';

/** GetPersistentVolumeClass and GetPersistentVolumeClaimClass: the beta annotation first, then spec.storageClassName. */
function storageClassOf(o: ValueMap): string {
  const annotations = getPath(o, ['metadata', 'annotations']);
  if (isMap(annotations) && typeof getKey(annotations, BETA_STORAGE_CLASS) === 'string') return getKey(annotations, BETA_STORAGE_CLASS) as string;
  return str(o, 'spec', 'storageClassName');
}

/** A phase, `Terminating` once the object is being deleted. */
function phaseOf(o: ValueMap): string {
  return getPath(o, ['metadata', 'deletionTimestamp']) !== undefined ? 'Terminating' : str(o, 'status', 'phase');
}

/** A pointer to a string the printer shows, or `<unset>`. */
function unsetOr(o: ValueMap, ...path: string[]): string {
  const v = getPath(o, path);
  return typeof v === 'string' ? v : '<unset>';
}

/** net.JoinHostPort: an IPv6 address in brackets. */
function joinHostPort(host: string, port: Value | undefined): string {
  return `${host.includes(':') ? `[${host}]` : host}:${String(port ?? 0)}`;
}

/** formatEndpoints: the first three `ip:port` (or ips of subsets without ports), `+ N more...`, `<none>` without subsets. */
function endpointsText(o: ValueMap): string {
  const subsets = list(o, 'subsets').filter(isMap);
  if (subsets.length === 0) return '<none>';
  const max = 3;
  const shown: string[] = [];
  let count = 0;
  let more = false;
  for (const ss of subsets) {
    const addresses = list(ss, 'addresses').filter(isMap);
    const ports = list(ss, 'ports').filter(isMap);
    const pairs: [ValueMap, Value | undefined][] = ports.length === 0 ? addresses.map((a) => [a, undefined]) : ports.flatMap((p) => addresses.map((a): [ValueMap, Value | undefined] => [a, getKey(p, 'port')]));
    // Per port (or per subset without ports), the printer counts every address and stops adding at three.
    const groups = ports.length === 0 ? [pairs] : ports.map((_, i) => pairs.slice(i * addresses.length, (i + 1) * addresses.length));
    for (const group of groups) {
      count += group.length;
      for (const [a, port] of group) {
        if (shown.length === max) {
          more = true;
          break;
        }
        shown.push(ports.length === 0 ? str(a, 'ip') : joinHostPort(str(a, 'ip'), port));
      }
    }
  }
  const text = shown.join(',');
  return more ? `${text} + ${count - max} more...` : text;
}

/** listWithMoreString: the first three, `+ N more...`, or `<unset>` for none. */
function firstThree(items: readonly string[]): string {
  const text = items.slice(0, 3).join(',');
  if (items.length > 3) return `${text} + ${items.length - 3} more...`;
  return text === '' ? '<unset>' : text;
}

/** formatDiscoveryPorts: each port's number, else its name, else `*`. */
function slicePorts(o: ValueMap): string {
  return firstThree(list(o, 'ports').filter(isMap).map((p) => (typeof getKey(p, 'port') === 'number' ? String(getKey(p, 'port')) : typeof getKey(p, 'name') === 'string' ? (getKey(p, 'name') as string) : '*')));
}

/** formatDiscoveryEndpoints: every endpoint's addresses. */
function sliceEndpoints(o: ValueMap): string {
  return firstThree(list(o, 'endpoints').filter(isMap).flatMap((e) => list(e, 'addresses').map(String)));
}

/** storageutil.IsDefaultAnnotation: the GA or beta is-default-class annotation is `true`. */
function isDefaultClass(o: ValueMap): boolean {
  const annotations = getPath(o, ['metadata', 'annotations']);
  if (!isMap(annotations)) return false;
  return getKey(annotations, 'storageclass.kubernetes.io/is-default-class') === 'true' || getKey(annotations, 'storageclass.beta.kubernetes.io/is-default-class') === 'true';
}

/** printResourceQuota: `resource: used/hard` of status.hard, sorted, requests and `limits.*` apart. */
function quotaColumn(o: ValueMap, limits: boolean): string {
  const hard = getPath(o, ['status', 'hard']);
  const used = getPath(o, ['status', 'used']);
  if (!isMap(hard)) return '';
  return Object.keys(hard)
    .sort()
    .filter((r) => (r.split('.').length > 1 && r.split('.')[0] === 'limits') === limits)
    .map((r) => `${r}: ${quantityText(isMap(used) ? getKey(used, r) : undefined)}/${quantityText(getKey(hard, r))}`)
    .join(', ');
}

/** printControllerRevision's CONTROLLER: the controller owner as `kind.group/name`, lower-cased kind, or `<none>`. */
function controllerOf(o: ValueMap): string {
  const owner = list(o, 'metadata', 'ownerReferences').find((r) => isMap(r) && getKey(r, 'controller') === true);
  if (!isMap(owner)) return '<none>';
  const apiVersion = str(owner, 'apiVersion');
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = str(owner, 'kind');
  const groupKind = group === '' ? kind : `${kind}.${group}`;
  return groupKind === '' ? str(owner, 'name') : `${groupKind.toLowerCase()}/${str(owner, 'name')}`;
}

/**
 * An events.k8s.io Event as the core Event the printer reads: kube-apiserver stores both as the
 * internal core Event (pkg/apis/events/v1 conversion), so `kubectl get events.events.k8s.io`
 * prints printEvent's columns.
 */
function eventsV1AsCore(o: ValueMap): ValueMap {
  const out = newMap();
  const copy = (from: string, to: string) => {
    const v = getKey(o, from);
    if (v !== undefined) out[to] = v;
  };
  copy('metadata', 'metadata');
  copy('regarding', 'involvedObject');
  copy('reason', 'reason');
  copy('note', 'message');
  copy('deprecatedSource', 'source');
  copy('deprecatedFirstTimestamp', 'firstTimestamp');
  copy('deprecatedLastTimestamp', 'lastTimestamp');
  copy('deprecatedCount', 'count');
  copy('type', 'type');
  copy('eventTime', 'eventTime');
  copy('series', 'series');
  copy('reportingController', 'reportingComponent');
  copy('reportingInstance', 'reportingInstance');
  return out;
}

function isEventsV1(group: string, kind: string): boolean {
  return group === 'events.k8s.io' && kind === 'Event';
}

/** metav1.LabelSelector's String() (gogo-protobuf's): `&LabelSelector{MatchLabels:map[string]string{k: v,},MatchExpressions:[]LabelSelectorRequirement{...},}`. */
function goLabelSelectorString(sel: ValueMap): string {
  const labels = getKey(sel, 'matchLabels');
  const keys = isMap(labels) ? Object.keys(labels).sort() : [];
  const matchLabels = `map[string]string{${keys.map((k) => `${k}: ${String((labels as ValueMap)[k])},`).join('')}}`;
  const expressions = list(sel, 'matchExpressions')
    .filter(isMap)
    .map((e) => `LabelSelectorRequirement{Key:${str(e, 'key')},Operator:${str(e, 'operator')},Values:[${list(e, 'values').map(String).join(' ')}],},`)
    .join('');
  return `&LabelSelector{MatchLabels:${matchLabels},MatchExpressions:[]LabelSelectorRequirement{${expressions}},}`;
}

/** printValidatingAdmissionPolicyBinding's PARAMREF: `namespace/name` (`*` for no namespace), else the selector's Go text, else `<unset>`. */
function paramRefText(o: ValueMap): string {
  const ref = getPath(o, ['spec', 'paramRef']);
  if (!isMap(ref)) return '<unset>';
  const name = str(ref, 'name');
  if (name !== '') return `${str(ref, 'namespace') || '*'}/${name}`;
  const selector = getKey(ref, 'selector');
  return isMap(selector) ? goLabelSelectorString(selector) : '<unset>';
}

/** findNodeRoles: `node-role.kubernetes.io/<role>` labels and the `kubernetes.io/role` label's value, sorted, once each; `<none>`. */
function nodeRoles(o: ValueMap): string {
  const labels = getPath(o, ['metadata', 'labels']);
  const roles = new Set<string>();
  if (isMap(labels)) {
    for (const k of Object.keys(labels)) {
      const v = labels[k];
      if (k.startsWith('node-role.kubernetes.io/') && k.length > 'node-role.kubernetes.io/'.length) roles.add(k.slice('node-role.kubernetes.io/'.length));
      else if (k === 'kubernetes.io/role' && typeof v === 'string' && v !== '') roles.add(v);
    }
  }
  return roles.size > 0 ? [...roles].sort().join(',') : '<none>';
}

/** getNodeInternalIP and getNodeExternalIP: the first address of the type, else `<none>`. */
function nodeAddress(o: ValueMap, type: string): string {
  const found = list(o, 'status', 'addresses').find((a) => isMap(a) && getKey(a, 'type') === type);
  return isMap(found) ? str(found, 'address') : '<none>';
}

/** A boolean pointer the printer shows as its value, or `fallback` when unset. */
function boolOr(o: ValueMap, fallback: boolean, ...path: string[]): boolean {
  const v = getPath(o, path);
  return typeof v === 'boolean' ? v : fallback;
}

/** printMutatingAdmissionPolicy's and printValidatingAdmissionPolicy's PARAMKIND. */
function paramKindText(o: ValueMap): string {
  return isMap(getPath(o, ['spec', 'paramKind'])) ? `${str(o, 'spec', 'paramKind', 'apiVersion')}/${str(o, 'spec', 'paramKind', 'kind')}` : '<unset>';
}

/** printPriorityLevelConfiguration: a field of spec.limited (or of a struct in it) as an integer, `<none>` when the level or the struct is absent. */
function limitedField(o: ValueMap, path: readonly string[], field: string): Value {
  const limited = getPath(o, ['spec', 'limited']);
  if (!isMap(limited)) return '<none>';
  const at = path.length === 0 ? limited : getPath(limited, [...path]);
  if (!isMap(at)) return '<none>';
  const v = getKey(at, field);
  return typeof v === 'number' ? v : 0;
}

/** The order kube-apiserver prints a list's rows in, for kinds whose list printer sorts (FlowSchemaSequence). */
const ROW_ORDER: Readonly<Record<string, (a: ValueMap, b: ValueMap) => number>> = {
  'flowcontrol.apiserver.k8s.io/FlowSchema': (a, b) => int(a, 'spec', 'matchingPrecedence') - int(b, 'spec', 'matchingPrecedence') || compareNames(str(a, 'metadata', 'name'), str(b, 'metadata', 'name')),
};

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const WEBHOOKS: readonly Column[] = [NAME, { name: 'Webhooks', type: 'integer', description: 'Webhooks indicates the number of webhooks registered in this configuration', cell: (o) => list(o, 'webhooks').length }, AGE];

/** Columns per group/kind; kinds not listed get NAME and AGE. */
/** The admission policies' (validating and mutating) ParamKind column. */
const PARAM_KIND: Column = { name: 'ParamKind', type: 'string', description: 'ParamKind specifies the kind of resources used to parameterize this policy', cell: paramKindText };
/** Their bindings' PolicyName and ParamRef columns (the printer's descriptions, typos included). */
const POLICY_BINDING: readonly Column[] = [
  { name: 'PolicyName', type: 'string', description: 'PolicyName indicates the policy definition which the policy binding binded to', cell: (o) => str(o, 'spec', 'policyName') },
  { name: 'ParamRef', type: 'string', description: 'ParamRef indicates the param resource which sets the configration param', cell: paramRefText },
];

const COLUMNS: Readonly<Record<string, readonly Column[]>> = {
  '/Pod': [
    NAME,
    { name: 'Ready', type: 'string', description: 'The aggregate readiness state of this pod for accepting traffic.', cell: (o) => `${list(o, 'status', 'containerStatuses').filter((c) => isMap(c) && getKey(c, 'ready') === true).length}/${list(o, 'spec', 'containers').length}` },
    { name: 'Status', type: 'string', description: 'The aggregate status of the containers in this pod.', cell: podStatus },
    {
      name: 'Restarts',
      type: 'string',
      description: 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.',
      cell: (o) => String(list(o, 'status', 'containerStatuses').reduce<number>((n, c) => n + (isMap(c) && typeof getKey(c, 'restartCount') === 'number' ? (getKey(c, 'restartCount') as number) : 0), 0)),
    },
    AGE,
    // The printer's wide columns: the first of status.podIPs, the node, the nominated node, and
    // how many readiness gates have a True condition.
    { name: 'IP', type: 'string', priority: 1, description: DOC.podIP, cell: (o) => (isMap(list(o, 'status', 'podIPs')[0]) ? str(list(o, 'status', 'podIPs')[0] as ValueMap, 'ip') : '') || '<none>' },
    { name: 'Node', type: 'string', priority: 1, description: DOC.nodeName, cell: (o) => str(o, 'spec', 'nodeName') || '<none>' },
    { name: 'Nominated Node', type: 'string', priority: 1, description: DOC.nominatedNodeName, cell: (o) => str(o, 'status', 'nominatedNodeName') || '<none>' },
    { name: 'Readiness Gates', type: 'string', priority: 1, description: DOC.readinessGates, cell: readinessGates },
  ],
  'apps/Deployment': [
    NAME,
    { name: 'Ready', type: 'string', description: 'Number of the pod with ready state', cell: (o) => `${int(o, 'status', 'readyReplicas')}/${getPath(o, ['spec', 'replicas']) ?? 1}` },
    // The printer declares these string columns, and fills them with integers.
    { name: 'Up-to-date', type: 'string', description: DOC.deploymentUpdated, cell: (o) => int(o, 'status', 'updatedReplicas') },
    { name: 'Available', type: 'string', description: DOC.deploymentAvailable, cell: (o) => int(o, 'status', 'availableReplicas') },
    AGE,
    ...workloadWide(DOC.deploymentSelector),
  ],
  'apps/DaemonSet': [
    NAME,
    { name: 'Desired', type: 'integer', description: DOC.dsDesired, cell: (o) => int(o, 'status', 'desiredNumberScheduled') },
    { name: 'Current', type: 'integer', description: DOC.dsCurrent, cell: (o) => int(o, 'status', 'currentNumberScheduled') },
    { name: 'Ready', type: 'integer', description: DOC.dsReady, cell: (o) => int(o, 'status', 'numberReady') },
    { name: 'Up-to-date', type: 'integer', description: DOC.dsUpdated, cell: (o) => int(o, 'status', 'updatedNumberScheduled') },
    { name: 'Available', type: 'integer', description: DOC.dsAvailable, cell: (o) => int(o, 'status', 'numberAvailable') },
    { name: 'Node Selector', type: 'string', description: DOC.nodeSelector, cell: (o) => mapText(getPath(o, ['spec', 'template', 'spec', 'nodeSelector'])) },
    AGE,
    ...workloadWide(DOC.dsSelector),
  ],
  '/Event': [
    { name: 'Last Seen', type: 'string', description: DOC.eventLastTimestamp, cell: eventLastSeen },
    { name: 'Type', type: 'string', description: DOC.eventType, cell: (o) => str(o, 'type') },
    { name: 'Reason', type: 'string', description: DOC.eventReason, cell: (o) => str(o, 'reason') },
    { name: 'Object', type: 'string', description: DOC.eventInvolvedObject, cell: eventObject },
    { name: 'Subobject', type: 'string', priority: 1, description: DOC.objectReferenceFieldPath, cell: (o) => str(o, 'involvedObject', 'fieldPath') },
    { name: 'Source', type: 'string', priority: 1, description: DOC.eventSource, cell: eventSource },
    { name: 'Message', type: 'string', description: DOC.eventMessage, cell: (o) => str(o, 'message').trim() },
    { name: 'First Seen', type: 'string', priority: 1, description: DOC.eventFirstTimestamp, cell: eventFirstSeen },
    // A string column filled with an integer, as the printer declares and fills it.
    { name: 'Count', type: 'string', priority: 1, description: DOC.eventCount, cell: eventCount },
    { ...NAME, priority: 1 },
  ],
  '/PersistentVolume': [
    NAME,
    { name: 'Capacity', type: 'string', description: DOC.pvCapacity, cell: (o) => quantityText(getPath(o, ['spec', 'capacity', 'storage'])) },
    { name: 'Access Modes', type: 'string', description: DOC.pvAccessModes, cell: (o) => accessModes(getPath(o, ['spec', 'accessModes'])) },
    { name: 'Reclaim Policy', type: 'string', description: DOC.pvReclaimPolicy, cell: (o) => str(o, 'spec', 'persistentVolumeReclaimPolicy') },
    { name: 'Status', type: 'string', description: DOC.pvPhase, cell: phaseOf },
    { name: 'Claim', type: 'string', description: DOC.pvClaimRef, cell: (o) => (isMap(getPath(o, ['spec', 'claimRef'])) ? `${str(o, 'spec', 'claimRef', 'namespace')}/${str(o, 'spec', 'claimRef', 'name')}` : '') },
    { name: 'StorageClass', type: 'string', description: 'StorageClass of the pv', cell: storageClassOf },
    { name: 'VolumeAttributesClass', type: 'string', description: 'VolumeAttributesClass of the pv', cell: (o) => unsetOr(o, 'spec', 'volumeAttributesClassName') },
    { name: 'Reason', type: 'string', description: DOC.pvReason, cell: (o) => str(o, 'status', 'reason') },
    AGE,
    { name: 'VolumeMode', type: 'string', priority: 1, description: DOC.pvVolumeMode, cell: (o) => unsetOr(o, 'spec', 'volumeMode') },
  ],
  '/PersistentVolumeClaim': [
    NAME,
    { name: 'Status', type: 'string', description: DOC.pvcPhase, cell: phaseOf },
    { name: 'Volume', type: 'string', description: DOC.pvcVolumeName, cell: (o) => str(o, 'spec', 'volumeName') },
    // Capacity and access modes come from status, once the claim names its volume.
    { name: 'Capacity', type: 'string', description: DOC.pvcCapacity, cell: (o) => (str(o, 'spec', 'volumeName') === '' ? '' : quantityText(getPath(o, ['status', 'capacity', 'storage']))) },
    { name: 'Access Modes', type: 'string', description: DOC.pvcAccessModes, cell: (o) => (str(o, 'spec', 'volumeName') === '' ? '' : accessModes(getPath(o, ['status', 'accessModes']))) },
    { name: 'StorageClass', type: 'string', description: 'StorageClass of the pvc', cell: storageClassOf },
    { name: 'VolumeAttributesClass', type: 'string', description: 'VolumeAttributesClass of the pvc', cell: (o) => unsetOr(o, 'spec', 'volumeAttributesClassName') },
    AGE,
    { name: 'VolumeMode', type: 'string', priority: 1, description: DOC.pvcVolumeMode, cell: (o) => unsetOr(o, 'spec', 'volumeMode') },
  ],
  '/Endpoints': [NAME, { name: 'Endpoints', type: 'string', description: DOC.endpointsSubsets, cell: endpointsText }, AGE],
  '/ResourceQuota': [
    NAME,
    { name: 'Request', type: 'string', description: 'Request represents a minimum amount of cpu/memory that a container may consume.', cell: (o) => quotaColumn(o, false) },
    { name: 'Limit', type: 'string', description: 'Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.', cell: (o) => quotaColumn(o, true) },
    AGE,
  ],
  '/ReplicationController': [
    NAME,
    { name: 'Desired', type: 'integer', description: DOC.rcSpecReplicas, cell: (o) => int(o, 'spec', 'replicas') },
    { name: 'Current', type: 'integer', description: DOC.rcStatusReplicas, cell: (o) => int(o, 'status', 'replicas') },
    { name: 'Ready', type: 'integer', description: DOC.rcReadyReplicas, cell: (o) => int(o, 'status', 'readyReplicas') },
    AGE,
    ...workloadWide(DOC.rcSelector).slice(0, 2),
    // labels.FormatLabels of the selector map.
    { name: 'Selector', type: 'string', priority: 1, description: DOC.rcSelector, cell: (o) => mapText(getPath(o, ['spec', 'selector'])) },
  ],
  'storage.k8s.io/StorageClass': [
    { ...NAME, cell: (o) => `${str(o, 'metadata', 'name')}${isDefaultClass(o) ? ' (default)' : ''}` },
    { name: 'Provisioner', type: 'string', description: DOC.scProvisioner, cell: (o) => str(o, 'provisioner') },
    { name: 'ReclaimPolicy', type: 'string', description: DOC.scReclaimPolicy, cell: (o) => str(o, 'reclaimPolicy') || 'Delete' },
    { name: 'VolumeBindingMode', type: 'string', description: DOC.scVolumeBindingMode, cell: (o) => str(o, 'volumeBindingMode') || 'Immediate' },
    // A string column filled with a boolean, as the printer declares and fills it.
    { name: 'AllowVolumeExpansion', type: 'string', description: DOC.scAllowVolumeExpansion, cell: (o) => getKey(o, 'allowVolumeExpansion') === true },
    AGE,
  ],
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': WEBHOOKS,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': WEBHOOKS,
  'discovery.k8s.io/EndpointSlice': [
    NAME,
    { name: 'AddressType', type: 'string', description: DOC.sliceAddressType, cell: (o) => str(o, 'addressType') },
    { name: 'Ports', type: 'string', description: DOC.slicePorts, cell: slicePorts },
    { name: 'Endpoints', type: 'string', description: DOC.sliceEndpoints, cell: sliceEndpoints },
    AGE,
  ],
  'apps/ControllerRevision': [
    NAME,
    { name: 'Controller', type: 'string', description: 'Controller of the object', cell: controllerOf },
    // A string column filled with an integer.
    { name: 'Revision', type: 'string', description: DOC.controllerRevision, cell: (o) => int(o, 'revision') },
    AGE,
  ],
  'networking.k8s.io/IngressClass': [
    NAME,
    { name: 'Controller', type: 'string', description: 'Controller that is responsible for handling this class', cell: (o) => str(o, 'spec', 'controller') },
    {
      name: 'Parameters',
      type: 'string',
      description: 'A reference to a resource with additional parameters',
      cell: (o) => {
        const p = getPath(o, ['spec', 'parameters']);
        if (!isMap(p)) return '<none>';
        const group = getKey(p, 'apiGroup');
        return `${str(p, 'kind')}${typeof group === 'string' ? `.${group}` : ''}/${str(p, 'name')}`;
      },
    },
    AGE,
  ],
  // The printer describes HANDLER with ObjectMeta's doc of a field it does not have: empty.
  'node.k8s.io/RuntimeClass': [NAME, { name: 'Handler', type: 'string', cell: (o) => str(o, 'handler') }, AGE],
  'admissionregistration.k8s.io/ValidatingAdmissionPolicy': [
    NAME,
    { name: 'Validations', type: 'integer', description: 'Validations indicates the number of validation rules defined in this configuration', cell: (o) => list(o, 'spec', 'validations').length },
    PARAM_KIND,
    AGE,
  ],
  'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': [
    NAME,
    ...POLICY_BINDING,
    AGE,
  ],
  'admissionregistration.k8s.io/MutatingAdmissionPolicy': [
    NAME,
    { name: 'Mutations', type: 'integer', description: 'Mutation indicates the number of mutations rules defined in this configuration', cell: (o) => list(o, 'spec', 'mutations').length },
    PARAM_KIND,
    AGE,
  ],
  'admissionregistration.k8s.io/MutatingAdmissionPolicyBinding': [
    NAME,
    ...POLICY_BINDING,
    AGE,
  ],
  'storage.k8s.io/CSIDriver': [
    NAME,
    { name: 'AttachRequired', type: 'boolean', description: DOC.csiAttachRequired, cell: (o) => boolOr(o, true, 'spec', 'attachRequired') },
    { name: 'PodInfoOnMount', type: 'boolean', description: DOC.csiPodInfoOnMount, cell: (o) => boolOr(o, false, 'spec', 'podInfoOnMount') },
    { name: 'StorageCapacity', type: 'boolean', description: DOC.csiStorageCapacity, cell: (o) => boolOr(o, false, 'spec', 'storageCapacity') },
    {
      name: 'TokenRequests',
      type: 'string',
      description: DOC.csiTokenRequests,
      cell: (o) => (isList(getPath(o, ['spec', 'tokenRequests'])) ? list(o, 'spec', 'tokenRequests').map((t) => (isMap(t) ? str(t, 'audience') : '')).join(',') : '<unset>'),
    },
    { name: 'RequiresRepublish', type: 'boolean', description: DOC.csiRequiresRepublish, cell: (o) => boolOr(o, false, 'spec', 'requiresRepublish') },
    { name: 'Modes', type: 'string', description: DOC.csiModes, cell: (o) => list(o, 'spec', 'volumeLifecycleModes').map(String).join(',') || '<none>' },
    AGE,
  ],
  'storage.k8s.io/CSINode': [NAME, { name: 'Drivers', type: 'integer', description: 'Drivers indicates the number of CSI drivers registered on the node', cell: (o) => list(o, 'spec', 'drivers').length }, AGE],
  // A pod template's printer has no Age column.
  '/PodTemplate': [
    NAME,
    { name: 'Containers', type: 'string', description: 'Names of each container in the template.', cell: (o) => containersOf(o, ['template', 'spec', 'containers']).map((c) => str(c, 'name')).join(',') },
    { name: 'Images', type: 'string', description: 'Images referenced by each container in the template.', cell: (o) => containersOf(o, ['template', 'spec', 'containers']).map((c) => str(c, 'image')).join(',') },
    { name: 'Pod Labels', type: 'string', description: 'The labels for the pod template.', cell: (o) => mapText(getPath(o, ['template', 'metadata', 'labels'])) },
  ],
  'storage.k8s.io/VolumeAttachment': [
    NAME,
    // The printer gives ATTACHER the name format too.
    { name: 'Attacher', type: 'string', format: 'name', description: DOC.vaAttacher, cell: (o) => str(o, 'spec', 'attacher') },
    { name: 'PV', type: 'string', description: DOC.vaPersistentVolumeName, cell: (o) => str(o, 'spec', 'source', 'persistentVolumeName') },
    { name: 'Node', type: 'string', description: DOC.vaNodeName, cell: (o) => str(o, 'spec', 'nodeName') },
    { name: 'Attached', type: 'boolean', description: DOC.vaAttached, cell: (o) => getPath(o, ['status', 'attached']) === true },
    AGE,
  ],
  // No Age column either.
  'storage.k8s.io/CSIStorageCapacity': [
    NAME,
    { name: 'StorageClassName', type: 'string', description: DOC.cscStorageClassName, cell: (o) => str(o, 'storageClassName') },
    { name: 'Capacity', type: 'string', description: DOC.cscCapacity, cell: (o) => (getKey(o, 'capacity') === undefined ? '<unset>' : quantityText(getKey(o, 'capacity'))) },
  ],
  'flowcontrol.apiserver.k8s.io/FlowSchema': [
    NAME,
    { name: 'PriorityLevel', type: 'string', description: DOC.fsPriorityLevel, cell: (o) => str(o, 'spec', 'priorityLevelConfiguration', 'name') },
    // A string column filled with an integer.
    { name: 'MatchingPrecedence', type: 'string', description: DOC.fsMatchingPrecedence, cell: (o) => int(o, 'spec', 'matchingPrecedence') },
    { name: 'DistinguisherMethod', type: 'string', description: DOC.fsDistinguisherMethod, cell: (o) => (isMap(getPath(o, ['spec', 'distinguisherMethod'])) ? str(o, 'spec', 'distinguisherMethod', 'type') : '<none>') },
    AGE,
    {
      name: 'MissingPL',
      type: 'string',
      description: 'references a broken or non-existent PriorityLevelConfiguration',
      cell: (o) => {
        const dangling = list(o, 'status', 'conditions').find((c) => isMap(c) && getKey(c, 'type') === 'Dangling');
        return isMap(dangling) ? str(dangling, 'status') : '?';
      },
    },
  ],
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': [
    NAME,
    { name: 'Type', type: 'string', description: DOC.plType, cell: (o) => str(o, 'spec', 'type') },
    // Integers of a limited level (and of its queuing), else `<none>`, in string columns.
    { name: 'NominalConcurrencyShares', type: 'string', description: DOC.plNominalConcurrencyShares, cell: (o) => limitedField(o, [], 'nominalConcurrencyShares') },
    { name: 'Queues', type: 'string', description: DOC.plQueues, cell: (o) => limitedField(o, ['limitResponse', 'queuing'], 'queues') },
    { name: 'HandSize', type: 'string', description: DOC.plHandSize, cell: (o) => limitedField(o, ['limitResponse', 'queuing'], 'handSize') },
    { name: 'QueueLengthLimit', type: 'string', description: DOC.plQueueLengthLimit, cell: (o) => limitedField(o, ['limitResponse', 'queuing'], 'queueLengthLimit') },
    AGE,
  ],
  '/ServiceAccount': [NAME, { name: 'Secrets', type: 'string', description: DOC.serviceAccountSecrets, cell: (o) => list(o, 'secrets').length }, AGE],
  'rbac.authorization.k8s.io/RoleBinding': bindingColumns(DOC.roleBindingRoleRef, 'roleBinding'),
  'rbac.authorization.k8s.io/ClusterRoleBinding': bindingColumns(DOC.clusterRoleBindingRoleRef, 'clusterRoleBinding'),
  'policy/PodDisruptionBudget': [
    NAME,
    { name: 'Min Available', type: 'string', description: 'The minimum number of pods that must be available.', cell: (o) => intOrStringText(getPath(o, ['spec', 'minAvailable'])) },
    { name: 'Max Unavailable', type: 'string', description: 'The maximum number of pods that may be unavailable.', cell: (o) => intOrStringText(getPath(o, ['spec', 'maxUnavailable'])) },
    { name: 'Allowed Disruptions', type: 'integer', description: 'Calculated number of pods that may be disrupted at this time.', cell: (o) => int(o, 'status', 'disruptionsAllowed') },
    AGE,
  ],
  'networking.k8s.io/NetworkPolicy': [NAME, { name: 'Pod-Selector', type: 'string', description: DOC.networkPolicyPodSelector, cell: (o) => selectorText(getPath(o, ['spec', 'podSelector'])) }, AGE],
  'coordination.k8s.io/Lease': [NAME, { name: 'Holder', type: 'string', description: DOC.leaseHolderIdentity, cell: (o) => str(o, 'spec', 'holderIdentity') }, AGE],
  'scheduling.k8s.io/PriorityClass': [
    NAME,
    { name: 'Value', type: 'integer', description: DOC.priorityClassValue, cell: (o) => int(o, 'value') },
    { name: 'Global-Default', type: 'boolean', description: DOC.priorityClassGlobalDefault, cell: (o) => getKey(o, 'globalDefault') === true },
    AGE,
    { name: 'PreemptionPolicy', type: 'string', description: DOC.priorityClassPreemptionPolicy, cell: (o) => str(o, 'preemptionPolicy') },
  ],
  '/Secret': [
    NAME,
    { name: 'Type', type: 'string', description: DOC.secretType, cell: (o) => str(o, 'type') },
    // A string column filled with an integer, as the printer declares and fills it.
    { name: 'Data', type: 'string', description: DOC.secretData, cell: (o) => Object.keys(isMap(getKey(o, 'data')) ? (getKey(o, 'data') as ValueMap) : {}).length },
    AGE,
  ],
  'apps/ReplicaSet': [
    NAME,
    { name: 'Desired', type: 'integer', description: DOC.rsSpecReplicas, cell: (o) => int(o, 'spec', 'replicas') },
    { name: 'Current', type: 'integer', description: DOC.rsStatusReplicas, cell: (o) => int(o, 'status', 'replicas') },
    { name: 'Ready', type: 'integer', description: DOC.rsReadyReplicas, cell: (o) => int(o, 'status', 'readyReplicas') },
    AGE,
    ...workloadWide(DOC.rsSelector),
  ],
  'apps/StatefulSet': [
    NAME,
    { name: 'Ready', type: 'string', description: 'Number of the pod with ready state', cell: (o) => `${int(o, 'status', 'readyReplicas')}/${int(o, 'spec', 'replicas')}` },
    AGE,
    ...workloadWide('').slice(0, 2),
  ],
  'batch/CronJob': [
    NAME,
    { name: 'Schedule', type: 'string', description: DOC.cronSchedule, cell: (o) => str(o, 'spec', 'schedule') },
    { name: 'Timezone', type: 'string', description: DOC.cronTimeZone, cell: (o) => (typeof getPath(o, ['spec', 'timeZone']) === 'string' ? str(o, 'spec', 'timeZone') : '<none>') },
    // A boolean column filled with printBoolPtr's text, as the printer fills it.
    { name: 'Suspend', type: 'boolean', description: DOC.cronSuspend, cell: (o) => boolText(getPath(o, ['spec', 'suspend'])) },
    { name: 'Active', type: 'integer', description: DOC.cronActive, cell: (o) => list(o, 'status', 'active').length },
    { name: 'Last Schedule', type: 'string', description: DOC.cronLastSchedule, cell: (o, now) => (str(o, 'status', 'lastScheduleTime') === '' ? '<none>' : since(str(o, 'status', 'lastScheduleTime'), now)) },
    AGE,
    { name: 'Containers', type: 'string', priority: 1, description: 'Names of each container in the template.', cell: (o) => containersOf(o, CRON_CONTAINERS).map((c) => str(c, 'name')).join(',') },
    { name: 'Images', type: 'string', priority: 1, description: 'Images referenced by each container in the template.', cell: (o) => containersOf(o, CRON_CONTAINERS).map((c) => str(c, 'image')).join(',') },
    { name: 'Selector', type: 'string', priority: 1, description: DOC.jobSelector, cell: (o) => selectorText(getPath(o, ['spec', 'jobTemplate', 'spec', 'selector'])) },
  ],
  'networking.k8s.io/Ingress': [
    NAME,
    { name: 'Class', type: 'string', description: 'The name of the IngressClass resource that should be used for additional configuration', cell: (o) => (typeof getPath(o, ['spec', 'ingressClassName']) === 'string' ? str(o, 'spec', 'ingressClassName') : '<none>') },
    { name: 'Hosts', type: 'string', description: 'Hosts that incoming requests are matched against before the ingress rule', cell: ingressHosts },
    { name: 'Address', type: 'string', description: 'Address is a list containing ingress points for the load-balancer', cell: loadBalancerAddresses },
    { name: 'Ports', type: 'string', description: 'Ports of TLS configurations that open', cell: (o) => (list(o, 'spec', 'tls').length > 0 ? '80, 443' : '80') },
    AGE,
  ],
  'batch/Job': [
    NAME,
    { name: 'Status', type: 'string', description: 'Status of the job.', cell: jobStatus },
    { name: 'Completions', type: 'string', description: DOC.jobSucceeded, cell: jobCompletions },
    { name: 'Duration', type: 'string', description: 'Time required to complete the job.', cell: jobDuration },
    AGE,
    ...workloadWide(DOC.jobSelector),
  ],
  '/Service': [
    NAME,
    { name: 'Type', type: 'string', description: DOC.serviceType, cell: (o) => str(o, 'spec', 'type') || 'ClusterIP' },
    { name: 'Cluster-IP', type: 'string', description: DOC.clusterIP, cell: (o) => str(o, 'spec', 'clusterIP') || '<none>' },
    {
      name: 'External-IP',
      type: 'string',
      description: DOC.externalIPs,
      cell: (o) => {
        const ips = list(o, 'spec', 'externalIPs').map(String);
        return ips.length > 0 ? ips.join(',') : '<none>';
      },
    },
    {
      name: 'Port(s)',
      type: 'string',
      description: DOC.servicePorts,
      cell: (o) => {
        const ports = list(o, 'spec', 'ports').filter(isMap);
        if (ports.length === 0) return '<none>';
        return ports.map((p) => `${String(getKey(p, 'port') ?? '')}${typeof getKey(p, 'nodePort') === 'number' ? `:${String(getKey(p, 'nodePort'))}` : ''}/${String(getKey(p, 'protocol') ?? 'TCP')}`).join(',');
      },
    },
    AGE,
    { name: 'Selector', type: 'string', priority: 1, description: DOC.serviceSelector, cell: (o) => mapText(getPath(o, ['spec', 'selector'])) },
  ],
  '/ConfigMap': [
    NAME,
    // A string column filled with an integer, as the printer declares and fills it.
    { name: 'Data', type: 'string', description: DOC.configMapData, cell: (o) => Object.keys(isMap(getKey(o, 'data')) ? (getKey(o, 'data') as ValueMap) : {}).length + Object.keys(isMap(getKey(o, 'binaryData')) ? (getKey(o, 'binaryData') as ValueMap) : {}).length },
    AGE,
  ],
  '/Node': [
    NAME,
    {
      name: 'Status',
      type: 'string',
      description: 'The status of the node',
      cell: (o) => {
        // The printer keeps the last condition of each type.
        const ready = list(o, 'status', 'conditions').filter((c) => isMap(c) && getKey(c, 'type') === 'Ready').pop();
        const s = isMap(ready) ? (getKey(ready, 'status') === 'True' ? 'Ready' : 'NotReady') : 'Unknown';
        return getPath(o, ['spec', 'unschedulable']) === true ? `${s},SchedulingDisabled` : s;
      },
    },
    { name: 'Roles', type: 'string', description: 'The roles of the node', cell: nodeRoles },
    AGE,
    { name: 'Version', type: 'string', description: DOC.kubeletVersion, cell: (o) => str(o, 'status', 'nodeInfo', 'kubeletVersion') },
    { name: 'Internal-IP', type: 'string', priority: 1, description: DOC.nodeAddresses, cell: (o) => nodeAddress(o, 'InternalIP') },
    { name: 'External-IP', type: 'string', priority: 1, description: DOC.nodeAddresses, cell: (o) => nodeAddress(o, 'ExternalIP') },
    { name: 'OS-Image', type: 'string', priority: 1, description: DOC.nodeOsImage, cell: (o) => str(o, 'status', 'nodeInfo', 'osImage') || '<unknown>' },
    { name: 'Kernel-Version', type: 'string', priority: 1, description: DOC.nodeKernelVersion, cell: (o) => str(o, 'status', 'nodeInfo', 'kernelVersion') || '<unknown>' },
    { name: 'Container-Runtime', type: 'string', priority: 1, description: DOC.nodeContainerRuntime, cell: (o) => str(o, 'status', 'nodeInfo', 'containerRuntimeVersion') || '<unknown>' },
  ],
  // The printer reads the internal object (autoscaling/v2's shape): a v1 object is converted first (tableView).
  'autoscaling/HorizontalPodAutoscaler': [
    NAME,
    { name: 'Reference', type: 'string', description: DOC.hpaScaleTargetRef, cell: (o) => `${str(o, 'spec', 'scaleTargetRef', 'kind')}/${str(o, 'spec', 'scaleTargetRef', 'name')}` },
    { name: 'Targets', type: 'string', description: DOC.hpaMetrics, cell: hpaTargets },
    { name: 'MinPods', type: 'string', description: DOC.hpaMinReplicas, cell: (o) => (typeof getPath(o, ['spec', 'minReplicas']) === 'number' ? String(getPath(o, ['spec', 'minReplicas'])) : '<unset>') },
    // Declared string columns, filled with integers.
    { name: 'MaxPods', type: 'string', description: DOC.hpaMaxReplicas, cell: (o) => int(o, 'spec', 'maxReplicas') },
    { name: 'Replicas', type: 'string', description: DOC.hpaCurrentReplicas, cell: (o) => int(o, 'status', 'currentReplicas') },
    AGE,
  ],
  '/Namespace': [NAME, { name: 'Status', type: 'string', description: 'The status of the namespace', cell: (o) => str(o, 'status', 'phase') || 'Active' }, AGE],
};

function readinessGates(o: ValueMap): string {
  const gates = list(o, 'spec', 'readinessGates').filter(isMap);
  if (gates.length === 0) return '<none>';
  const conditions = list(o, 'status', 'conditions').filter(isMap);
  // The first condition of a gate's type decides it, as the printer looks.
  const ready = gates.filter((g) => conditions.find((c) => getKey(c, 'type') === getKey(g, 'conditionType'))?.status === 'True').length;
  return `${ready}/${gates.length}`;
}

/**
 * The scale subresource's Table. A built-in kind's is kube-apiserver's printer of Scale (its Name
 * column has no `name` format); a custom resource's is the one apiextensions-apiserver makes from
 * the CRD's scale paths (Desired from `.spec.replicas`, Available from `.status.replicas` of the
 * Scale, left empty when absent, and Age as a `date` column).
 */
const BUILTIN_SCALE: readonly Column[] = [
  { name: 'Name', type: 'string', description: OBJECT_META_DESCRIPTIONS.name, cell: (o) => str(o, 'metadata', 'name') },
  { name: 'Desired', type: 'integer', description: DOC.scaleSpecReplicas, cell: (o) => int(o, 'spec', 'replicas') },
  { name: 'Available', type: 'integer', description: DOC.scaleStatusReplicas, cell: (o) => int(o, 'status', 'replicas') },
  AGE,
];
const CUSTOM_SCALE: readonly Column[] = [
  NAME,
  { name: 'Desired', type: 'integer', cell: (o) => (typeof getPath(o, ['spec', 'replicas']) === 'number' ? int(o, 'spec', 'replicas') : null) },
  { name: 'Available', type: 'integer', cell: (o) => (typeof getPath(o, ['status', 'replicas']) === 'number' ? int(o, 'status', 'replicas') : null) },
  { ...AGE, type: 'date' },
];

/** What a Table is of: a kind's objects, or one of its subresources (status: the kind's own columns). */
export interface TableView {
  readonly group: string;
  readonly kind: string;
  readonly custom?: boolean;
  readonly subresource?: string;
  /** A custom resource's printer columns at the version asked for (its CRD's). */
  readonly printerColumns?: readonly PrinterColumn[];
  /** The object the printer reads, for a kind stored at another version than the one asked for. */
  readonly printed?: (obj: ValueMap) => ValueMap;
}

/** The Table view of a resource served at `apiVersion` (or of its subresource). */
export function tableView(resource: ResourceType, apiVersion: string, subresource?: string): TableView {
  const version = apiVersion.slice(apiVersion.lastIndexOf('/') + 1);
  const columns = resource.printerColumns?.[version];
  // kube-apiserver's printers read the internal object, which is the storage version's shape.
  const stored = storageApiVersion(resource, apiVersion);
  return {
    group: resource.group,
    kind: resource.kind,
    custom: resource.custom,
    ...(subresource ? { subresource } : {}),
    ...(columns ? { printerColumns: columns } : {}),
    ...(stored !== apiVersion ? { printed: (o: ValueMap) => objectAt(resource, o, stored) } : {}),
    ...(isEventsV1(resource.group, resource.kind) ? { printed: eventsV1AsCore } : {}),
  };
}

/**
 * rest.NewDefaultTableConvertor's table, which kube-apiserver gives the kinds its printers do not
 * cover (their stores say so: roles, cluster roles, limit ranges; apiextensions-apiserver's CRDs):
 * the name and the creation time in RFC 3339, UTC.
 */
const DEFAULT_TABLE: readonly Column[] = [
  NAME,
  { name: 'Created At', type: 'date', description: OBJECT_META_DESCRIPTIONS.creationTimestamp, cell: (o) => str(o, 'metadata', 'creationTimestamp') || '0001-01-01T00:00:00Z' },
];
const DEFAULT_TABLE_KINDS = new Set(['rbac.authorization.k8s.io/Role', 'rbac.authorization.k8s.io/ClusterRole', '/LimitRange', 'apiextensions.k8s.io/CustomResourceDefinition']);

function columnsFor(view: TableView): readonly Column[] {
  if (view.subresource === 'scale') return view.custom ? CUSTOM_SCALE : BUILTIN_SCALE;
  if (view.custom) return customResourceColumns(view.printerColumns);
  const key = isEventsV1(view.group, view.kind) ? '/Event' : `${view.group}/${view.kind}`;
  if (DEFAULT_TABLE_KINDS.has(key)) return DEFAULT_TABLE;
  return Object.hasOwn(COLUMNS, key) ? COLUMNS[key] : [NAME, AGE];
}

function partialMetadata(obj: ValueMap): ValueMap {
  const out = newMap();
  out.kind = 'PartialObjectMetadata';
  out.apiVersion = 'meta.k8s.io/v1';
  const meta = getKey(obj, 'metadata');
  out.metadata = isMap(meta) ? inObjectMetaOrder(meta) : newMap();
  return out;
}

/**
 * A Table of `items` (a list's items, or one object) of a kind or its subresource at time `now`. A page of a
 * list passes its list's `continue` and `remainingItemCount` on (`page`), as kube-apiserver's
 * table convertor copies the list metadata, so clients follow the pages.
 */
export function tableOf(view: TableView, items: readonly ValueMap[], resourceVersion: string, now: string, includeObject: boolean, page?: ValueMap): ValueMap {
  const columns = columnsFor(view);
  const at = Date.parse(now);
  const table = newMap();
  table.kind = 'Table';
  table.apiVersion = 'meta.k8s.io/v1';
  const meta = newMap();
  meta.resourceVersion = resourceVersion;
  for (const k of ['continue', 'remainingItemCount']) {
    const v = page ? getKey(page, k) : undefined;
    if (v !== undefined) meta[k] = v;
  }
  table.metadata = meta;
  table.columnDefinitions = columns.map((c) => {
    const d = newMap();
    d.name = c.name;
    d.type = c.type;
    d.format = c.format ?? '';
    d.description = c.description ?? '';
    d.priority = c.priority ?? 0;
    return d;
  });
  const order = view.custom || view.subresource === 'scale' ? undefined : ROW_ORDER[`${view.group}/${view.kind}`];
  table.rows = (order ? [...items].sort((a, b) => order(view.printed ? view.printed(a) : a, view.printed ? view.printed(b) : b)) : items).map((o) => {
    const row = newMap();
    const printed = view.printed ? view.printed(o) : o;
    row.cells = columns.map((c) => c.cell(printed, at));
    row.object = includeObject ? o : partialMetadata(o);
    return row;
  });
  return table;
}
