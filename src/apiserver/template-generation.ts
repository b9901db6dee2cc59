/**
 * A DaemonSet's `deprecated.daemonset.template.generation` annotation: the apps/v1 form of the
 * internal `spec.templateGeneration` (kubernetes/kubernetes pkg/apis/apps/v1/conversion.go writes
 * it on every conversion to apps/v1, reads it back and drops it on the way in).
 *
 * - Decoding (create, update, non-apply patch: before the field manager; apply: after the merge):
 *   converting the object to apps/v1 and back writes the annotation, `"0"` when the object had
 *   none, so a create's writer owns it (the empty live object has no annotation) and a PUT that
 *   leaves it out takes it over.
 * - The strategy (after the field manager, so owned by nobody new): PrepareForCreate raises a
 *   value below 1 to 1; PrepareForUpdate keeps the stored value, plus 1 when the pod template
 *   changed.
 * Objects that do not carry the annotation after decoding (harness mode, where nothing is
 * converted) are left alone.
 */
import { valueEquals } from '../value/equals.js';
import { getKey, isMap, type ValueMap } from '../value/value.js';
import { getPath, metadataOf, setPath } from './object-paths.js';
import type { ResourceType } from './types.js';

export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';
const PATH = ['metadata', 'annotations', TEMPLATE_GENERATION_ANNOTATION];

function tracked(resource: ResourceType): boolean {
  return resource.group === 'apps' && resource.kind === 'DaemonSet' && !resource.custom;
}

function generationOf(obj: ValueMap): number | undefined {
  const annotations = getKey(metadataOf(obj), 'annotations');
  const v = isMap(annotations) ? getKey(annotations, TEMPLATE_GENERATION_ANNOTATION) : undefined;
  return typeof v === 'string' && /^[+-]?\d+$/.test(v) ? Number(v) : undefined;
}

/** The object after a round trip through the internal version: the annotation written, "0" when absent. */
export function withTemplateGeneration(resource: ResourceType, obj: ValueMap): ValueMap {
  if (!tracked(resource) || getPath(obj, PATH) !== undefined) return obj;
  return setPath(obj, PATH, '0');
}

/** PrepareForCreate: a generation below 1 becomes 1. */
export function templateGenerationOnCreate(resource: ResourceType, obj: ValueMap): ValueMap {
  if (!tracked(resource)) return obj;
  const g = generationOf(obj);
  return g !== undefined && g < 1 ? setPath(obj, PATH, '1') : obj;
}

/** PrepareForUpdate (every endpoint): the stored generation, plus 1 when a main write changed the pod template. */
export function templateGenerationOnUpdate(resource: ResourceType, subresource: string, old: ValueMap, next: ValueMap): ValueMap {
  if (!tracked(resource)) return next;
  const g = generationOf(old);
  if (g === undefined) return next;
  const changed = subresource === '' && !valueEquals(getPath(old, ['spec', 'template']) ?? null, getPath(next, ['spec', 'template']) ?? null);
  return setPath(next, PATH, String(changed ? g + 1 : g));
}
