import { canonicalQuantity } from '../../apiserver/quantity.js';
import { SsaError } from '../../errors/ssa-error.js';
import { type ValueMap, getKey, isMap, newMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlSetResourcesOptions } from '../actor.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { successLine } from './output.js';
import { hasPodSpec, mapContainers, selectsContainer } from './pod-template.js';
import { fetch, isEmptyPatch, resolveTarget, sendPatch, twoWayPatch } from './target.js';

/** A resource list as kubectl holds it after parsing: each quantity in resource.Quantity's written form. */
function parseResourceList(list: Readonly<Record<string, string>> | undefined): ValueMap | undefined {
  if (list === undefined || Object.keys(list).length === 0) return undefined;
  const out = newMap();
  for (const name of Object.keys(list)) {
    const q = canonicalQuantity(String(list[name]));
    if (!q.ok) throw new SsaError('INPUT', q.error);
    out[name] = q.text;
  }
  return out;
}

/** The container's resources with `changes` written over the list `key` (`limits` or `requests`). */
function withList(resources: ValueMap, key: string, changes: ValueMap | undefined): ValueMap {
  if (changes === undefined) return resources;
  const current = getKey(resources, key);
  const list = newMap();
  if (isMap(current)) for (const k of Object.keys(current)) list[k] = current[k]!;
  for (const k of Object.keys(changes)) list[k] = changes[k]!;
  const out = newMap();
  for (const k of Object.keys(resources)) out[k] = resources[k]!;
  out[key] = list;
  return out;
}

/** What kubectl's `%T` of the object it decoded names: the Go type of a built-in kind. */
function goTypeName(kind: string, version: string, custom: boolean): string {
  return custom ? '*unstructured.Unstructured' : `*${version}.${kind}`;
}

/**
 * `kubectl set resources <resource>/<name> [-c NAME] --limits=cpu=200m,memory=512Mi
 * --requests=...` (k8s.io/kubectl v0.32 pkg/cmd/set/set_resources.go) — manager `kubectl-set`,
 * a two-way strategic merge patch (Update) of the selected containers and init containers:
 * each named quantity is set (others in the list stay), written as resource.Quantity writes it
 * (`0.5` → `500m`, `2048Mi` → `2Gi`). `-c` takes kubectl's `*` wildcards (default every
 * container). Line: `deployment.apps/nginx resource requirements updated`; nothing is sent or
 * printed when nothing changes. kubectl reads the object first, then checks its flags:
 * `error: you must specify an update to requests or limits (in the form of --requests/--limits)`,
 * a quantity's parse error; then `error: unable to find container named web` when `-c` matches
 * none, and `error: configmaps/settings the object is not a pod or does not have a pod template:
 * *v1.ConfigMap` for a kind without one. A refused patch is `error: failed to patch resources
 * update to pod template <the server's message>`.
 */
export function kubectlSetResources(state: ClusterState, options: KubectlSetResourcesOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const dryRun = options.dryRun ?? 'none';
    const t = resolveTarget(wire, options);
    const live = fetch(wire, t, errors);
    if (!live) return;
    const limits = parseResourceList(options.limits);
    const requests = parseResourceList(options.requests);
    if (limits === undefined && requests === undefined) throw new SsaError('INPUT', 'you must specify an update to requests or limits (in the form of --requests/--limits)');
    if (!hasPodSpec(t.c.kind)) {
      errors.push({ kind: 'plain', message: `error: ${t.c.resource}/${t.c.name} the object is not a pod or does not have a pod template: ${goTypeName(t.c.kind, t.c.version, t.c.custom)}\n` });
      return;
    }
    const selector = options.container ?? '*';
    const { object, matched } = mapContainers(
      live,
      t.c.kind,
      selector,
      (c) => {
        const current = getKey(c, 'resources');
        const resources = withList(withList(isMap(current) ? current : newMap(), 'limits', limits), 'requests', requests);
        const out = newMap();
        for (const k of Object.keys(c)) out[k] = c[k]!;
        out.resources = resources;
        return out;
      },
      (name, sel) => typeof name === 'string' && selectsContainer(name, sel),
    );
    if (matched === 0) {
      errors.push({ kind: 'plain', message: `error: unable to find container named ${selector}` });
      return;
    }
    const { patchType, patch } = twoWayPatch(wire, t, live, object);
    if (isEmptyPatch(patch)) return;
    const sent: typeof errors = [];
    const r = sendPatch(wire, t, { patchType, patch, fieldManager: options.fieldManager ?? 'kubectl-set', dryRun }, sent);
    for (const e of sent) errors.push({ kind: 'plain', message: `failed to patch resources update to pod template ${e.message}` });
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'resource requirements updated', dryRun));
  });
}
