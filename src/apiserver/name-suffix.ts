/**
 * The five random characters the API server appends to a generated name (`generateName`, a pod's
 * `kube-api-access-` volume): from the alphabet of k8s.io/apimachinery's rand.String, which leaves
 * out vowels and easily confused characters. Here they are derived from a counter, so that runs
 * are repeatable; `salt` keeps two names made for the same object apart.
 */
const NAME_CHARS = 'bcdfghjklmnpqrstvwxz2456789';

export function nameSuffix(counter: number, salt = 0): string {
  let n = counter + salt * 7919;
  let suffix = '';
  for (let i = 0; i < 5; i++) {
    suffix += NAME_CHARS[n % NAME_CHARS.length];
    n = Math.floor(n / NAME_CHARS.length) + 7 * (i + 1);
  }
  return suffix;
}
