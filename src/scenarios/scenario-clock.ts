/**
 * The clock of a cluster scenario: where it starts, and the check that it never leaves the times
 * a managedFields entry can hold. Kubernetes writes times as RFC 3339 with a four-digit year (Go's
 * time.Time refuses to marshal a later one), so 9999-12-31T23:59:59Z is the last time there is.
 */
export const DEFAULT_START = '2024-01-01T00:00:00Z';
export const LAST_TIME = '9999-12-31T23:59:59Z';

const LAST_SECONDS = Date.parse(LAST_TIME) / 1000;

/** Where the clock first passes LAST_TIME: in the wait before step i, or the tick after it. */
export type ClockOverrun = { readonly step: number; readonly by: 'wait' | 'tick' };

/**
 * Runs the clock through the steps as the runner does (each step's wait, then the tick after the
 * step) and says where it would first pass LAST_TIME; undefined when it never does.
 */
export function clockOverrun(start: string, tickSeconds: number, waits: readonly (number | undefined)[]): ClockOverrun | undefined {
  let t = Date.parse(start) / 1000;
  for (let step = 0; step < waits.length; step++) {
    t += waits[step] ?? 0;
    if (t > LAST_SECONDS) return { step, by: 'wait' };
    t += tickSeconds;
    if (t > LAST_SECONDS) return { step, by: 'tick' };
  }
  return undefined;
}
