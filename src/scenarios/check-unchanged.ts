/**
 * `unchangedSince`: the object (or the value at one of its paths, managedFields included) is as
 * it was after an earlier step, compared exactly.
 */
import type { Expectation, ObjectRef } from './model.js';
import { diffText, exactDifference } from './match-value.js';
import { fullObject, refText, viewOf } from './object-views.js';
import type { CheckContext, ExpectationResult, ObjectView, Snapshot, Verdict } from './run-types.js';
import { resolvePathString, valueAtPath } from './value-at-path.js';
import type { Value } from '../value/value.js';

/** `after step 2`, or `before the first step` for step 0. */
export function afterStep(n: number): string {
  return n === 0 ? 'before the first step' : `after step ${n}`;
}

function at(root: Value, path: string): Value | undefined {
  const p = resolvePathString(root, path);
  return p ? valueAtPath(root, p) : undefined;
}

/** The object under `ref`; without one, the only object of the snapshot. */
function find(snapshot: Snapshot, ref: ObjectRef | undefined): ObjectView | undefined {
  if (ref) return viewOf(snapshot, ref);
  return snapshot.objects.length === 1 ? snapshot.objects[0] : undefined;
}

export function checkUnchanged(e: Extract<Expectation, { kind: 'unchangedSince' }>, ref: ObjectRef | undefined, ctx: CheckContext, done: Verdict): ExpectationResult {
  const when = afterStep(e.step);
  const description = `${e.path ?? 'the object'} is as it was ${when}`;
  if (e.step >= ctx.history.length) return done(description, `step ${e.step} has not run before step ${ctx.step}`);
  const then = ctx.history[e.step];
  if (!ref && ctx.after.objects.length > 1) return done(description, 'this step touched no object; name one with `target: {kind, name, namespace}`');
  const name = ref ? refText(ref) : 'object';
  const before = find(then, ref);
  const now = find(ctx.after, ref);
  if (!before) return done(description, `step ${ctx.step}, there was no ${name} ${when}`);
  if (!now) return done(description, `step ${ctx.step}, there is no ${name} now`);
  const a = fullObject(before);
  const b = fullObject(now);
  const [va, vb] = e.path === undefined ? [a, b] : [at(a, e.path), at(b, e.path)];
  // A path found neither then nor now is a mistake in the path, not a value that stayed.
  if (e.path !== undefined && va === undefined && vb === undefined) return done(description, `step ${ctx.step}, there is nothing at ${e.path}, neither ${when} nor now`);
  const m = exactDifference(va, vb, e.path ?? '');
  if (!m) return done(description, undefined);
  return done(description, diffText(`step ${ctx.step}, ${m.path || 'the object'}`, m, [when, 'now']));
}
