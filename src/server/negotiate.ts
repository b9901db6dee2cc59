/**
 * Which media type an answer takes, as kube-apiserver negotiates it (its handlers' `negotiation`
 * package over goautoneg's reading of the Accept header):
 *
 * - the server writes JSON, YAML and protobuf, in that order; no Accept header means JSON;
 * - the clauses are taken by quality, a specific type before a wildcard one, otherwise as
 *   written; the first clause that names a written type (or `*` / `application/*`) whose
 *   parameters the endpoint allows wins: `as=`/`g=`/`v=` ask for a conversion (a Table, where
 *   the endpoint has one, in JSON or YAML only; PartialObjectMetadata or PartialObjectMetadataList
 *   on any resource endpoint, in any type), `stream=watch` needs a type that streams (not
 *   YAML), `sv=` must be `v1`; a resource endpoint writes its objects in its own types only
 *   (custom resources: not protobuf);
 * - no clause fits: 406 `only the following media types are accepted: ...` naming every type the
 *   server writes (with `;stream=watch` for a watch).
 *
 * Errors are negotiated with no conversion allowed; when that fails too they go as indented
 * JSON (`WriteRawJSON`).
 */
import { PROTOBUF_MEDIA_TYPE } from '../apiserver/protobuf-envelope.js';
import { parseGoBool, queryValue, type Query } from './request-options.js';

export const JSON_MEDIA_TYPE = 'application/json';
export const YAML_MEDIA_TYPE = 'application/yaml';

/** kube-apiserver's serializers, in its order; YAML has no stream serializer. */
export const SERVED_MEDIA_TYPES = [JSON_MEDIA_TYPE, YAML_MEDIA_TYPE, PROTOBUF_MEDIA_TYPE] as const;
export type ServedMediaType = (typeof SERVED_MEDIA_TYPES)[number];
const STREAMS: readonly ServedMediaType[] = [JSON_MEDIA_TYPE, PROTOBUF_MEDIA_TYPE];

/** The media types a watch stream may take, as the 406 of a watch names them. */
export const WATCH_MEDIA_TYPES = STREAMS.map((t) => `${t};stream=watch`);

/** One clause of an Accept header, as goautoneg reads it. */
export interface AcceptClause {
  readonly type: string;
  readonly subType: string;
  readonly q: number;
  readonly params: ReadonlyMap<string, string>;
}

/**
 * goautoneg's `ParseAccept`: clauses split on `,` and `;`, `q` read as a number (0 when it is not
 * one), a clause without `/` dropped unless it is `*`; then sorted as Go's sort does a short slice
 * (insertion sort) with goautoneg's order, which is not a strict ordering, so the sort is copied
 * step for step.
 */
export function parseAccept(header: string): AcceptClause[] {
  const clauses: AcceptClause[] = [];
  for (const rawPart of header.split(',')) {
    const part = trimSpaces(rawPart);
    const [range, ...paramTexts] = part.split(';');
    const sp = range.split('/');
    const type = trimSpaces(sp[0]);
    let subType: string;
    if (sp.length === 1 && type === '*') subType = '*';
    else if (sp.length === 2) subType = trimSpaces(sp[1]);
    else continue;
    let q = 1;
    const params = new Map<string, string>();
    for (const p of paramTexts) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const token = trimSpaces(p.slice(0, eq));
      if (token === 'q') q = goParseFloat(p.slice(eq + 1));
      else params.set(token, trimSpaces(p.slice(eq + 1)));
    }
    clauses.push({ type, subType, q, params });
  }
  const less = (a: AcceptClause, b: AcceptClause) => a.q > b.q || (a.type !== '*' && b.type === '*') || (a.subType !== '*' && b.subType === '*');
  for (let i = 1; i < clauses.length; i++) {
    for (let j = i; j > 0 && less(clauses[j], clauses[j - 1]); j--) [clauses[j], clauses[j - 1]] = [clauses[j - 1], clauses[j]];
  }
  return clauses;
}

/** The media type of `/openapi/v2` in gnostic's protobuf messages, as kube-openapi answers it. */
export const OPENAPI_V2_PROTOBUF_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/**
 * kube-openapi's `/openapi/v2` handler: the first clause of the Accept header (`*\/*` when there
 * is none) that fits JSON or the protobuf document, under its current or its deprecated
 * (`...spec.v2@v1.0+protobuf`) subtype, whatever its q; undefined when none fits (a bare 406).
 */
export function negotiateOpenApiV2(accept: string | undefined): 'json' | 'protobuf' | undefined {
  const offered = [
    ['json', 'json'],
    ['com.github.proto-openapi.spec.v2@v1.0+protobuf', 'protobuf'],
    ['com.github.proto-openapi.spec.v2.v1.0+protobuf', 'protobuf'],
  ] as const;
  for (const c of parseAccept(accept || '*/*')) {
    if (c.type !== 'application' && c.type !== '*') continue;
    const fit = offered.find(([subType]) => c.subType === subType || c.subType === '*');
    if (fit) return fit[1];
  }
  return undefined;
}

