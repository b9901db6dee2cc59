/**
 * `--live cluster`: the live objects of a manifest, read with the user's own kubectl
 * (`kubectl get -o json --show-managed-fields`). Each object is named by its resource, version
 * and group (`daemonsets.v1.apps/aws-node`, `configmaps.v1./c`), so kubectl's REST mapping has no
 * choice to make; objects are aimed as `kubectl apply` aims them (the object's namespace, else
 * `-n`, else the context's namespace, else `default`). One kubectl call per namespace.
 */
import { withNamespace } from '../actors/objects.js';
import { createCluster, findResource } from '../apiserver/index.js';
import { splitApiVersion } from '../apiserver/registry.js';
import type { ResourceType } from '../apiserver/types.js';
import { SsaError } from '../errors/ssa-error.js';
import type { Manifest } from '../manifest/index.js';
import type { SchemaCatalog } from '../schema/catalog.js';
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import type { CommandIO } from './io.js';
import { accessArgs, type KubectlAccess, kubectlFailure, runKubectl } from './kubectl-process.js';
import { type LiveObject, liveObjectsFromText } from './read-live.js';

/** The name the live objects read from a cluster go by in messages and reports. */
export const CLUSTER_SOURCE = 'the cluster';

/** An object of the manifest, where kubectl would look for it. */
export interface ClusterTarget {
  readonly apiVersion: string;
  readonly kind: string;
  readonly group: string;
  readonly name: string;
  /** '' for cluster-scoped kinds. */
  readonly namespace: string;
  /** What `kubectl get` is given: `daemonsets.v1.apps/aws-node`. */
  readonly ref: string;
}

export interface ClusterRead {
  readonly objects: readonly LiveObject[];
  /** Manifest objects the cluster does not have (kubectl's NotFound): an apply creates them. */
  readonly missing: readonly ClusterTarget[];
  /**
   * The namespace objects without one were aimed at when no -n was given (the context's, or
   * `default`); undefined when no such object needed one.
   */
  readonly contextNamespace: string | undefined;
  /**
   * The manifest's objects as kubectl apply sends them: namespaced objects without a namespace
   * get the context's when there is no -n (kubectl does not enforce it on the others).
   */
  readonly aimed: readonly ValueMap[];
}

const str = (m: Value | undefined, key: string): string => {
  const v = isMap(m) ? getKey(m, key) : undefined;
  return typeof v === 'string' ? v : '';
};

/** The resource serving the object's kind at its version; undefined for kinds no schema here declares. */
function resourceOf(resources: readonly ResourceType[], obj: ValueMap): ResourceType | undefined {
  return findResource(resources, str(obj, 'apiVersion'), { kind: str(obj, 'kind') })?.resource;
}

/** The namespace of the kubeconfig's current (or --context) context; '' when it names none. */
async function contextNamespace(access: KubectlAccess, io: CommandIO): Promise<string> {
  const args = [...accessArgs(access), 'config', 'view', '--minify', '--output', 'jsonpath={.contexts[0].context.namespace}'];
  const answer = await runKubectl(args, io);
  if (answer.code !== 0) throw kubectlFailure(io, args, answer);
  return answer.stdout.trim();
}

/**
 * Where each manifest object is looked for. `namespace` is -n; `fallback` the namespace for
 * namespaced objects without one when there is no -n.
 */
