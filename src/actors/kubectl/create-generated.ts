/**
 * `kubectl create deployment|configmap|secret generic NAME ... --dry-run=client` (k8s.io/kubectl
 * v0.32 pkg/cmd/create/create_deployment.go, create_configmap.go, create_secret.go): kubectl
 * builds the typed object itself and, on a client dry run, only prints it. `-o yaml` is the
 * object as Go's encoding/json writes the typed struct (zero-valued fields that are not
 * `omitempty` included: `creationTimestamp: null`, a Deployment's `strategy: {}`, `resources: {}`,
 * `status: {}`), then sigs.k8s.io/yaml (keys sorted as yaml.v2 sorts them); `-o name` is
 * `deployment.apps/web`; otherwise `deployment.apps/web created (dry run)`.
 *
 * Only the client dry run is modelled: without it kubectl's typed clientset POSTs the object as
 * protobuf (`application/vnd.kubernetes.protobuf`, seen from real kubectl v1.32.4), which these
 * actors do not write; they refuse, saying so, rather than send other bytes.
 */
import { SsaError } from '../../errors/ssa-error.js';
import { toYaml } from '../../manifest/write-yaml.js';
import { newMap, type Value, type ValueMap } from '../../value/value.js';
import type {
  ActorOutcome,
  ClusterState,
  KubectlCreateConfigMapOptions,
  KubectlCreateDeploymentOptions,
  KubectlCreateGeneratedOptions,
  KubectlCreateSecretOptions,
} from '../actor.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { successLine } from './output.js';

function map(entries: readonly (readonly [string, Value])[]): ValueMap {
  const m = newMap();
  for (const [k, v] of entries) m[k] = v;
  return m;
}

/** ObjectMeta as the generators fill it: the name, the namespace only when `-n` was given, labels. */
function objectMeta(options: KubectlCreateGeneratedOptions, labels?: ValueMap): ValueMap {
  return map([
    ['name', options.name],
    ...(options.namespace !== undefined ? ([['namespace', options.namespace]] as const) : []),
    ['creationTimestamp', null],
    ...(labels ? ([['labels', labels]] as const) : []),
  ]);
}

/** The container name kubectl derives from an image: its last path part, before `:` and `@`. */
function containerName(image: string): string {
  const name = image.split('/').pop()!.split(':')[0]!.split('@')[0]!;
  // kubectl adds five random characters to a name it had to change (`_` or `.`): nothing to model
  if (/[_.]/.test(name)) throw new SsaError('INPUT', `the container name kubectl makes from image ${JSON.stringify(image)} ends in random characters; give an image whose name has no "_" or "."`);
  return name;
}

function deploymentObject(o: KubectlCreateDeploymentOptions): ValueMap {
  const labels = () => map([['app', o.name]]);
  const containers = o.images.map((image, i) =>
    map([
      ['name', containerName(image)],
      ['image', image],
      ...(i === 0 && o.port !== undefined && o.port >= 0 ? [['ports', [map([['containerPort', o.port]])] as Value] as const] : []),
      ['resources', newMap()],
    ]),
  );
  return map([
    ['kind', 'Deployment'],
    ['apiVersion', 'apps/v1'],
    ['metadata', objectMeta(o, labels())],
    [
      'spec',
      map([
        ['replicas', o.replicas ?? 1],
        ['selector', map([['matchLabels', labels()]])],
        ['template', map([['metadata', map([['creationTimestamp', null], ['labels', labels()]])], ['spec', map([['containers', containers]])]])],
        ['strategy', newMap()],
      ]),
    ],
    ['status', newMap()],
  ]);
}

function literalData(literals: Readonly<Record<string, string>> | undefined, encode: (v: string) => string): ValueMap | undefined {
  const keys = Object.keys(literals ?? {});
  return keys.length === 0 ? undefined : map(keys.map((k) => [k, encode(literals![k]!)] as const));
}

function configMapObject(o: KubectlCreateConfigMapOptions): ValueMap {
  const data = literalData(o.literals, (v) => v);
  return map([['kind', 'ConfigMap'], ['apiVersion', 'v1'], ['metadata', objectMeta(o)], ...(data ? ([['data', data]] as const) : [])]);
}

/** Go's base64.StdEncoding of the value's UTF-8 bytes, as `[]byte` fields are marshalled. */
function base64(v: string): string {
  let binary = '';
  for (const b of new TextEncoder().encode(v)) binary += String.fromCharCode(b);
  return btoa(binary);
}

function secretObject(o: KubectlCreateSecretOptions): ValueMap {
  const data = literalData(o.literals, base64);
  return map([
    ['kind', 'Secret'],
    ['apiVersion', 'v1'],
    ['metadata', objectMeta(o)],
    ...(data ? ([['data', data]] as const) : []),
    ...(o.type ? ([['type', o.type]] as const) : []),
  ]);
}

function printGenerated(state: ClusterState, options: KubectlCreateGeneratedOptions, object: ValueMap, group: string): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, () => {
    if (options.dryRun !== 'client') throw new SsaError('INPUT', `kubectl create ${String(object.kind).toLowerCase()} is modelled only with --dry-run=client (dryRun: client)`);
    if (options.output === 'yaml') wire.print(toYaml(object));
    else wire.print(successLine(String(object.kind), group, options.name, 'created', 'client', options.output === 'name'));
  });
}

export function kubectlCreateDeployment(state: ClusterState, options: KubectlCreateDeploymentOptions): ActorOutcome {
  return printGenerated(state, options, deploymentObject(options), 'apps');
}

export function kubectlCreateConfigMap(state: ClusterState, options: KubectlCreateConfigMapOptions): ActorOutcome {
  return printGenerated(state, options, configMapObject(options), '');
}

export function kubectlCreateSecret(state: ClusterState, options: KubectlCreateSecretOptions): ActorOutcome {
  return printGenerated(state, options, secretObject(options), '');
}
