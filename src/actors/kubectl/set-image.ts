import { SsaError } from '../../errors/ssa-error.js';
import { type ValueMap, newMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlSetImageOptions } from '../actor.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { successLine } from './output.js';
import { mapContainers } from './pod-template.js';
import { fetch, isEmptyPatch, resolveTarget, sendPatch, twoWayPatch } from './target.js';

/**
 * `kubectl set image <resource>/<name> <container>=<image> ...` — manager `kubectl-set`, a
 * strategic merge patch (Update); containers and init containers are searched, `*` changes
 * all of them. Line: `daemonset.apps/aws-node image updated`; an unknown container is
 * `error: unable to find container named "x"`. The entry gets
 * `.spec.template.spec.containers[name="aws-node"].image`.
 */
export function kubectlSetImage(state: ClusterState, options: KubectlSetImageOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const t = resolveTarget(wire, options);
    const live = fetch(wire, t, errors);
    if (!live) return;
    let object: ValueMap = live;
    for (const [container, image] of Object.entries(options.images)) {
      const r = mapContainers(object, t.c.kind, container, (c) => {
        const out = newMap();
        for (const k of Object.keys(c)) out[k] = c[k];
        out.image = image;
        return out;
      });
      if (r.matched === 0) throw new SsaError('INPUT', `unable to find container named "${container}"`);
      object = r.object;
    }
    const { patchType, patch } = twoWayPatch(wire, t, live, object);
    if (isEmptyPatch(patch)) return;
    const r = sendPatch(wire, t, { patchType, patch, fieldManager: options.fieldManager ?? 'kubectl-set', dryRun: options.dryRun ?? 'none' }, errors);
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'image updated', options.dryRun ?? 'none'));

  });
}