export function clusterTargets(manifests: readonly Manifest[], resources: readonly ResourceType[], namespace: string | undefined, fallback: string): ClusterTarget[] {
  return manifests.map((m) => {
    const obj = m.object;
    const apiVersion = str(obj, 'apiVersion');
    const kind = str(obj, 'kind');
    if (!apiVersion || !kind) throw new SsaError('INPUT', 'apiVersion not set or kind not set: --live cluster reads each object by kind, apiVersion and name', { source: m.source });
    const meta = getKey(obj, 'metadata');
    const name = str(meta, 'name');
    if (!name) throw new SsaError('INPUT', `${kind} has no metadata.name: --live cluster reads each object by name`, { source: m.positionOf(['metadata']) });
    const { group, version } = splitApiVersion(apiVersion);
    const resource = resourceOf(resources, obj);
    // A kind ssa-sim does not know is assumed namespaced (kubectl ignores -n for cluster-scoped ones).
    const namespaced = resource?.namespaced ?? true;
    // A kind ssa-sim does not know goes by its kind, which kubectl maps as it maps a resource name.
    const ref = `${resource?.resource ?? kind}.${version}.${group}/${name}`;
    return { apiVersion, kind, group, name, namespace: namespaced ? str(meta, 'namespace') || namespace || fallback : '', ref };
  });
}

/** Whether kubectl's answer OBJ is the object T asked for (one without a namespace is cluster-scoped, whatever ssa-sim assumed). */
function sameObject(t: ClusterTarget, obj: ValueMap): boolean {
  const meta = getKey(obj, 'metadata');
  const namespace = str(meta, 'namespace');
  return splitApiVersion(str(obj, 'apiVersion')).group === t.group && str(obj, 'kind') === t.kind && str(meta, 'name') === t.name && (t.namespace === '' || namespace === '' || namespace === t.namespace);
}

/**
 * The live objects of MANIFESTS, read with kubectl. kubectl's NotFound is not an error: the object
 * is reported missing (an apply creates it). Any other kubectl failure is an error carrying
 * kubectl's own message; kubectl's warnings on success are passed on to stderr.
 */
export async function readLiveFromCluster(
  manifests: readonly Manifest[],
  opts: { readonly catalog: SchemaCatalog; readonly namespace: string | undefined; readonly access: KubectlAccess },
  io: CommandIO,
): Promise<ClusterRead> {
  const resources = createCluster({ catalog: opts.catalog }).config.resources;
  const needsNamespace =
    opts.namespace === undefined && manifests.some((m) => (resourceOf(resources, m.object)?.namespaced ?? true) && str(getKey(m.object, 'metadata'), 'namespace') === '');
  const fromContext = needsNamespace ? (await contextNamespace(opts.access, io)) || 'default' : undefined;
  const targets = clusterTargets(manifests, resources, opts.namespace, fromContext ?? 'default');
  const byNamespace = new Map<string, string[]>();
  for (const t of targets) {
    const refs = byNamespace.get(t.namespace) ?? [];
    if (!refs.includes(t.ref)) refs.push(t.ref);
    byNamespace.set(t.namespace, refs);
  }
  const found: LiveObject[] = [];
  for (const [namespace, refs] of byNamespace) {
    const args = [...accessArgs(opts.access), 'get', ...(namespace ? ['--namespace', namespace] : []), '--output', 'json', '--show-managed-fields', '--ignore-not-found', ...refs];
    const answer = await runKubectl(args, io);
    if (answer.code !== 0) throw kubectlFailure(io, args, answer);
    if (answer.stderr !== '') io.writeError(answer.stderr);
    if (answer.stdout.trim() !== '') found.push(...liveObjectsFromText(answer.stdout, CLUSTER_SOURCE, io));
  }
  // In the manifest's order; an object named twice in the manifest is read once.
  const objects: LiveObject[] = [];
  const missing: ClusterTarget[] = [];
  for (const t of targets) {
    const live = found.find((o) => sameObject(t, o.manifest.object));
    if (live === undefined) {
      if (!missing.some((x) => x.ref === t.ref && x.namespace === t.namespace)) missing.push(t);
    } else if (!objects.includes(live)) objects.push(live);
  }
  const aimed = manifests.map((m) => {
    const namespaced = resourceOf(resources, m.object)?.namespaced ?? true;
    const given = str(getKey(m.object, 'metadata'), 'namespace');
    return fromContext !== undefined && namespaced && given === '' ? withNamespace(m.object, fromContext) : m.object;
  });
  return { objects, missing, contextNamespace: fromContext, aimed };
}
