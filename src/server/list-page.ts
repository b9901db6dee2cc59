/**
 * What a list request asks of the list beyond the API server's answer: pages (`limit`,
 * `continue`), with kube-apiserver's `metadata.continue` and `remainingItemCount` (the API server
 * selects with the request's label and field selectors). Items come in namespace/name order, so a
 * continue token is the position after the last item served.
 */
import { getKey, isList, isMap, newMap, type Value, type ValueMap } from '../value/value.js';
import { type Query, queryValue, selectorsIn } from './request-options.js';
import { listSelection } from '../apiserver/list-selection.js';
import type { ResourceType, StatusObject } from '../apiserver/types.js';

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

/** Whether an object passes the request's selectors (the API server's selection), or its 400. */
export function selectorsOf(query: Query, resource: ResourceType): ((obj: Value) => boolean) | StatusObject {
  return listSelection(resource, selectorsIn(query));
}

/** The list narrowed to the request's page, or the text of a 400. */
export function pageOfList(list: ValueMap, query: Query): { ok: true; list: ValueMap } | { ok: false; problem: string } {
  const items = getKey(list, 'items');
  let out = isList(items) ? items : [];
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
