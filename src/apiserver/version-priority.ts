/**
 * The order kube-apiserver gives a group's versions in discovery, the preferred one first
 * (apimachinery's CompareKubeAwareVersionStrings, which apiextensions-apiserver sorts a CRD's
 * group by): GA before beta before alpha, a higher major version first, then a higher minor
 * one (`v2`, `v1`, `v1beta2`, `v1beta1`, `v1alpha1`); versions not of that form come last, in
 * alphabetical order.
 */

const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;
const TYPE_RANK: Readonly<Record<string, number>> = { alpha: 0, beta: 1, '': 2 };

function parse(v: string): { major: number; type: number; minor: number } | undefined {
  const m = KUBE_VERSION.exec(v);
  if (!m) return undefined;
  return { major: Number(m[1]), type: TYPE_RANK[m[2] ?? ''], minor: m[3] === undefined ? 0 : Number(m[3]) };
}

/** Negative when `a` comes before `b` (has the higher priority). */
export function compareVersionPriority(a: string, b: string): number {
  if (a === b) return 0;
  const pa = parse(a);
  const pb = parse(b);
  if (!pa && !pb) return a < b ? -1 : 1;
  if (!pa) return 1;
  if (!pb) return -1;
  return pb.type - pa.type || pb.major - pa.major || pb.minor - pa.minor;
}

/** `versions` in discovery order, the preferred first. */
export function byVersionPriority(versions: readonly string[]): string[] {
  return [...versions].sort(compareVersionPriority);
}
