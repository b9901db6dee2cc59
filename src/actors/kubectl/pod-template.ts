/** Where kubectl finds the pod spec of a workload (`kubectl set env/image`, `rollout restart`). */
import { SsaError } from '../../errors/ssa-error.js';
import { type Value, type ValueMap, getKey, isList, isMap } from '../../value/value.js';
import { getPath, setPath } from '../objects.js';

/** The kinds kubectl's UpdatePodSpecForObject knows: a pod, or a kind with a pod template. */
export function hasPodSpec(kind: string): boolean {
  return POD_SPEC_KINDS.has(kind);
}

const POD_SPEC_KINDS: ReadonlySet<string> = new Set(['Pod', 'CronJob', 'Deployment', 'DaemonSet', 'StatefulSet', 'ReplicaSet', 'ReplicationController', 'Job']);

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
 * Whether `-c`'s `spec` selects a container named `name` (kubectl's selectString, pkg/cmd/set
 * helper.go): `*` selects all, a spec without `*` only that name; otherwise each `*`-separated
 * part is searched for in turn. kubectl compares the index it finds, which counts from where the
 * search started, with that start, and the last part's end with the whole name's length; both as
 * kubectl does, so a spec selects what kubectl's selects.
 */
export function selectsContainer(name: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return name === spec;
  const parts = spec.split('*');
  let pos = 0;
  for (const [i, part] of parts.entries()) {
    if (part === '') continue;
    const next = name.slice(pos).indexOf(part);
    if (next < pos || (i === 0 && pos !== 0) || (i === parts.length - 1 && name.length !== part.length + next)) return false;
    pos = next;
  }
  return true;
}

/**
 * A copy of `obj` where each container (of every list) matching `selector` (`*` = all) went
 * through `change`; `matched` counts the containers selected. `selects` decides what matches
 * (default: the name itself, or `*`).
 */
export function mapContainers(
  obj: ValueMap,
  kind: string,
  selector: string,
  change: (container: ValueMap) => ValueMap,
  selects: (name: Value | undefined, selector: string) => boolean = (name, sel) => sel === '*' || name === sel,
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
      if (!selects(getKey(c, 'name'), selector)) return c;
      matched++;
      return change(c);
    });
    spec = setPath(spec, [list], next) as ValueMap;
  }
  return { object: setPath(obj, path, spec) as ValueMap, matched };
}
