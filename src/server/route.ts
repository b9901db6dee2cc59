/**
 * Which kind of request a URL path is: a health or version probe, a discovery or OpenAPI
 * document, or a REST path of the Kubernetes API (`/apis/G/V[/namespaces/NS]/RESOURCE[/NAME[/SUB]]`).
 */

export type Route =
  | { readonly kind: 'version' }
  | { readonly kind: 'health'; readonly check: string }
  | { readonly kind: 'api-versions' }
  | { readonly kind: 'api-groups' }
  | { readonly kind: 'api-group'; readonly group: string }
  | { readonly kind: 'api-resources'; readonly group: string; readonly version: string }
  | { readonly kind: 'openapi-v3-index' }
  | { readonly kind: 'openapi-v3'; readonly group: string; readonly version: string }
  | { readonly kind: 'openapi-v2' }
  | ({ readonly kind: 'rest' } & RestPath)
  | { readonly kind: 'unknown' };

/** A REST path: the collection or object it names. */
export interface RestPath {
  readonly group: string;
  readonly version: string;
  /** Present when the path names a namespace (`/namespaces/NS/...`). */
  readonly namespace?: string;
  readonly resource: string;
  /** Absent for a collection. */
  readonly name?: string;
  /** '' for the main resource. */
  readonly subresource: string;
}

const HEALTH = new Set(['healthz', 'readyz', 'livez']);

/** Segments of a path, percent-decoded; undefined when one is not valid percent-encoding or empty inside. */
function segments(path: string): string[] | undefined {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return [];
  const out: string[] = [];
  for (const raw of trimmed.split('/')) {
    if (raw === '') return undefined;
    try {
      out.push(decodeURIComponent(raw));
    } catch {
      return undefined;
    }
  }
  return out;
}

export function parseRoute(path: string): Route {
  const s = segments(path);
  if (!s) return { kind: 'unknown' };
  if (s.length === 1 && s[0] === 'version') return { kind: 'version' };
  if (s.length >= 1 && HEALTH.has(s[0])) return { kind: 'health', check: s.slice(1).join('/') };
  if (s[0] === 'openapi') {
    if (s[1] === 'v2' && s.length === 2) return { kind: 'openapi-v2' };
    if (s[1] === 'v3' && s.length === 2) return { kind: 'openapi-v3-index' };
    if (s[1] === 'v3' && s[2] === 'api' && s.length === 4) return { kind: 'openapi-v3', group: '', version: s[3] };
    if (s[1] === 'v3' && s[2] === 'apis' && s.length === 5) return { kind: 'openapi-v3', group: s[3], version: s[4] };
    return { kind: 'unknown' };
  }
  if (s[0] === 'api') {
    if (s.length === 1) return { kind: 'api-versions' };
    if (s.length === 2) return { kind: 'api-resources', group: '', version: s[1] };
    return restRoute('', s[1], s.slice(2));
  }
  if (s[0] === 'apis') {
    if (s.length === 1) return { kind: 'api-groups' };
    if (s.length === 2) return { kind: 'api-group', group: s[1] };
    if (s.length === 3) return { kind: 'api-resources', group: s[1], version: s[2] };
    return restRoute(s[1], s[2], s.slice(3));
  }
  return { kind: 'unknown' };
}

/**
 * The part after the group/version. `namespaces/X` alone (or with a subresource of the
 * namespace, `status` or `finalize`) is the Namespace object; `namespaces/X/RESOURCE...` is a
 * namespaced path.
 */
function restRoute(group: string, version: string, rest: string[]): Route {
  let namespace: string | undefined;
  let parts = rest;
  if (parts[0] === 'namespaces' && parts.length >= 3 && !(parts.length === 3 && (parts[2] === 'status' || parts[2] === 'finalize'))) {
    namespace = parts[1];
    parts = parts.slice(2);
  }
  if (parts.length < 1 || parts.length > 3) return { kind: 'unknown' };
  const [resource, name, subresource] = parts;
  return {
    kind: 'rest',
    group,
    version,
    ...(namespace !== undefined ? { namespace } : {}),
    resource,
    ...(name !== undefined ? { name } : {}),
    subresource: subresource ?? '',
  };
}
