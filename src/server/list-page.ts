/**
 * What a list request asks of the list beyond the API server's answer: label and field
 * selectors, and pages (`limit`, `continue`), with kube-apiserver's `metadata.continue` and
 * `remainingItemCount`. Items come in namespace/name order, so a continue token is the position
 * after the last item served.
 */
import { getKey, isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { type Query, queryValue } from './request-options.js';
import { fieldSelector, labelSelector } from './selectors.js';
import { selectableFields } from './selectable-fields.js';
import type { ResourceType } from '../apiserver/types.js';

function itemKey(item: Value): string {
  const meta = isMap(item) ? getKey(item, 'metadata') : undefined;
  const ns = isMap(meta) ? getKey(meta, 'namespace') : undefined;
  const name = isMap(meta) ? getKey(meta, 'name') : undefined;
  return `${typeof ns === 'string' ? ns : ''}/${typeof name === 'string' ? name : ''}`;
}

function encodeContinue(rv: string, start: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: Number(rv), start })).toString('base64');
}

function decodeContinue(token: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { v?: unknown; start?: unknown };
    return parsed.v === 'meta.k8s.io/v1' && typeof parsed.start === 'string' ? parsed.start : undefined;
  } catch {
    return undefined;
  }
}

/** Whether an object passes the request's selectors, or the text of a 400. */
export function selectorsOf(query: Query, resource: ResourceType): ((obj: Value) => boolean) | { problem: string } {
  const labels = labelSelector(queryValue(query, 'labelSelector') ?? '');
  if (typeof labels !== 'function') return labels;
  const fields = fieldSelector(queryValue(query, 'fieldSelector') ?? '', selectableFields(resource));
  if (typeof fields !== 'function') return fields;
  return (o) => labels(o) && fields(o);
}

/** The list narrowed to the request's selectors and page, or the text of a 400. */
export function pageOfList(list: ValueMap, query: Query, resource: ResourceType): { ok: true; list: ValueMap } | { ok: false; problem: string } {
  const matches = selectorsOf(query, resource);
  if (typeof matches !== 'function') return { ok: false, problem: matches.problem };
  const items = getKey(list, 'items');
  let out = (isList(items) ? items : []).filter(matches);
  const token = queryValue(query, 'continue');
  if (token) {
    const start = decodeContinue(token);
    if (start === undefined) return { ok: false, problem: 'continue key is not valid: the token cannot be read' };
    out = out.filter((i) => itemKey(i) >= start);
  }
  const limitText = queryValue(query, 'limit');
  const limit = limitText && /^\d+$/.test(limitText) ? Number(limitText) : 0;
  const meta = getKey(list, 'metadata');
  const rv = isMap(meta) ? String(getKey(meta, 'resourceVersion') ?? '') : '';
  const page = newMap();
  for (const k of Object.keys(list)) page[k] = list[k];
  const pageMeta = newMap();
  pageMeta.resourceVersion = rv;
  if (limit > 0 && out.length > limit) {
    const rest = out.length - limit;
    out = out.slice(0, limit);
    pageMeta.continue = encodeContinue(rv, itemKey(out[out.length - 1]) + '\u0000');
    pageMeta.remainingItemCount = rest;
  }
  page.metadata = pageMeta;
  page.items = out;
  return { ok: true, list: page };
}
