/**
 * A new Job's selector as its registry strategy generates it (kubernetes/kubernetes 1.32
 * pkg/registry/batch/job/strategy.go, PrepareForCreate → generateSelector), unless the Job asks
 * for `manualSelector: true`: the pod template gets `job-name` and `batch.kubernetes.io/job-name`
 * (the Job's name) and `controller-uid` and `batch.kubernetes.io/controller-uid` (its uid), each
 * only where the manifest has not set it, and `spec.selector.matchLabels` selects
 * `batch.kubernetes.io/controller-uid` unless it already names it. It runs after the field manager
 * and admission, so nobody owns what it adds; an update leaves the selector alone.
 */
import { getPath, metaString, setPath } from './object-paths.js';
import type { ResourceType } from './types.js';
import { isMap, type ValueMap } from '../value/value.js';

const NAME_LABELS = ['job-name', 'batch.kubernetes.io/job-name'];
const UID_LABELS = ['controller-uid', 'batch.kubernetes.io/controller-uid'];
const SELECTED_LABEL = 'batch.kubernetes.io/controller-uid';
const TEMPLATE_LABELS = ['spec', 'template', 'metadata', 'labels'];
const MATCH_LABELS = ['spec', 'selector', 'matchLabels'];

function isJob(resource: ResourceType): boolean {
  return resource.group === 'batch' && resource.kind === 'Job' && !resource.custom;
}

/** PrepareForCreate: the generated selector and template labels (the object has its name and uid). */
export function jobSelectorOnCreate(resource: ResourceType, obj: ValueMap): ValueMap {
  if (!isJob(resource) || getPath(obj, ['spec', 'manualSelector']) === true) return obj;
  const name = metaString(obj, 'name');
  const uid = metaString(obj, 'uid');
  let out = obj;
  const labels = getPath(out, TEMPLATE_LABELS);
  const has = (key: string) => isMap(labels) && Object.hasOwn(labels, key);
  for (const key of NAME_LABELS) if (!has(key)) out = setPath(out, [...TEMPLATE_LABELS, key], name);
  for (const key of UID_LABELS) if (!has(key)) out = setPath(out, [...TEMPLATE_LABELS, key], uid);
  const matchLabels = getPath(out, MATCH_LABELS);
  if (!(isMap(matchLabels) && Object.hasOwn(matchLabels, SELECTED_LABEL))) out = setPath(out, [...MATCH_LABELS, SELECTED_LABEL], uid);
  return out;
}
