/** Where kubectl finds the pod spec of a workload (`kubectl set env/image`, `rollout restart`). */
import { SsaError } from '../../errors/ssa-error.js';
import { type Value, type ValueMap, getKey, isList, isMap } from '../../value/value.js';
import { getPath, setPath } from '../objects.js';

export function podSpecPath(kind: string): readonly string[] {
  switch (kind) {
    case 'Pod':
      return ['spec'];
    case 'CronJob':
      return ['spec', 'jobTemplate', 'spec', 'template', 'spec'];
    case 'Deployment':
    case 'DaemonSet':
    case 'StatefulSet':
    case 'ReplicaSet':
    case 'ReplicationController':
    case 'Job':
      return ['spec', 'template', 'spec'];
    default:
      throw new SsaError('INPUT', `${kind.toLowerCase()} has no pod template: kubectl cannot change its containers`);
  }
}

/** The container lists of a pod spec kubectl's `set` commands walk: containers, then initContainers. */
export const CONTAINER_LISTS = ['containers', 'initContainers'] as const;

/**
 * A copy of `obj` where each container (of every list) matching `selector` (`*` = all) went
 * through `change`; `matched` counts the containers selected.
 */
export function mapContainers(
  obj: ValueMap,
  kind: string,
  selector: string,
  change: (container: ValueMap) => ValueMap,
): { object: ValueMap; matched: number } {
  const path = podSpecPath(kind);
  let spec = getPath(obj, path);
  let matched = 0;
  if (!isMap(spec)) return { object: obj, matched };
  for (const list of CONTAINER_LISTS) {
    const items = getKey(spec, list);
    if (!isList(items)) continue;
    const next: Value[] = items.map((c) => {
      if (!isMap(c)) return c;
      if (selector !== '*' && getKey(c, 'name') !== selector) return c;
      matched++;
      return change(c);
    });
    spec = setPath(spec, [list], next) as ValueMap;
  }
  return { object: setPath(obj, path, spec) as ValueMap, matched };
}
