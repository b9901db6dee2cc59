import { valueEquals } from '../../src/value/equals.js';
import type { Value, ValueMap } from '../../src/value/value.js';

/** One expected or actual step result, in the vectors' JSON form. */
export interface StepResult {
  error?: string;
  conflicts?: { manager: string; path: string }[];
  object: Value;
  managed: { manager: string; apiVersion: string; applied: boolean; fieldsV1: Value }[];
}

/**
 * Differences between an expected and an actual step result under the vectors README's rules:
 * error presence, conflicts per manager (order within a manager), object deep-equal with list
 * order, managed entries equal, and FieldsV1 key order as the reference writes it.
 */
export function stepDifferences(expected: StepResult, actual: StepResult): string[] {
  const diffs: string[] = [];
  if ((expected.error === undefined) !== (actual.error === undefined)) {
    diffs.push(`error: expected ${JSON.stringify(expected.error ?? null)}, got ${JSON.stringify(actual.error ?? null)}`);
  }
  const byManager = (cs: StepResult['conflicts']) => {
    const m = new Map<string, string[]>();
    for (const c of cs ?? []) m.set(c.manager, [...(m.get(c.manager) ?? []), c.path]);
    return m;
  };
  const ec = byManager(expected.conflicts);
  const ac = byManager(actual.conflicts);
  const names = new Set([...ec.keys(), ...ac.keys()]);
  for (const n of names) {
    const e = JSON.stringify(ec.get(n) ?? []);
    const a = JSON.stringify(ac.get(n) ?? []);
    if (e !== a) diffs.push(`conflicts with ${n}: expected ${e}, got ${a}`);
  }
  if (!valueEquals(expected.object, actual.object)) {
    diffs.push(`object:\n  expected ${JSON.stringify(expected.object)}\n  got      ${JSON.stringify(actual.object)}`);
  }
  const em = new Map((expected.managed ?? []).map((m) => [m.manager, m]));
  const am = new Map((actual.managed ?? []).map((m) => [m.manager, m]));
  for (const n of new Set([...em.keys(), ...am.keys()])) {
    const e = em.get(n);
    const a = am.get(n);
    if (!e || !a) {
      diffs.push(`manager ${n}: expected ${e ? 'present' : 'absent'}, got ${a ? 'present' : 'absent'}`);
      continue;
    }
    if (e.apiVersion !== a.apiVersion || e.applied !== a.applied) {
      diffs.push(`manager ${n}: expected ${e.apiVersion}/applied=${e.applied}, got ${a.apiVersion}/applied=${a.applied}`);
    }
    if (!valueEquals(e.fieldsV1, a.fieldsV1)) {
      diffs.push(`manager ${n} fieldsV1:\n  expected ${JSON.stringify(e.fieldsV1)}\n  got      ${JSON.stringify(a.fieldsV1)}`);
    } else if (keyOrder(e.fieldsV1) !== keyOrder(a.fieldsV1)) {
      diffs.push(`manager ${n} fieldsV1 key order:\n  expected ${keyOrder(e.fieldsV1)}\n  got      ${keyOrder(a.fieldsV1)}`);
    }
  }
  return diffs;
}

/** The keys of a FieldsV1 value in document order, recursively (what byte order depends on). */
function keyOrder(v: Value): string {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return '';
  const m = v as ValueMap;
  return Object.keys(m)
    .map((k) => `${k}(${keyOrder(m[k])})`)
    .join(',');
}