/** strings.Trim(s, " "): spaces only, not tabs. */
function trimSpaces(s: string): string {
  return s.replace(/^ +| +$/g, '');
}

/** strconv.ParseFloat(s, 32) with its error ignored: the number, or 0. */
function goParseFloat(s: string): number {
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Math.fround(Number(s)) : 0;
}

/** What an endpoint allows besides plain objects. */
export interface EndpointRestrictions {
  /** The types it writes objects in (no conversion); for custom resources JSON and YAML. */
  readonly objectTypes: readonly ServedMediaType[];
  /** Whether it converts to a Table (`as=Table;g=meta.k8s.io;v=v1` or `v1beta1`). */
  readonly tables: boolean;
  /** Whether `sv=v1` is allowed (resource endpoints). */
  readonly serverVersion: boolean;
  /** Whether it converts to `PartialObjectMetadata` and `PartialObjectMetadataList` (resource endpoints, in any type). */
  readonly partialMetadata?: boolean;
}

/** A metadata-only answer asked for (`as=PartialObjectMetadata[List];g=meta.k8s.io;v=v1|v1beta1`). */
export interface PartialMetadataConversion {
  readonly kind: 'PartialObjectMetadata' | 'PartialObjectMetadataList';
  readonly version: 'v1' | 'v1beta1';
}

/** What errors are written with: any type, no conversion (`DefaultEndpointRestrictions`). */
export const ERROR_RESTRICTIONS: EndpointRestrictions = { objectTypes: SERVED_MEDIA_TYPES, tables: false, serverVersion: false };

export interface Negotiated {
  readonly mediaType: ServedMediaType;
  /** A Table was asked for and is allowed. */
  readonly table: boolean;
  /** A metadata-only answer was asked for and is allowed. */
  readonly partialMetadata?: PartialMetadataConversion;
  /** `pretty=1` among the clause's parameters. */
  readonly pretty: boolean;
}

/** The media type an answer takes, or undefined for the 406. */
export function negotiateOutput(accept: string | undefined, restrictions: EndpointRestrictions): Negotiated | undefined {
  if (!accept) return { mediaType: JSON_MEDIA_TYPE, table: false, pretty: false };
  for (const clause of parseAccept(accept)) {
    for (const served of SERVED_MEDIA_TYPES) {
      const [type, subType] = served.split('/');
      const matches = (clause.type === type && (clause.subType === subType || clause.subType === '*')) || (clause.type === '*' && clause.subType === '*');
      if (!matches) continue;
      const options = clauseOptions(clause.params, served, restrictions);
      if (options) return options;
    }
  }
  return undefined;
}

function clauseOptions(params: ReadonlyMap<string, string>, served: ServedMediaType, restrictions: EndpointRestrictions): Negotiated | undefined {
  let convert: { group: string; version: string; kind: string } | undefined;
  let pretty = false;
  for (const [k, v] of params) {
    switch (k) {
      case 'as':
      case 'g':
      case 'v':
        convert = { group: '', version: '', kind: '', ...convert, [k === 'as' ? 'kind' : k === 'g' ? 'group' : 'version']: v };
        break;
      case 'stream':
        if (v !== '' && (!STREAMS.includes(served) || v !== 'watch')) return undefined;
        break;
      case 'sv':
        if (v !== '' && !(restrictions.serverVersion && v === 'v1')) return undefined;
        break;
      case 'pretty':
        pretty = v === '1';
        break;
    }
  }
  if (!convert) return restrictions.objectTypes.includes(served) ? { mediaType: served, table: false, pretty } : undefined;
  const { kind, group, version } = convert;
  if (group !== 'meta.k8s.io' || (version !== 'v1' && version !== 'v1beta1')) return undefined;
  if (kind === 'Table' && restrictions.tables && served !== PROTOBUF_MEDIA_TYPE) return { mediaType: served, table: true, pretty };
  // kube-apiserver allows the metadata-only answers in every type, custom resources' protobuf too.
  if ((kind === 'PartialObjectMetadata' || kind === 'PartialObjectMetadataList') && restrictions.partialMetadata) return { mediaType: served, table: false, partialMetadata: { kind, version }, pretty };
  return undefined;
}

/**
 * Whether JSON goes indented: `?pretty=` when given (Go's boolean words, anything else false),
 * else a User-Agent of a person's tool (`curl`, `Wget`, a browser's `Mozilla/5.0`).
 */
export function prettyPrint(query: Query, userAgent: string | undefined): boolean {
  const pretty = queryValue(query, 'pretty');
  if (pretty !== undefined && pretty !== '') return parseGoBool(pretty) === true;
  const ua = userAgent ?? '';
  return ua.startsWith('curl') || ua.startsWith('Wget') || ua.startsWith('Mozilla/5.0');
}
