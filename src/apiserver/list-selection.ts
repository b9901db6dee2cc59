/**
 * A list's label and field selectors (`labelSelector=app=web,tier in (a,b)`,
 * `fieldSelector=metadata.name=x`) as one predicate over the resource's objects, with the fields
 * its registry strategy makes selectable; a selector that does not parse, or names a field the kind
 * does not select on, is kube-apiserver's 400. The list verb and watches select with it.
 */
import type { Value } from '../value/value.js';
import { selectableFields } from './selectable-fields.js';
import { fieldSelector, labelSelector } from './selectors.js';
import { statusFailure } from './status.js';
import type { ResourceType, StatusObject } from './types.js';

export interface Selectors {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
}

/** Whether an object passes both selectors, or the 400 Status. */
export function listSelection(resource: ResourceType, selectors: Selectors): ((obj: Value) => boolean) | StatusObject {
  const labels = labelSelector(selectors.labelSelector ?? '');
  if (typeof labels !== 'function') return statusFailure(400, labels.problem, 'BadRequest');
  const fields = fieldSelector(selectors.fieldSelector ?? '', selectableFields(resource));
  if (typeof fields !== 'function') return statusFailure(400, fields.problem, 'BadRequest');
  return (o) => labels(o) && fields(o);
}
