/**
 * Go's `time.Duration` as text, the JSON of `metav1.Duration`: `1h0m0s`, `1m30s`, `1.5s`,
 * `100ms`, `1.5µs`, `1ns`, `0s` (what `Duration.String` writes) and what `time.ParseDuration`
 * reads (`90m`, `1h30m`, `.5s`, `2us`).
 */

const UNITS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1000n,
  'µs': 1000n,
  'μs': 1000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

function fraction(v: bigint, digits: number): string {
  if (v === 0n) return '';
  return '.' + v.toString().padStart(digits, '0').replace(/0+$/, '');
}

/** A duration in nanoseconds as Go writes it. */
export function goDurationText(nanos: bigint): string {
  if (nanos === 0n) return '0s';
  const sign = nanos < 0n ? '-' : '';
  const u = nanos < 0n ? -nanos : nanos;
  if (u < 1000n) return `${sign}${u}ns`;
  if (u < 1_000_000n) return `${sign}${u / 1000n}${fraction(u % 1000n, 3)}µs`;
  if (u < 1_000_000_000n) return `${sign}${u / 1_000_000n}${fraction(u % 1_000_000n, 6)}ms`;
  const secs = u / 1_000_000_000n;
  const h = secs / 3600n;
  const m = (secs / 60n) % 60n;
  const s = secs % 60n;
  return `${sign}${h > 0n ? `${h}h` : ''}${h > 0n || m > 0n ? `${m}m` : ''}${s}${fraction(u % 1_000_000_000n, 9)}s`;
}

/** A duration text in nanoseconds, or undefined when Go would not read it. */
export function parseGoDuration(text: string): bigint | undefined {
  let rest = text;
  let sign = 1n;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest[0] === '-') sign = -1n;
    rest = rest.slice(1);
  }
  if (rest === '0') return 0n;
  if (rest === '') return undefined;
  let total = 0n;
  const re = /^(\d*)(?:\.(\d*))?(ns|us|µs|μs|ms|s|m|h)/;
  while (rest !== '') {
    const m = re.exec(rest);
    if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined;
    const unit = UNITS[m[3]];
    total += BigInt(m[1] || '0') * unit;
    if (m[2]) total += (BigInt(m[2]) * unit) / 10n ** BigInt(m[2].length);
    rest = rest.slice(m[0].length);
  }
  return sign * total;
}
