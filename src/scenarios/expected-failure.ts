import type { StepRecord } from './run-types.js';

/**
 * Whether a step failed because the scenario says it must: it failed, every expectation held,
 * and at least one of them is about the failure (the step fails, its error, its error output, a
 * non-zero exit code, its conflicts, or a response code of 400 or more). A step whose 409 is the lesson is then shown as expected,
 * not as a failure; a failure no expectation asked for stays a failure.
 */
export function failureExpected(rec: StepRecord): boolean {
  if (rec.result.ok || !rec.passed) return false;
  return rec.expectations.some((r) => {
    const e = r.expectation.expectation;
    switch (e.kind) {
      case 'succeeds':
        return e.value === false;
      case 'error':
      case 'stderr':
      case 'stderrIncludes':
        return true;
      case 'exitCode':
        return e.code !== 0;
      case 'conflicts':
        return e.conflicts.length > 0;
      case 'responseCode':
        return e.code >= 400;
      default:
        return false;
    }
  });
}
