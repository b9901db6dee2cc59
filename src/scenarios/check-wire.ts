/**
 * Expectations about the wire: the API server's response to a step (status code and body), and
 * the writes an actor sent (method, path, query, content type, body).
 */
import type { Value } from '../value/value.js';
import type { Expectation, RequestSpec } from './model.js';
import { diffText, exactDifference, subsetDifference } from './match-value.js';
import type { CheckContext, ExpectationResult, SentRequest, Verdict } from './run-types.js';

export function noResponse(step: number): string {
  return `step ${step} got no response: it sent no request`;
}

export function checkResponse(e: Extract<Expectation, { kind: 'responseCode' | 'responseBody' }>, ctx: CheckContext, done: Verdict): ExpectationResult {
  const r = ctx.result.response;
  if (e.kind === 'responseCode') {
    const description = `the response code is ${e.code}`;
    if (!r) return done(description, noResponse(ctx.step));
    return done(description, r.code === e.code ? undefined : `step ${ctx.step}, the response code was ${r.code}`);
  }
  const description = e.exact ? 'the response body is exactly as given' : 'the response body contains what is given';
  if (!r) return done(description, noResponse(ctx.step));
  const m = e.exact ? exactDifference(e.value, r.body) : subsetDifference(e.value, r.body);
  return done(description, m && diffText(`step ${ctx.step}, the response body${m.path ? ` at ${m.path}` : ''}`, m));
}

/** `PATCH /api/v1/...`, as an expectation names a request. */
function specText(s: RequestSpec): string {
  return [s.method ?? 'a request', s.path].filter((x) => x !== undefined).join(' ');
}

function sentText(r: SentRequest): string {
  return `${r.verb} ${r.uri}${r.contentType ? ` (${r.contentType})` : ''} -> ${r.code}`;
}

function splitUri(uri: string): { path: string; query: string } {
  const i = uri.indexOf('?');
  return i < 0 ? { path: uri, query: '' } : { path: uri.slice(0, i), query: uri.slice(i + 1) };
}

/** A body sent as text (a patch typed on the command line) is compared as the JSON it holds. */
function decodedBody(body: Value | undefined): Value | undefined {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as Value;
  } catch {
    return body;
  }
}

/** Undefined when the request matches the spec; otherwise the first thing that differs. */
function requestMismatch(s: RequestSpec, r: SentRequest): string | undefined {
  const { path, query } = splitUri(r.uri);
  if (s.method !== undefined && s.method !== r.verb) return `the method is ${r.verb}, not ${s.method}`;
  if (s.path !== undefined && s.path !== path) return `the path is ${JSON.stringify(path)}, not ${JSON.stringify(s.path)}`;
  if (typeof s.query === 'string') {
    if (s.query !== query) return `the query is ${JSON.stringify(query)}, not ${JSON.stringify(s.query)}`;
  } else if (s.query !== undefined) {
    const params = new URLSearchParams(query);
    for (const [k, want] of Object.entries(s.query)) {
      const got = params.get(k);
      if (got === null) return `the query has no ${k} (it is ${JSON.stringify(query)})`;
      if (got !== want) return `the query's ${k} is ${JSON.stringify(got)}, not ${JSON.stringify(want)}`;
    }
  }
  if (s.contentType !== undefined && s.contentType !== r.contentType) return `the content type is ${r.contentType ?? 'not set'}, not ${s.contentType}`;
  if (s.body !== undefined) {
    const body = decodedBody(r.body);
    const m = s.bodyExactly ? exactDifference(s.body, body) : subsetDifference(s.body, body);
    if (m) return `the body${m.path ? ` at ${m.path}` : ''}: expected ${m.expected}, found ${m.found}`;
  }
  return undefined;
}

export function checkRequests(e: Extract<Expectation, { kind: 'requests' }>, ctx: CheckContext, done: Verdict): ExpectationResult {
  const names = e.requests.map(specText).join(', ') || 'none';
  const description = e.exact ? `the requests are exactly: ${names}` : `the requests include ${names}`;
  const sent = ctx.result.requests;
  if (!sent) return done(description, `step ${ctx.step} is not an actor: only the requests actors send are recorded (a raw request is what the step says)`);
  const list = `; the requests were:${sent.length ? sent.map((r) => `\n  ${sentText(r)}`).join('') : ' none'}`;
  if (e.exact) {
    if (sent.length !== e.requests.length) return done(description, `step ${ctx.step} sent ${sent.length} request${sent.length === 1 ? '' : 's'}, not ${e.requests.length}${list}`);
    for (let i = 0; i < sent.length; i++) {
      const m = requestMismatch(e.requests[i], sent[i]);
      if (m) return done(description, `step ${ctx.step}, request ${i + 1} (${sent[i].verb} ${sent[i].uri}): ${m}${list}`);
    }
    return done(description, undefined);
  }
  // In order: each spec matches a later request than the one before it.
  let j = 0;
  for (const s of e.requests) {
    while (j < sent.length && requestMismatch(s, sent[j]) !== undefined) j++;
    if (j === sent.length) {
      const closest = sent.map((r) => requestMismatch(s, r)).find((m) => m !== undefined);
      return done(description, `step ${ctx.step}, no request (in order) matches ${specText(s)}${closest && sent.length === 1 ? `: ${closest}` : ''}${list}`);
    }
    j++;
  }
  return done(description, undefined);
}
