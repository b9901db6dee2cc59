/**
 * Kubernetes' CEL URL library (k8s.io/apiserver 1.32 pkg/cel/library/urls.go) on the evaluator:
 * `url(string)` (a string url.ParseRequestURI or url.Parse refuses is `URL parse error during
 * conversion from string: <Go's error>`), `isURL(string)`, and of a URL `getScheme()`,
 * `getHost()`, `getHostname()` and `getPort()` (url.URL's splitHostPort), `getEscapedPath()` and
 * `getQuery()` (a map of each key's values). Parsing is go-url-parse.ts's; the parts are as written,
 * so a path needing escapes is escaped here as EscapedPath would.
 */
import type { Environment } from '@marcbachmann/cel-js';
import { goParseRequestURI, goUrlParse, isGoRequestURI, type GoUrl } from '../go-url-parse.js';

const TYPE = 'kubernetes.URL';

class CelUrl {
  constructor(
    readonly text: string,
    readonly url: GoUrl,
  ) {}
}

function toUrl(s: string): CelUrl {
  const request = goParseRequestURI(s);
  if ('error' in request) throw new Error(`URL parse error during conversion from string: ${request.error}`);
  const parsed = goUrlParse(s);
  if ('error' in parsed) throw new Error(`URL parse error during conversion from string: ${parsed.error}`);
  return new CelUrl(s, parsed);
}

/** url.splitHostPort: a trailing `:digits` is the port; brackets around the host are dropped. */
function splitHostPort(hostPort: string): { host: string; port: string } {
  let host = hostPort;
  let port = '';
  const colon = host.lastIndexOf(':');
  if (colon !== -1 && /^:[0-9]*$/.test(host.slice(colon))) {
    port = host.slice(colon + 1);
    host = host.slice(0, colon);
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return { host, port };
}

/** EscapedPath of a path kept as written: a valid escaping stays; other bytes a path may not hold are escaped. */
function escapedPath(path: string): string {
  return path.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (c) => [...new TextEncoder().encode(c)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

/** url.ParseQuery, its errors skipped as URL.Query skips them: each key's values in order. */
function query(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const unescape = (s: string) => {
    try {
      return decodeURIComponent(s.replaceAll('+', ' '));
    } catch {
      return undefined;
    }
  };
  for (const part of raw.split('&')) {
    if (part === '' || part.includes(';')) continue;
    const eq = part.indexOf('=');
    const key = unescape(eq < 0 ? part : part.slice(0, eq));
    const value = unescape(eq < 0 ? '' : part.slice(eq + 1));
    if (key === undefined || value === undefined) continue;
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

export function registerUrlLibrary(env: Environment): void {
  env.registerType(TYPE, CelUrl);
  env.registerFunction(`url(string): ${TYPE}`, toUrl);
  env.registerFunction('isURL(string): bool', (s: string) => isGoRequestURI(s));
  const member = (name: string, returnType: string, handler: (u: CelUrl) => unknown) => env.registerFunction({ name, receiverType: TYPE, returnType, params: [], handler: handler as (...args: unknown[]) => unknown });
  member('getScheme', 'string', (u) => u.url.scheme);
  member('getHost', 'string', (u) => u.url.host);
  member('getHostname', 'string', (u) => splitHostPort(u.url.host).host);
  member('getPort', 'string', (u) => splitHostPort(u.url.host).port);
  member('getEscapedPath', 'string', (u) => escapedPath(u.url.path));
  member('getQuery', 'map<string, list<string>>', (u) => query(u.url.rawQuery));
  env.registerOperator(`${TYPE} == ${TYPE}`, (a: CelUrl, b: CelUrl) => a.text === b.text);
}
