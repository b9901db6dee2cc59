/**
 * The pod spec checks kube-apiserver 1.32 runs on a Pod and on every workload's template
 * (ValidatePodSpec, pkg/apis/core/validation): volumes, volume mounts, ports, env, probes, init
 * containers, resource names and the pull and DNS policies, each with its exact 422 text and in
 * the order upstream finds them.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const web = { name: 'web', image: 'nginx' };

const pod = (spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec });
/** The 422 message of creating a Pod with `spec`. */
const podMessage = (spec: Record<string, unknown>) => fail(real().create(pod(spec), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;

function workload(kind: string, podSpec: Record<string, unknown>) {
  const apps = kind !== 'Job';
  return obj({
    apiVersion: apps ? 'apps/v1' : 'batch/v1',
    kind,
    metadata: { name: 'x', namespace: 'default' },
    spec: {
      ...(apps ? { selector: { matchLabels: { app: 'x' } } } : {}),
      template: { metadata: { labels: { app: 'x' } }, spec: { ...(apps ? {} : { restartPolicy: 'Never' }), ...podSpec } },
    },
  });
}

describe('volumes', () => {
  it('a mount naming no volume is Not found, in every workload kind that validates its template', () => {
    const spec = { containers: [{ ...web, volumeMounts: [{ name: 'data', mountPath: '/data' }] }] };
    for (const [kind, group] of [['Deployment', 'apps'], ['ReplicaSet', 'apps'], ['DaemonSet', 'apps'], ['Job', 'batch']]) {
      const r = fail(real().create(workload(kind, spec), { fieldManager: 'm' }));
      expect(r.code).toBe(422);
      expect(r.message).toBe(`${kind}.${group} "x" is invalid: spec.template.spec.containers[0].volumeMounts[0].name: Not found: "data"`);
      expect(r.causes).toContainEqual({ reason: 'FieldValueNotFound', message: 'Not found: "data"', field: 'spec.template.spec.containers[0].volumeMounts[0].name' });
    }
    // A StatefulSet's pod spec is not validated upstream (a TODO there).
    ok(real().create(workload('StatefulSet', spec), { fieldManager: 'm' }));
    ok(real().create(pod({ volumes: [{ name: 'data', emptyDir: {} }], containers: spec.containers }), { fieldManager: 'm' }));
  });

  it('names required, RFC 1123 labels and unique; a volume with errors cannot be mounted', () => {
    expect(
      podMessage({
        volumes: [{ name: 'x', emptyDir: {} }, { name: 'x', configMap: { name: 'c' } }, { name: 'Data_1', emptyDir: {} }],
        containers: [{ ...web, volumeMounts: [{ name: 'x', mountPath: '/x' }, { name: 'Data_1', mountPath: '/d' }] }],
      }),
    ).toBe(
      podInvalid(
        'spec.volumes[1].name: Duplicate value: "x"',
        `spec.volumes[2].name: Invalid value: "Data_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
        'spec.containers[0].volumeMounts[1].name: Not found: "Data_1"',
      ),
    );
  });

  it('exactly one source: each one after the first is forbidden, at the path upstream spells', () => {
    expect(podMessage({ volumes: [{ name: 'v', emptyDir: {}, configMap: { name: 'c' }, downwardAPI: {} }], containers: [web] })).toBe(
      // validateVolumeSource looks at downwardAPI before configMap.
      podInvalid('spec.volumes[0].downwarAPI: Forbidden: may not specify more than 1 volume type', 'spec.volumes[0].configMap: Forbidden: may not specify more than 1 volume type'),
    );
  });

  it('an image volume is dropped before validation (the ImageVolume gate is off in 1.32), with the mounts naming it', () => {
    const stored = ok(
      real().create(pod({ volumes: [{ name: 'img', image: { reference: 'registry.example/data:1' } }], containers: [{ ...web, volumeMounts: [{ name: 'img', mountPath: '/img' }] }] }), {
        fieldManager: 'm',
      }),
    );
    const spec = (stored as { spec: { volumes?: unknown; containers: { volumeMounts?: unknown }[] } }).spec;
    expect(spec.volumes).toBeUndefined();
    expect(spec.containers[0].volumeMounts).toBeUndefined();
  });

  it("the common sources' required fields and paths", () => {
    expect(
      podMessage({
        volumes: [
          { name: 'a', configMap: {} },
          { name: 'b', secret: { items: [{ key: 'k', path: '../up' }] } },
          { name: 'c', persistentVolumeClaim: { claimName: '' } },
          { name: 'd', hostPath: { path: '' } },
          { name: 'e', hostPath: { path: '/var/log', type: 'Dir' } },
        ],
        containers: [web],
      }),
    ).toBe(
      podInvalid(
        'spec.volumes[0].configMap.name: Required value',
        'spec.volumes[1].secret.secretName: Required value',
        `spec.volumes[1].secret.items[0].path: Invalid value: "../up": must not contain '..'`,
        'spec.volumes[2].persistentVolumeClaim.claimName: Required value',
        'spec.volumes[3].hostPath.path: Required value',
        'spec.volumes[4].hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"',
      ),
    );
  });
});

describe('volume mounts', () => {
  it('mountPath required and not twice in one container; an empty name is required and not found', () => {
    expect(
      podMessage({
        volumes: [{ name: 'v', emptyDir: {} }],
        containers: [{ ...web, volumeMounts: [{ name: 'v', mountPath: '/a' }, { name: 'v', mountPath: '/a' }, { name: '', mountPath: '' }] }],
      }),
    ).toBe(
      podInvalid(
        'spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/a": must be unique',
        'spec.containers[0].volumeMounts[2].name: Required value',
        'spec.containers[0].volumeMounts[2].name: Not found: ""',
        'spec.containers[0].volumeMounts[2].mountPath: Required value',
      ),
    );
  });
});

describe('ports', () => {
  it('containerPort and hostPort in range, a supported protocol, IANA names unique in the container', () => {
    expect(
      podMessage({
        containers: [
          {
            ...web,
            ports: [
              { name: 'http', containerPort: 70000, protocol: 'HTTP' },
              { name: 'http', containerPort: 80, hostPort: -1 },
              { name: 'Metrics_Port_Long', containerPort: 9090 },
            ],
          },
        ],
      }),
    ).toBe(
      podInvalid(
        'spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive',
        'spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"',
        'spec.containers[0].ports[1].name: Duplicate value: "http"',
        'spec.containers[0].ports[1].hostPort: Invalid value: -1: must be between 1 and 65535, inclusive',
        'spec.containers[0].ports[2].name: Invalid value: "Metrics_Port_Long": must be no more than 15 characters',
        'spec.containers[0].ports[2].name: Invalid value: "Metrics_Port_Long": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      ),
    );
  });

  it('with host networking a host port is its container port (a template may leave it 0)', () => {
    const containers = [{ ...web, ports: [{ containerPort: 80, hostPort: 8080 }, { containerPort: 443 }] }];
    expect(podMessage({ hostNetwork: true, containers })).toBe(
      podInvalid('spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true'),
    );
    expect(fail(real().create(workload('DaemonSet', { hostNetwork: true, containers }), { fieldManager: 'm' })).message).toBe(
      'DaemonSet.apps "x" is invalid: spec.template.spec.containers[0].ports[0].hostPort: Invalid value: 8080: must match `containerPort` when `hostNetwork` is true',
    );
    ok(real().create(workload('DaemonSet', { hostNetwork: true, containers: [{ ...web, ports: [{ containerPort: 443 }] }] }), { fieldManager: 'm' }));
  });

  it('the same host port twice among the containers', () => {
    const port = { containerPort: 80, hostPort: 8080 };
    expect(podMessage({ containers: [{ ...web, ports: [port] }, { name: 'b', image: 'x', ports: [port] }] })).toBe(
      podInvalid('spec.containers[1].ports[0].hostPort: Duplicate value: "TCP//8080"'),
    );
  });
});

describe('env', () => {
  it("names printable ASCII but '=' (1.32's relaxed rule); valueFrom exactly one source and not beside a value", () => {
    ok(real().create(pod({ containers: [{ ...web, env: [{ name: '1-my.VAR', value: 'x' }] }] }), { fieldManager: 'm' }));
    expect(
      podMessage({
        containers: [
          {
            ...web,
            env: [
              { name: 'A=B', value: 'x' },
              { name: 'C', value: 'x', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
              { name: 'D', valueFrom: {} },
              { name: 'E', valueFrom: { configMapKeyRef: { name: 'c', key: 'k' }, secretKeyRef: { name: 's', key: 'k' } } },
              { name: '' },
            ],
          },
        ],
      }),
    ).toBe(
      podInvalid(
        `spec.containers[0].env[0].name: Invalid value: "A=B": a valid environment variable name must consist only of printable ASCII characters other than '='`,
        'spec.containers[0].env[1].valueFrom: Invalid value: "": may not be specified when `value` is not empty',
        'spec.containers[0].env[2].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`',
        'spec.containers[0].env[3].valueFrom: Invalid value: "": may not have more than one field specified at a time',
        'spec.containers[0].env[4].name: Required value',
      ),
    );
  });
});

describe('downward API field paths', () => {
  it('an env fieldRef: a path the conversion knows, then one env may read; subscripts only of labels and annotations', () => {
    const ref = (fieldPath: string, apiVersion = 'v1') => ({ name: 'X', valueFrom: { fieldRef: { apiVersion, fieldPath } } });
    ok(real().create(pod({ containers: [{ ...web, env: [ref('status.podIP'), ref('spec.host'), ref("metadata.labels['app']")] }] }), { fieldManager: 'm' }));
    expect(
      podMessage({
        containers: [{ ...web, env: [ref('status.podIp'), ref('status.phase'), ref("spec['x']"), ref("metadata.annotations['Bad Key']"), ref('metadata.name', 'v2')] }],
      }),
    ).toBe(
      podInvalid(
        'spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "status.podIp": error converting fieldPath: field label not supported: status.podIp',
        'spec.containers[0].env[1].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"',
        `spec.containers[0].env[2].valueFrom.fieldRef.fieldPath: Invalid value: "spec['x']": error converting fieldPath: field label does not support subscript: spec['x']`,
        `spec.containers[0].env[3].valueFrom.fieldRef: Invalid value: "bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
        'spec.containers[0].env[4].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2',
      ),
    );
  });

  it('a downwardAPI volume item: the metadata paths only, errors at the source path', () => {
    expect(
      podMessage({ volumes: [{ name: 'info', downwardAPI: { items: [{ path: 'node', fieldRef: { fieldPath: 'spec.nodeName' } }] } }], containers: [web] }),
    ).toBe(
      podInvalid(
        'spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"',
      ),
    );
  });
});

describe('probes', () => {
  it('exactly one handler, counts not negative, successThreshold 1 but for readiness', () => {
    expect(
      podMessage({
        containers: [
          {
            ...web,
            livenessProbe: { periodSeconds: -1, successThreshold: 2 },
            readinessProbe: { httpGet: { port: 8080 }, tcpSocket: { port: 8080 }, successThreshold: 3 },
            startupProbe: { httpGet: { port: 70000 } },
          },
        ],
      }),
    ).toBe(
      podInvalid(
        'spec.containers[0].livenessProbe: Required value: must specify a handler type',
        'spec.containers[0].livenessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0',
        'spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1',
        'spec.containers[0].readinessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type',
        'spec.containers[0].startupProbe.httpGet.port: Invalid value: 70000: must be between 1 and 65535, inclusive',
      ),
    );
  });
});

describe('lifecycle handlers', () => {
  it('postStart and preStop: exactly one handler each, checked as a probe handler is, before the probes', () => {
    expect(
      podMessage({
        containers: [
          {
            ...web,
            lifecycle: { postStart: {}, preStop: { exec: { command: [] }, httpGet: { port: 80 } } },
            readinessProbe: { tcpSocket: { port: 'HTTP' } },
          },
          { name: 'drain', image: 'x', lifecycle: { preStop: { sleep: { seconds: 5 } } } },
        ],
      }),
    ).toBe(
      podInvalid(
        'spec.containers[0].lifecycle.postStart: Required value: must specify a handler type',
        'spec.containers[0].lifecycle.preStop.exec.command: Required value',
        'spec.containers[0].lifecycle.preStop.httpGet: Forbidden: may not specify more than 1 handler type',
        'spec.containers[0].readinessProbe.tcpSocket.port: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
        'spec.containers[0].readinessProbe.tcpSocket.port: Invalid value: "HTTP": must contain at least one letter (a-z)',
      ),
    );
  });
});

describe('init containers', () => {
  it('the container checks, names unique across both lists, probes only when restarting always', () => {
    expect(
      podMessage({
        containers: [web],
        initContainers: [
          { name: 'web', image: 'busybox' },
          { name: 'init', livenessProbe: { exec: { command: ['true'] } } },
          { name: 'side', image: 'envoy', restartPolicy: 'OnFailure' },
          { name: 'init', image: 'x', restartPolicy: 'Always', startupProbe: { exec: { command: ['true'] } } },
        ],
      }),
    ).toBe(
      podInvalid(
        'spec.initContainers[0].name: Duplicate value: "web"',
        'spec.initContainers[1].image: Required value',
        'spec.initContainers[1].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always',
        'spec.initContainers[2].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
        'spec.initContainers[3].name: Duplicate value: "init"',
      ),
    );
  });
});

describe('resources and policies', () => {
  it('a resource name must be standard or fully qualified, and one a container may ask for', () => {
    // A template, whose requests are not defaulted from its limits; one name per map, as Go walks a map in random order.
    const deployment = workload('Deployment', { containers: [{ ...web, resources: { limits: { foo: '1' }, requests: { 'example.com/gpu': '1' } } }] });
    expect(fail(real().create(deployment, { fieldManager: 'm' })).message).toBe(
      'Deployment.apps "x" is invalid: [' +
        [
          'spec.template.spec.containers[0].resources.limits[foo]: Invalid value: "foo": must be a standard resource type or fully qualified',
          'spec.template.spec.containers[0].resources.limits[foo]: Invalid value: "foo": must be a standard resource for containers',
          'spec.template.spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources',
        ].join(', ') +
        ']',
    );
    expect(podMessage({ containers: [{ ...web, resources: { requests: { pods: '1' } } }] })).toBe(
      podInvalid('spec.containers[0].resources.requests[pods]: Invalid value: "pods": must be a standard resource for containers'),
    );
    ok(real().create(pod({ containers: [{ ...web, resources: { limits: { 'nvidia.com/gpu': '1', 'hugepages-2Mi': '4Mi', memory: '1Gi' } } }] }), { fieldManager: 'm' }));
  });

  it('pull, termination message and DNS policies from their supported values', () => {
    expect(podMessage({ containers: [{ ...web, imagePullPolicy: 'Sometimes', terminationMessagePolicy: 'Log' }], dnsPolicy: 'Google' })).toBe(
      podInvalid(
        'spec.containers[0].terminationMessagePolicy: Unsupported value: "Log": supported values: "File", "FallbackToLogsOnError"',
        'spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
        'spec.dnsPolicy: Unsupported value: "Google": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"',
      ),
    );
  });

  it('a Pod projecting a service account token names its account', () => {
    const volumes = [{ name: 'token', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } }];
    expect(podMessage({ volumes, containers: [web] })).toBe(
      podInvalid('spec.volumes[0].projected.sources[0].serviceAccountToken: Forbidden: must not be specified when serviceAccountName is not set'),
    );
    ok(real().create(pod({ volumes, containers: [web], serviceAccountName: 'builder' }), { fieldManager: 'm' }));
    ok(real().create(workload('Deployment', { volumes, containers: [web] }), { fieldManager: 'm' }));
  });

  it("a Pod's image may not have blanks around it (a template's may)", () => {
    expect(podMessage({ containers: [{ name: 'web', image: ' nginx' }] })).toBe(podInvalid('spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace'));
    ok(real().create(workload('Deployment', { containers: [{ name: 'web', image: ' nginx' }] }), { fieldManager: 'm' }));
  });
});

describe('the pod-level fields after the containers', () => {
  it('node selector labels, gate names, account, node and host names, in ValidatePodSpec order', () => {
    // A Job's template: a Pod's priorityClassName meets the Priority admission plugin first.
    const job = workload('Job', {
        containers: [web],
        nodeSelector: { 'kubernetes.io/os': 'linux os' },
        readinessGates: [{ conditionType: 'example.com/ready gate' }],
        schedulingGates: [{ name: 'example.com/wait' }, { name: 'example.com/wait' }],
        serviceAccountName: 'Builder',
        nodeName: 'node_1',
        activeDeadlineSeconds: 0,
        hostname: 'web.1',
        subdomain: 'Sub',
        priorityClassName: 'High',
    });
    const spec = 'spec.template.spec';
    expect(fail(real().create(job, { fieldManager: 'm' })).message).toBe(
      'Job.batch "x" is invalid: [' +
        [
        `${spec}.nodeSelector: Invalid value: "linux os": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
        `${spec}.readinessGates[0].conditionType: Invalid value: "example.com/ready gate": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
        `${spec}.schedulingGates[1]: Duplicate value: "example.com/wait"`,
        `${spec}.serviceAccountName: Invalid value: "Builder": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        `${spec}.nodeName: Invalid value: "node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        `${spec}.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive`,
        `${spec}.hostname: Invalid value: "web.1": must not contain dots`,
        `${spec}.subdomain: Invalid value: "Sub": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
        `${spec}.priorityClassName: Invalid value: "High": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        ].join(', ') +
        ']',
    );
  });

  it('tolerations: an empty key only with Exists, tolerationSeconds only with NoExecute, known operators and effects', () => {
    const deployment = workload('Deployment', {
      containers: [web],
      tolerations: [
        { operator: 'Equal', value: 'x' },
        { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule', tolerationSeconds: 60 },
        { key: 'dedicated', operator: 'In', effect: 'Evict' },
        { key: 'dedicated', value: 'a b' },
      ],
    });
    expect(fail(real().create(deployment, { fieldManager: 'm' })).message).toBe(
      'Deployment.apps "x" is invalid: [' +
        [
          'spec.template.spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys"',
          `spec.template.spec.tolerations[1].effect: Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set`,
          'spec.template.spec.tolerations[2].operator: Unsupported value: "In": supported values: "Equal", "Exists"',
          'spec.template.spec.tolerations[2].effect: Unsupported value: "Evict": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
          `spec.template.spec.tolerations[3].operator: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
        ].join(', ') +
        ']',
    );
  });
});
