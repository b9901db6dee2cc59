/**
 * What the 1.32 pod strategy's PrepareForCreate does last (pkg/registry/core/pod/strategy.go
 * applyAppArmorVersionSkew), so that kubelets reading either form see the same profile. For each
 * container (init, regular, ephemeral) of a new Pod that is not a Windows pod:
 *
 * - without its annotation `container.apparmor.security.beta.kubernetes.io/<name>`, the
 *   container's `securityContext.appArmorProfile` (else the pod's) is written there as
 *   `unconfined`, `runtime/default` or `localhost/<profile>`;
 * - with it and no profile field on the container, the annotation is read back into a field
 *   (`localhost/` needs a profile name; one padded with blanks or over 4095 bytes is not copied),
 *   set on the container unless it equals the pod's profile; and the warning
 *   `metadata.annotations[<key>]: deprecated since v1.30; use the "appArmorProfile" field
 *   instead` is sent when it was set or could not be read.
 *
 * The strategy runs after the field manager, so what it writes is owned by nobody.
 */
import { getKey, hasKey, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { getPath, setPath } from './object-paths.js';
import { utf8Length } from './utf8.js';

const PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const LOCALHOST = 'localhost/';
const MAX_LOCALHOST_PROFILE = 4095;
const LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

const str = (v: Value | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** The annotation value a profile field stands for ('' when none). */
function annotationFor(profile: ValueMap): string {
  switch (str(getKey(profile, 'type'))) {
    case 'Unconfined':
      return 'unconfined';
    case 'RuntimeDefault':
      return 'runtime/default';
    case 'Localhost': {
      const name = str(getKey(profile, 'localhostProfile'));
      return name === undefined ? '' : LOCALHOST + name;
    }
    default:
      return '';
  }
}

/** The profile field an annotation value stands for, when it is a valid one. */
function fieldFor(annotation: string): ValueMap | undefined {
  const out = newMap();
  if (annotation === 'unconfined') out.type = 'Unconfined';
  else if (annotation === 'runtime/default') out.type = 'RuntimeDefault';
  else if (annotation.startsWith(LOCALHOST) && annotation.length > LOCALHOST.length) {
    const name = annotation.slice(LOCALHOST.length);
    if (name.trim() !== name || utf8Length(name) > MAX_LOCALHOST_PROFILE) return undefined;
    out.type = 'Localhost';
    out.localhostProfile = name;
  } else return undefined;
  return out;
}

const sameProfile = (a: ValueMap, b: ValueMap | undefined): boolean =>
  b !== undefined && getKey(a, 'type') === getKey(b, 'type') && (getKey(a, 'localhostProfile') ?? null) === (getKey(b, 'localhostProfile') ?? null);

export function appArmorVersionSkew(pod: ValueMap): { readonly pod: ValueMap; readonly warnings: readonly string[] } {
  if (getPath(pod, ['spec', 'os', 'name']) === 'windows') return { pod, warnings: [] };
  const podField = getPath(pod, ['spec', 'securityContext', 'appArmorProfile']);
  const podProfile = isMap(podField) ? podField : undefined;
  const warnings: string[] = [];
  let out = pod;
  for (const list of LISTS) {
    const containers = getPath(out, ['spec', list]);
    if (!Array.isArray(containers)) continue;
    containers.forEach((c, i) => {
      if (!isMap(c)) return;
      const key = PREFIX + String(getKey(c, 'name') ?? '');
      const annotations = getPath(out, ['metadata', 'annotations']);
      const own = getPath(c, ['securityContext', 'appArmorProfile']);
      const containerProfile = isMap(own) ? own : undefined;
      if (!isMap(annotations) || !hasKey(annotations, key)) {
        const profile = containerProfile ?? podProfile;
        const value = profile ? annotationFor(profile) : '';
        if (value !== '') out = setPath(out, ['metadata', 'annotations', key], value);
        return;
      }
      if (containerProfile) return;
      const field = fieldFor(String(getKey(annotations, key) ?? ''));
      let warn = field === undefined;
      if (field && !sameProfile(field, podProfile)) {
        const current = getPath(out, ['spec', list]) as Value[];
        const updated = current.map((x, j) => (j === i && isMap(x) ? setPath(x, ['securityContext', 'appArmorProfile'], field) : x));
        out = setPath(out, ['spec', list], updated);
        warn = true;
      }
      if (warn) warnings.push(`metadata.annotations[${key}]: deprecated since v1.30; use the "appArmorProfile" field instead`);
    });
  }
  return { pod: out, warnings };
}
