/**
 * kube-apiserver 1.32's RuntimeClass admission plugin (plugin/pkg/admission/runtimeclass), enabled
 * by default, on the creation of a Pod (not its subresources), after DefaultTolerationSeconds:
 *
 * - a `spec.runtimeClassName` naming no RuntimeClass is refused (403 `pods "p" is forbidden: pod
 *   rejected: RuntimeClass "gvisor" not found`);
 * - the class's `overhead.podFixed` becomes the pod's `spec.overhead`; a pod that already gives a
 *   different non-empty one is refused (`pod rejected: Pod's Overhead doesn't match RuntimeClass's
 *   defined Overhead`), and so is an overhead without a class that defines one (`pod rejected: Pod
 *   Overhead set without corresponding RuntimeClass defined Overhead`, the Validate half);
 * - the class's `scheduling.nodeSelector` is added to the pod's, a key the pod gives another value
 *   refused (`conflict: runtimeClass.scheduling.nodeSelector[k] = v; pod.spec.nodeSelector[k] = w`;
 *   upstream walks a Go map, so with several conflicts which one it names varies; here the first
 *   in key order), and its `scheduling.tolerations` merged into the pod's as
 *   pkg/util/tolerations MergeTolerations does (a toleration another one covers is dropped).
 *
 * What it sets is owned by nobody, as admission runs after the field manager. Quantities compare by
 * value (Semantic.DeepEqual's Quantity.Cmp). An empty overhead counts as none, as `len(...) > 0`
 * does upstream.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { withoutGoZeros } from './go-zero-normalize.js';
import { getPath, mapsAt, setPath } from './object-paths.js';
import { compareQuantities, parseQuantity } from './quantity.js';
import { semanticEqual } from './semantic-equal.js';
import { objectKey } from './storage-key.js';
import type { ClusterState, KubeObject } from './types.js';

/** The pod as the plugin leaves it, or the reason of its 403 (`pod rejected: ...`). */
export type RuntimeClassVerdict = { readonly ok: true; readonly pod: KubeObject } | { readonly ok: false; readonly refused: string };

export function runtimeClassAdmission(state: ClusterState, pod: KubeObject): RuntimeClassVerdict {
  const r = admit(state, pod);
  return typeof r === 'string' ? { ok: false, refused: r } : { ok: true, pod: r };
}

/** The pod, or the refusal's reason. */
function admit(state: ClusterState, pod: KubeObject): KubeObject | string {
  const name = getPath(pod, ['spec', 'runtimeClassName']);
  const podOverhead = getPath(pod, ['spec', 'overhead']);
  const hasOverhead = isMap(podOverhead) && Object.keys(podOverhead).length > 0;
  if (typeof name !== 'string') {
    return hasOverhead ? 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead' : pod;
  }
  const rc = state.objects.get(objectKey('node.k8s.io', 'runtimeclasses', '', name));
  if (!rc) return `pod rejected: RuntimeClass ${goQuote(name)} not found`;
  let out = pod;
  const overhead = getKey(rc, 'overhead');
  if (isMap(overhead)) {
    const fixed = getKey(overhead, 'podFixed');
    if (hasOverhead && !sameResources(fixed, podOverhead)) return "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";
    out = setPath(out, ['spec', 'overhead'], isMap(fixed) && Object.keys(fixed).length > 0 ? fixed : undefined);
  } else if (hasOverhead) {
    return 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead';
  }
  const scheduling = getKey(rc, 'scheduling');
  if (!isMap(scheduling)) return out;
  const rcSelector = getKey(scheduling, 'nodeSelector');
  const podSelector = getPath(out, ['spec', 'nodeSelector']);
  if (isMap(rcSelector)) {
    if (!isMap(podSelector)) out = setPath(out, ['spec', 'nodeSelector'], rcSelector);
    else {
      for (const key of Object.keys(rcSelector).sort()) {
        const want = rcSelector[key];
        if (Object.hasOwn(podSelector, key) && podSelector[key] !== want) {
          return `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${String(want)}; pod.spec.nodeSelector[${key}] = ${String(podSelector[key])}`;
        }
      }
      out = setPath(out, ['spec', 'nodeSelector'], { ...podSelector, ...rcSelector } as ValueMap);
    }
  }
  const merged = mergeTolerations(mapsAt(out, ['spec', 'tolerations']), mapsAt(scheduling, ['tolerations']));
  return setPath(out, ['spec', 'tolerations'], merged.length > 0 ? merged : undefined);
}

/** Two resource lists with the same names and quantities of equal value. */
function sameResources(a: Value | undefined, b: Value | undefined): boolean {
  const keys = (v: Value | undefined) => (isMap(v) ? Object.keys(v).sort() : []);
  const [ka, kb] = [keys(a), keys(b)];
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => {
    const x = parseQuantity(String((a as ValueMap)[k]));
    const y = parseQuantity(String((b as ValueMap)[k]));
    return x.ok && y.ok ? compareQuantities(x.quantity, y.quantity) === 0 : (a as ValueMap)[k] === (b as ValueMap)[k];
  });
}

const TOLERATION = 'io.k8s.api.core.v1.Toleration';
const field = (t: ValueMap, k: string): string => {
  const v = getKey(t, k);
  return typeof v === 'string' ? v : '';
};
const seconds = (t: ValueMap): bigint | undefined => {
  const v = getKey(t, 'tolerationSeconds');
  return typeof v === 'number' || typeof v === 'bigint' ? BigInt(v) : undefined;
};
const same = (a: ValueMap, b: ValueMap) => semanticEqual(withoutGoZeros(a, TOLERATION), withoutGoZeros(b, TOLERATION));

/** Whether `ss` tolerates everything `t` does (isSuperset). */
function covers(ss: ValueMap, t: ValueMap): boolean {
  if (same(ss, t)) return true;
  if (field(t, 'key') !== field(ss, 'key') && (field(ss, 'key') !== '' || field(ss, 'operator') !== 'Exists')) return false;
  if (field(t, 'effect') !== field(ss, 'effect') && field(ss, 'effect') !== '') return false;
  if (field(ss, 'effect') === 'NoExecute') {
    const limit = seconds(ss);
    const own = seconds(t);
    if (limit !== undefined && (own === undefined || own > limit)) return false;
  }
  switch (field(ss, 'operator')) {
    case 'Equal':
    case '':
      return field(t, 'operator') === 'Equal' && field(t, 'value') === field(ss, 'value');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

/** MergeTolerations: the pod's then the class's, less each one another covers (of equal ones, the first stays). */
function mergeTolerations(first: readonly ValueMap[], second: readonly ValueMap[]): ValueMap[] {
  const all = [...first, ...second];
  const merged: ValueMap[] = [];
  all.forEach((t, i) => {
    if (merged.some((m) => covers(m, t))) return;
    if (all.slice(i + 1).some((later) => !same(t, later) && covers(later, t))) return;
    merged.push(t);
  });
  return merged;
}
