/**
 * The seeds the fuzzer mutates: inputs a user really gives ssa-sim. Live objects come from the
 * project's own captured DaemonSet and from a preview of the vpc-cni add-on over it (a full-size
 * object with several managers); manifests are the add-on's documents; scenarios are the library;
 * engine requests are built from those objects with the built-in and the deduced schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, parseAllDocuments } from 'yaml';
import { vpcCniManifest, VPC_CNI_VERSIONS } from '../src/actors/eks/addons/index.js';
import type { Tree } from './mutate-value.js';

export interface Corpus {
  /** Captured live objects (YAML text), managedFields included. */
  readonly live: readonly string[];
  /** Manifests to apply (YAML text, one or several documents). */
  readonly manifests: readonly string[];
  /** Scenario files: name and text. */
  readonly scenarios: readonly { name: string; text: string }[];
  /** Engine requests as trees (serialized to one JSON line per case). */
  readonly engineRequests: readonly Tree[];
  /** Field paths that explain is asked about. */
  readonly paths: readonly string[];
}

const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:a: {}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2022-08-23T09:00:00Z"
data:
  a: "1"
`;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: p
  namespace: default
spec:
  containers:
  - name: a
    image: x
    ports:
    - containerPort: 80
      protocol: TCP
`;

function docs(text: string): Tree[] {
  return parseAllDocuments(text).map((d) => d.toJS() as Tree);
}

/** `live` with an engine request applying `applied` over it, and the same with no schema. */
function engineRequests(objects: Tree[]): Tree[] {
  const out: Tree[] = [];
  for (const object of objects) {
    if (typeof object !== 'object' || object === null || Array.isArray(object)) continue;
    const kind = String(object.kind);
    const type = kind === 'DaemonSet' ? 'io.k8s.api.apps.v1.DaemonSet' : kind === 'Pod' ? 'io.k8s.api.core.v1.Pod' : kind === 'ConfigMap' ? 'io.k8s.api.core.v1.ConfigMap' : '';
    const apiVersion = String(object.apiVersion);
    const step = (op: string, manager: string, force = false): Tree => ({ op, manager, apiVersion, object, force });
    out.push({ schema: 'builtin', type, steps: [step('apply', 'a'), step('update', 'b'), step('apply', 'c', true)] });
    out.push({ schema: '', type: '', steps: [step('update', 'a'), step('apply', 'b')] });
  }
  return out;
}

export function loadCorpus(repo: string, extraLive: readonly string[] = []): Corpus {
  const captured = readFileSync(join(repo, 'test', 'cli', 'aws-node-live.yaml'), 'utf8');
  const manifests = VPC_CNI_VERSIONS.map((version) => vpcCniManifest({ version }));
  const scenarioDir = join(repo, 'scenarios');
  const scenarios = readdirSync(scenarioDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(scenarioDir, name), 'utf8') }));
  const live = [captured, CONFIG_MAP, ...extraLive];
  const objects = [...live.flatMap(docs), ...docs(POD), ...docs(manifests[0])];
  for (const o of objects) if (o && typeof o === 'object' && !Array.isArray(o) && o.metadata && typeof o.metadata === 'object') delete (o.metadata as Record<string, Tree>).managedFields;
  return {
    live,
    manifests: [...manifests, POD, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: "2"\n  b: x\n'],
    scenarios,
    engineRequests: engineRequests(objects),
    paths: [
      '.spec.template.spec.containers[name="aws-node"].image',
      '.spec.template.spec.containers[0].env',
      '.metadata.labels.k8s-app',
      '.data.a',
      '.spec',
      '.x[',
      '.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"].value',
    ],
  };
}

/** A YAML document's tree, or undefined when the text does not parse. */
export function treeOf(text: string): Tree | undefined {
  try {
    return parseYaml(text) as Tree;
  } catch {
    return undefined;
  }
}
