/** Test servers that are always closed, and requests that always time out. */
import { afterEach } from 'vitest';
import { startServer, type RunningServer, type StartServerOptions } from '../../src/server/index.js';

export const TEST_NOW = '2024-05-01T10:00:00Z';

const servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

export async function start(opts: StartServerOptions = {}): Promise<RunningServer> {
  const s = await startServer({ now: () => TEST_NOW, ...opts });
  servers.push(s);
  return s;
}

export interface Answer {
  status: number;
  body: string;
  json: any;
  headers: Headers;
}

export async function call(s: RunningServer, method: string, path: string, body?: string | Blob, headers: Record<string, string> = {}): Promise<Answer> {
  const r = await fetch(s.url + path, { method, body, headers, signal: AbortSignal.timeout(10_000) });
  const text = await r.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, body: text, json, headers: r.headers };
}

export const JSON_HEADERS = { 'Content-Type': 'application/json' };
