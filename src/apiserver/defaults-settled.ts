/**
 * Whether the store's decoding of a write would default anything again. Every write of a built-in
 * object is defaulted when its body is decoded (or after an apply's merge), then the field manager
 * and the registry strategy change it, and the store answers with it decoded once more (commit.ts).
 * That second defaulting can only add what the first did not see: fields the strategy reset (a new
 * claim's `status.phase`), or what the steps in between removed. When the object differs from the
 * defaulted one only in metadata that no defaulting of a built-in kind reads or writes, the second
 * defaulting returns it unchanged (defaulting is idempotent:
 * test/apiserver/defaults-settled.test.ts checks both on every scenario and reference object).
 *
 * What defaulting does with metadata (request-context.ts `defaulterFor`): the zero value and the
 * ObjectMeta defaulter write `creationTimestamp: null` where it is absent or null; a Namespace's
 * name becomes a label; a ReplicationController or Job without labels takes its template's; a
 * DaemonSet gets its template-generation annotation when it has none; empty `labels` and
 * `annotations` maps are dropped. Nothing reads or writes the fields below.
 */
import { valueEquals } from '../value/equals.js';
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { TEMPLATE_GENERATION_ANNOTATION } from './template-generation.js';

/** System metadata the strategy and the store set, and the field manager's entries. */
const UNREAD_METADATA: ReadonlySet<string> = new Set(['uid', 'resourceVersion', 'generation', 'selfLink', 'deletionTimestamp', 'namespace', 'managedFields']);

/**
 * True when `next` is `defaulted` (an object as defaulting returned it) changed only where
 * defaulting neither looks nor writes: system metadata, a present creationTimestamp, annotation
 * values (the set of annotations still non-empty, the template-generation annotation present in
 * both or in neither). Anything else that differs, by value, answers false.
 */
export function stillDefaulted(defaulted: ValueMap, next: ValueMap): boolean {
  if (defaulted === next) return true;
  if (!sameKeys(defaulted, next)) return false;
  for (const k of Object.keys(next)) {
    if (k === 'metadata') {
      if (!metadataStillDefaulted(defaulted[k], next[k])) return false;
    } else if (!valueEquals(defaulted[k], next[k])) return false;
  }
  return true;
}

function metadataStillDefaulted(before: Value, after: Value): boolean {
  if (before === after) return true;
  if (!isMap(before) || !isMap(after)) return false;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const k of keys) {
    const a = getKey(before, k);
    const b = getKey(after, k);
    if (a === b || UNREAD_METADATA.has(k)) continue;
    if (k === 'creationTimestamp') {
      if (b === undefined || b === null) return false;
      continue;
    }
    if (k === 'annotations') {
      if (!annotationsStillDefaulted(a, b)) return false;
      continue;
    }
    if (!valueEquals(a ?? null, b ?? null) || (a === undefined) !== (b === undefined)) return false;
  }
  return true;
}

function annotationsStillDefaulted(before: Value | undefined, after: Value | undefined): boolean {
  if (!isMap(before) || !isMap(after) || Object.keys(after).length === 0) return false;
  return (getKey(before, TEMPLATE_GENERATION_ANNOTATION) === undefined) === (getKey(after, TEMPLATE_GENERATION_ANNOTATION) === undefined);
}

function sameKeys(a: ValueMap, b: ValueMap): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => getKey(b, k) !== undefined);
}
