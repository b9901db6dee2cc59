/**
 * The files a docs example runs on when it names them without showing them (`in=NAME` in the
 * block's mark, test/docs/doc-blocks.ts): each is made in a folder of its own before the example
 * runs. A name ending in `/` is an empty folder.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { capturedAwsNode } from '../cli/captured.js';
import { ROOT } from './doc-blocks.js';

/** A live object as `kubectl get -o yaml --show-managed-fields` prints it. */
const LIVE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1: {"f:data": {"f:a": {}}}
    manager: kubectl
    time: "2024-02-24T15:24:31Z"
    operation: Apply
data:
  a: "1"
`;
export const DOC_INPUTS: Record<string, Record<string, string | Uint8Array>> = {
  /** docs/cli.md: paths -f cannot read. */
  'cli-paths': { 'live.yaml': LIVE, 'empty-dir/': '' },
  /** docs/cli.md: the second object of app.yaml has no kind. */
  'cli-kind': {
    'live.yaml': LIVE,
    'app.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\napiVersion: v1\nmetadata:\n  name: b\n',
  },
  /** docs/cli.md: a Latin-1 byte at line 13, a control character at line 7. */
  'cli-bytes': {
    'live.yaml': LIVE,
    'latin1.yaml': Buffer.concat([Buffer.from(LIVE.replace('  a: "1"\n', '  a: ca')), Buffer.from([0xe9, 0x0a])]),
    'app.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n  namespace: default\ndata:\n  a: "x\u0001"\n',
  },
  /** docs/live-objects.md: a managedFields time Go cannot read. */
  'live-time': { 'live.yaml': LIVE.replace('time: "2024-02-24T15:24:31Z"', 'time: yesterday') },
  /** docs/schemas.md: the add-on's manifest with a typo in a field name, against the captured aws-node. */
  'typo-field': {
    'aws-k8s-cni.yaml': vpcCniManifest({ version: 'v1.10.1-eksbuild.1' }).replace('\n  updateStrategy:', '\n  updateStrategi:'),
    'live.yaml': readFileSync(join(ROOT, 'test', 'cli', 'aws-node-live.yaml')),
  },
  /** docs/scenarios.md: a scenario whose second step expects 5 replicas where there are 3. */
  'failing-scenario': {
    'deploy.yaml': `name: A response that is not what the scenario says
description: The second step reads the Deployment back and expects 5 replicas; it has 3.
steps:
  - title: apply the Deployment with 3 replicas
    request:
      verb: apply
      body:
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, namespace: default}
        spec:
          replicas: 3
          selector:
            matchLabels: {app: web}
          template:
            metadata:
              labels: {app: web}
            spec:
              containers:
                - name: web
                  image: nginx
      options: {fieldManager: kubectl}
  - title: read it back
    request:
      verb: get
      target: {apiVersion: apps/v1, kind: Deployment, namespace: default, name: web}
    expect:
      response:
        code: 200
        # the Deployment has 3
        body: {spec: {replicas: 5}}
`,
  },
  /** docs/reports.md: the EKS story's aws-node (client-side apply, then set env), and the add-on's next version. */
  'eks-story': {
    'aws-node.yaml': vpcCniManifest({ version: 'v1.11.4-eksbuild.1' }).split('\n---\n').find((d) => d.includes('\nkind: DaemonSet\n'))!,
    'live.yaml': capturedAwsNode(),
  },
  /** docs/ownership.md: fields two entries own that the object does not have. */
  'owned-gone': {
    'deploy.yaml': `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:replicas": {}, "f:template": {"f:spec": {"f:containers": {"k:{\\"name\\":\\"gone\\"}": {".": {}, "f:name": {}, "f:image": {}}}}}}}
    manager: alice
    operation: Apply
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:paused": {}}}
    manager: bob
    operation: Update
spec:
  replicas: 2
`,
  },
  /** docs/ownership.md: a kind no schema declares. */
  widget: {
    'widget.yaml': 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: default\n  managedFields:\n  - apiVersion: example.com/v1\n    fieldsType: FieldsV1\n    fieldsV1: {"f:spec": {"f:size": {}}}\n    manager: alice\n    operation: Apply\nspec:\n  size: 1\n',
  },
};
