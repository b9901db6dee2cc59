import { type Value, type ValueMap, getKey, isList, isMap, newMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, KubectlSetEnvOptions } from '../actor.js';
import { kubectlWire, runKubectl } from './kubectl.js';
import { successLine } from './output.js';
import { mapContainers, selectsContainer } from './pod-template.js';
import { fetch, isEmptyPatch, resolveTarget, sendPatch, twoWayPatch } from './target.js';

/** kubectl's updateEnv: replace variables in place, drop removed ones, append new ones. */
function updateEnv(existing: readonly Value[], env: readonly ValueMap[], remove: readonly string[]): Value[] {
  const out: Value[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    const name = isMap(e) ? getKey(e, 'name') : undefined;
    if (typeof name === 'string' && covered.has(name)) continue;
    const newer = env.find((n) => n.name === name);
    if (newer && typeof name === 'string') {
      covered.add(name);
      out.push(newer);
      continue;
    }
    out.push(e);
  }
  for (const e of env) {
    const name = e.name as string;
    if (covered.has(name)) continue;
    covered.add(name);
    out.push(e);
  }
  return out;
}

/**
 * `kubectl set env <resource>/<name> NAME=value ... [NAME-]` — manager `kubectl-set`, a
 * strategic merge patch (Update). Every container and init container is changed unless
 * `container` (`-c`, with kubectl's `*` wildcards as set resources reads them) selects some; a
 * variable that exists is replaced in place, a new one appended.
 * Line: `daemonset.apps/aws-node env updated`; nothing is sent or printed when nothing changes.
 * The entry gets e.g. `.spec.template.spec.containers[name="aws-node"].env[name="WARM_IP_TARGET"]`
 * (`.`, `f:name`, `f:value`).
 */
export function kubectlSetEnv(state: ClusterState, options: KubectlSetEnvOptions): ActorOutcome {
  const wire = kubectlWire(state, options);
  return runKubectl(wire, (errors) => {
    const t = resolveTarget(wire, options);
    const live = fetch(wire, t, errors);
    if (!live) return;
    const env = Object.entries(options.env ?? {}).map(([name, value]) => {
      const m = newMap();
      m.name = name;
      m.value = value;
      return m;
    });
    const selector = options.container ?? '*';
    const { object, matched } = mapContainers(live, t.c.kind, selector, (c) => {
      const out = newMap();
      for (const k of Object.keys(c)) out[k] = c[k];
      const existing = getKey(c, 'env');
      const next = updateEnv(isList(existing) ? existing : [], env, options.remove ?? []);
      if (next.length > 0) out.env = next;
      else delete out.env;
      return out;
    }, (name, sel) => typeof name === 'string' && selectsContainer(name, sel));
    if (matched === 0) {
      wire.printError(`warning: ${t.c.kind}/${t.c.name} does not have any containers matching "${selector}"\n`);
      return;
    }
    const { patchType, patch } = twoWayPatch(wire, t, live, object);
    if (isEmptyPatch(patch)) return;
    const r = sendPatch(wire, t, { patchType, patch, fieldManager: options.fieldManager ?? 'kubectl-set', dryRun: options.dryRun ?? 'none' }, errors);
    if (r.ok) wire.print(successLine(t.c.kind, t.c.group, t.c.name, 'env updated', options.dryRun ?? 'none'));
  });
}
