/**
 * What a watch request asks for (`?watch=1`): which objects, from which resourceVersion, in
 * which form (objects or Table rows), with bookmarks or not, for how long; and each event as the
 * line the server sends.
 */
import { bookmarkObject } from '../apiserver/bookmark-object.js';
import { objectAt } from '../apiserver/conversions.js';
import { serve } from '../apiserver/server.js';
import type { ClusterState, KubeObject, ResourceType } from '../apiserver/types.js';
import { getKey, isList, type Value, type ValueMap } from '../value/value.js';
import { inWireOrder } from './go-json-order.js';
import type { Negotiated } from './negotiate.js';
import { partialObjectMetadata } from './partial-metadata.js';
import { selectorsOf } from './list-page.js';
import { type Query, queryValue, parseGoBool } from './request-options.js';
import { tableOf, tableView } from './tables.js';
import type { StoreEvent } from './watch-events.js';
import { goJson } from './status-json.js';

export interface WatchSpec {
  readonly resource: ResourceType;
  readonly apiVersion: string;
  readonly namespace?: string;
  /** Storage-key prefix of the objects watched. */
  readonly prefix: string;
  readonly matches: (obj: Value) => boolean;
  /** Replay the log after this resourceVersion; undefined: start with the current objects as ADDED. */
  readonly fromResourceVersion?: number;
  /** ADDED events for the objects there now (when no resourceVersion was given). */
  readonly initial: readonly StoreEvent[];
  /** The store's resourceVersion when the watch started. */
  readonly currentResourceVersion: number;
  readonly bookmarks: boolean;
  readonly timeoutSeconds?: number;
  readonly table: boolean;
  /** Set when each object goes as PartialObjectMetadata of this meta.k8s.io version. */
  readonly partialMetadataVersion?: string;
  readonly includeObject: boolean;
  /** An object with its keys in the order kube-apiserver writes them (go-json-order.ts). */
  readonly order: (object: ValueMap) => ValueMap;
}

export function watchSpec(
  state: ClusterState,
  w: { resource: ResourceType; apiVersion: string; namespace?: string },
  query: Query,
  negotiated: Pick<Negotiated, 'table' | 'partialMetadata'>,
): WatchSpec | { problem: string } {
  const matches = selectorsOf(query, w.resource);
  if (typeof matches !== 'function') return { problem: matches.message };
  const rvText = queryValue(query, 'resourceVersion') ?? '';
  let fromResourceVersion: number | undefined;
  if (rvText !== '' && rvText !== '0') {
    if (!/^\d+$/.test(rvText)) return { problem: `invalid resource version: ${rvText}` };
    fromResourceVersion = Number(rvText);
  }
  const timeoutText = queryValue(query, 'timeoutSeconds');
  const timeoutSeconds = timeoutText !== undefined && /^\d+$/.test(timeoutText) && Number(timeoutText) > 0 ? Number(timeoutText) : undefined;
  const r = w.resource;
  const prefix = `${r.group}/${r.resource}/${r.namespaced && w.namespace !== undefined ? w.namespace + '/' : ''}`;
  let initial: StoreEvent[] = [];
  if (fromResourceVersion === undefined) {
    const listed = serve(state, { verb: 'list', apiVersion: w.apiVersion, resource: r.resource, ...(w.namespace !== undefined ? { namespace: w.namespace } : {}) }).response;
    const items = listed.ok ? getKey(listed.object, 'items') : [];
    initial = (isList(items) ? items : []).map((o) => ({ type: 'ADDED' as const, key: '', object: o as KubeObject, resourceVersion: state.resourceVersion }));
  }
  return {
    resource: r,
    apiVersion: w.apiVersion,
    ...(w.namespace !== undefined ? { namespace: w.namespace } : {}),
    prefix,
    matches,
    ...(fromResourceVersion !== undefined ? { fromResourceVersion } : {}),
    initial: initial.filter((e) => matches(e.object)),
    currentResourceVersion: state.resourceVersion,
    bookmarks: parseGoBool(queryValue(query, 'allowWatchBookmarks') ?? 'false') === true,
    ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
    table: negotiated.table,
    // Each event's object is transformed on its own: a List's form does not fit one, and the
    // object goes whole (kube-apiserver's watch encoder falls back to it).
    ...(negotiated.partialMetadata?.kind === 'PartialObjectMetadata' ? { partialMetadataVersion: negotiated.partialMetadata.version } : {}),
    includeObject: queryValue(query, 'includeObject') === 'Object',
    order: (object) => inWireOrder(state.config.catalog, r, object),
  };
}

/** One event as the JSON line a watch stream carries. */
export function eventLine(spec: WatchSpec, event: StoreEvent, now: string): string {
  const object = spec.order(objectAt(spec.resource, event.object, spec.apiVersion) as KubeObject);
  const body = spec.table
    ? tableOf(tableView(spec.resource, spec.apiVersion), [object], String(event.resourceVersion), now, spec.includeObject)
    : spec.partialMetadataVersion !== undefined
      ? partialObjectMetadata(object, spec.partialMetadataVersion)
      : object;
  return goJson({ type: event.type, object: body }) + '\n';
}

/** A BOOKMARK: an empty object of the watched kind at a resourceVersion (bookmark-object.ts). */
export function bookmarkLine(spec: WatchSpec, state: ClusterState, resourceVersion: number): string {
  const object = spec.order(bookmarkObject(state, spec.resource, spec.apiVersion, resourceVersion));
  return goJson({ type: 'BOOKMARK', object: spec.partialMetadataVersion !== undefined ? partialObjectMetadata(object, spec.partialMetadataVersion) : object }) + '\n';
}

/** The ERROR event of a watch whose resourceVersion the log no longer reaches (410 Expired). */
export function expiredLine(requested: number, oldest: number): string {
  return (
    JSON.stringify({
      type: 'ERROR',
      object: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `too old resource version: ${requested} (${oldest})`, reason: 'Expired', code: 410 },
    }) + '\n'
  );
}
