/**
 * RFC 3339 times as kube-apiserver reads them (metav1.Time: Go's `time.Parse(time.RFC3339, s)`),
 * so that a time Go refuses is refused here too instead of being rolled over by JavaScript's Date
 * (`2024-02-30` is not March 1st, `24:00` is not midnight).
 *
 * Go reads `2006-01-02T15:04:05[.fraction](Z|±hh:mm)`: a four-digit year, a month and a day that
 * exist (February 29th in leap years only), hours 0–23, minutes and seconds 0–59, an upper-case
 * `T` and `Z`. Its layout-driven fallback parser also takes a one-digit hour, a comma before the
 * fraction and zone offsets out of range (golang/go#54580); so does this.
 */

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d+))?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch (fraction truncated), or undefined when Go would refuse `text`. */
export function parseRfc3339(text: string): number | undefined {
  const m = TIME.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year) || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, m[7] === undefined ? 0 : Number(m[7].slice(0, 3).padEnd(3, '0')));
  const offset = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) * 60_000;
  return date.getTime() - offset;
}

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A time as users give one to ssa-sim (`--now`, a scenario's clock): RFC 3339 in its usual form
 * (two-digit hour, a period before the fraction), on a day that exists, read as Go reads it.
 */
export function parseGivenTime(text: string): number | undefined {
  return CANONICAL.test(text) ? parseRfc3339(text) : undefined;
}

/** True when `text` reads as an RFC 3339 time (see parseRfc3339). */
export function isRfc3339(text: string): boolean {
  return parseRfc3339(text) !== undefined;
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
