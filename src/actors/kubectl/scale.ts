import { SsaError } from '../../errors/ssa-error.js';
import { getKey, isMap, newMap, type ValueMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlScaleOptions } from '../actor.js';
import { getPath } from '../objects.js';
import { kubectlWire, printWarnings, runKubectl, statusError } from './kubectl.js';
import { successLine } from './output.js';
import { fetch, resolveTarget, sendPatch } from './target.js';

/**
 * `kubectl scale <resource>/<name> --replicas=N` — through the `scale` subresource with **no**
 * field manager (kubectl scale has no --field-manager flag), so the server names the manager
 * after kubectl's user agent: `kubectl`, operation Update, subresource `scale`
 * (apiserver-semantics §3.5, §6). A merge patch `{"spec":{"replicas":N}}`; with
 * `currentReplicas` kubectl reads the Scale and PUTs it back instead. Line:
 * `deployment.apps/nginx scaled`. kubectl reads the object first: one that does not exist is
 * `error: no objects passed to scale deployments.apps "nginx" not found`, with nothing sent.
 * Per the server's scale handling, a write that nobody owned
 * replicas before is not tracked, and the resulting Update entry has no time.
 */
export function kubectlScale(state: ClusterState, options: KubectlScaleOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    if (!Number.isInteger(options.replicas) || options.replicas < 0) throw new SsaError('INPUT', 'The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0');
    const t = resolveTarget(wire, options);
    const dryRun = options.dryRun ?? 'none';
    // kubectl reads the object first (its resource builder): one it cannot read is not scaled.
    const object = wire.get(t.ref);
    if (!object.ok) throw new SsaError('INPUT', `no objects passed to scale ${object.status.message}`);
    if (options.currentReplicas !== undefined) {
      const scale = fetch(wire, t, errors, 'scale');
      if (!scale) return;
      const current = getPath(scale, ['spec', 'replicas']) ?? 0;
      if (current !== options.currentReplicas) throw new SsaError('INPUT', `Expected replicas to be ${options.currentReplicas}, was ${String(current)}`);
      if (dryRun !== 'client') {
        const r = wire.send({
          verb: 'update',
          body: typedScale(scale, options.replicas),
          target: t.ref,
          options: { subresource: 'scale', dryRun: dryRun === 'server' },
        });
        printWarnings(wire, r);
        if (!r.ok) {
          errors.push(statusError(r));
          return;
        }
      }
    } else {
      const spec = newMap();
      spec.replicas = options.replicas;
      const patch = newMap();
      patch.spec = spec;
      const r = sendPatch(wire, t, { patchType: 'merge', patch, dryRun, subresource: 'scale' }, errors);
      if (!r.ok) return;
    }
    wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'scaled', dryRun));
  });
}

/**
 * The Scale kubectl PUTs back: the one it read, decoded into autoscaling/v1's Go struct, with the
 * new replicas. That struct drops `spec.replicas` when it is 0 (omitempty), always writes
 * `status.replicas` (0 when absent) and drops an empty `status.selector`
 * (k8s.io/api v0.32 autoscaling/v1 types.go).
 */
function typedScale(scale: ValueMap, replicas: number): ValueMap {
  const out: ValueMap = { ...scale };
  const spec = newMap();
  if (replicas !== 0) spec.replicas = replicas;
  out.spec = spec;
  const read = getPath(scale, ['status']);
  const status = newMap();
  status.replicas = getPath(scale, ['status', 'replicas']) ?? 0;
  const selector = isMap(read) ? getKey(read, 'selector') : undefined;
  if (typeof selector === 'string' && selector !== '') status.selector = selector;
  out.status = status;
  return out;
}
