/**
 * `kubectl delete TYPE/NAME` or `kubectl delete -f FILE` (k8s.io/kubectl v0.32 pkg/cmd/delete):
 * one DELETE per object with DeleteOptions `{"propagationPolicy":"Background"}` (no grace period
 * given), nothing read first; kubectl then waits until the object is gone (here at once). Line per
 * object: `configmap "settings" deleted`, `deployment.apps "nginx" deleted`. A failure is the
 * server's error, named after the file for `-f`
 * (`Error from server (NotFound): error when deleting "cm.yaml": configmaps "settings" not found`);
 * the other objects are still deleted. `ignoreNotFound` drops the NotFound errors silently.
 * `--dry-run=server` sends each DELETE with `"dryRun":["All"]` after the policy in its body (not in
 * the query) and prints `deleted (server dry run)`; `--dry-run=client` sends nothing and prints
 * `deleted (dry run)` for every object named, there or not.
 */
import type { ObjectRef } from '../../apiserver/types.js';
import { SsaError } from '../../errors/ssa-error.js';
import { newMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, DryRun, KubectlDeleteOptions } from '../actor.js';
import { toObjects } from '../objects.js';
import type { ObjectCoordinates } from '../resources.js';
import type { Wire } from '../wire.js';
import { kubectlWire, printWarnings, runKubectl, statusError } from './kubectl.js';
import { type KubectlError, STDIN_SOURCE, withSource } from './output.js';
import { buildTargets } from './resource-builder.js';
import { resolveTarget } from './target.js';

/**
 * What `kubectl delete` prints for a deleted object: the kind (with its group), the quoted name,
 * and `(dry run)` / `(server dry run)` after `deleted` for `--dry-run`.
 */
export function deletedLine(c: ObjectCoordinates, dryRun: DryRun = 'none'): string {
  const suffix = dryRun === 'server' ? ' (server dry run)' : dryRun === 'client' ? ' (dry run)' : '';
  return `${c.kind.toLowerCase()}${c.group ? `.${c.group}` : ''} "${c.name}" deleted${suffix}\n`;
}

/** The outcome of one DELETE: 'deleted', 'not found' (the server's 404), or the error kubectl reports. */
export type DeleteResult = { readonly kind: 'deleted' } | { readonly kind: 'not found'; readonly error: KubectlError } | { readonly kind: 'failed'; readonly error: KubectlError };

/** Sends kubectl's DELETE of one object; `source` is the `-f` argument ('' when the object was named on the command line). */
export function deleteOne(wire: Wire, c: ObjectCoordinates, source: string, purpose?: string, serverDryRun = false): DeleteResult {
  const ref: ObjectRef = { apiVersion: c.apiVersion, kind: c.kind, name: c.name, ...(c.namespaced ? { namespace: c.namespace } : {}) };
  const body = newMap();
  body.propagationPolicy = 'Background';
  // cli-runtime's Helper puts a server dry run in the DeleteOptions, after the policy (struct order)
  if (serverDryRun) body.dryRun = ['All'];
  const r = wire.delete(ref, body, purpose);
  printWarnings(wire, r);
  if (r.ok) return { kind: 'deleted' };
  // kubectl's AddSourceToErr leaves an error without a source as it is
  const error = source === '' ? statusError(r) : withSource(statusError(r), 'deleting', source);
  return r.code === 404 ? { kind: 'not found', error } : { kind: 'failed', error };
}

export function kubectlDelete(state: ClusterState, options: KubectlDeleteOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const targets: { c: ObjectCoordinates; source: string }[] = [];
    if (options.manifests !== undefined) {
      if (options.resource !== undefined) throw new SsaError('INPUT', 'there is no need to specify a resource type as a separate argument when passing arguments in resource/name form');
      const source = options.filename ?? STDIN_SOURCE;
      const built = buildTargets(wire.state, toObjects(options.manifests, undefined, options.readObjects), options.namespace, source);
      errors.push(...built.errors);
      for (const t of built.targets) targets.push({ c: t.c, source });
    } else {
      if (options.resource === undefined) throw new SsaError('INPUT', 'You must provide one or more resources by argument or filename.');
      targets.push({ c: resolveTarget(wire, { resource: options.resource, ...(options.name !== undefined ? { name: options.name } : {}), ...(options.namespace !== undefined ? { namespace: options.namespace } : {}) }).c, source: '' });
    }
    const dryRun = options.dryRun ?? 'none';
    for (const { c, source } of targets) {
      // kubectl reads nothing before a delete, so a client dry run names every object it was given
      if (dryRun === 'client') {
        wire.print(deletedLine(c, dryRun));
        continue;
      }
      const r = deleteOne(wire, c, source, undefined, dryRun === 'server');
      if (r.kind === 'deleted') wire.print(deletedLine(c, dryRun));
      else if (r.kind === 'failed' || !options.ignoreNotFound) errors.push(r.error);
    }
  });
}
