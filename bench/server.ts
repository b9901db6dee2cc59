/**
 * `ssa-sim serve` figures: the command started as a user starts it (the bundled bin, a fresh
 * process, loopback only), then
 *   Serve/ColdStart            spawn to the first answered request (GET /version), median of 5
 *   Serve/SSA/Clients=N        server-side apply of a Deployment over HTTP from N concurrent
 *                              clients (1, 8, 64) on keep-alive connections: requests per second,
 *                              p50 and p99 latency. Each client applies its own Deployment with a
 *                              changing replica count, so every request is a real write.
 * Bounded: each case runs for about two seconds; every request has a timeout.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { join } from 'node:path';

export interface ServerFigure {
  readonly name: string;
  readonly ms: number;
  readonly text: string;
}

function startServe(bin: string): Promise<{ child: ChildProcess; url: string; spawnedAt: number }> {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('ssa-sim serve did not start within 20 s')), 20_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], spawnedAt });
      }
    });
    child.once('exit', (code) => reject(new Error(`ssa-sim serve exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function send(agent: Agent, url: string, method: string, path: string, body?: string, contentType?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url + path, { method, agent, timeout: 10_000, headers: contentType ? { 'Content-Type': contentType, 'User-Agent': 'ssa-sim-bench' } : { 'User-Agent': 'ssa-sim-bench' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

function deployment(name: string, replicas: number): string {
  return JSON.stringify({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: 'web', image: 'nginx:1.27', ports: [{ containerPort: 80 }], env: [{ name: 'MODE', value: 'bench' }] }] },
      },
    },
  });
}

async function coldStart(bin: string): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { child, url, spawnedAt } = await startServe(bin);
    const agent = new Agent({ keepAlive: false });
    const status = await send(agent, url, 'GET', '/version');
    xs.push(performance.now() - spawnedAt);
    if (status !== 200) throw new Error(`/version answered ${status}`);
    await stop(child);
  }
  return xs.sort((a, b) => a - b)[2];
}

async function applyLoad(url: string, clients: number, ms: number): Promise<{ rps: number; p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const latencies: number[] = [];
  const until = performance.now() + ms;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; performance.now() < until; i++) {
        const started = performance.now();
        const status = await send(agent, url, 'PATCH', `/apis/apps/v1/namespaces/default/deployments/bench-${c}?fieldManager=bench&force=true`, deployment(`bench-${c}`, (i % 5) + 1), 'application/apply-patch+yaml');
        latencies.push(performance.now() - started);
        if (status !== 200 && status !== 201) throw new Error(`apply answered ${status}`);
      }
    }),
  );
  const elapsed = performance.now() - t0;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: (latencies.length / elapsed) * 1000, p50: at(0.5), p99: at(0.99) };
}

export async function serverFigures(repo: string): Promise<ServerFigure[]> {
  const bin = join(repo, 'dist', 'cli', 'ssa-sim.js');
  const out: ServerFigure[] = [];
  const cold = await coldStart(bin);
  out.push({ name: 'Serve/ColdStart', ms: cold, text: `${cold.toFixed(1)} ms spawn to first answer` });
  const { child, url } = await startServe(bin);
  try {
    await applyLoad(url, 8, 500); // warm-up: create the objects, let the JIT settle
    for (const clients of [1, 8, 64]) {
      const r = await applyLoad(url, clients, 2000);
      out.push({ name: `Serve/SSA/Clients=${clients}`, ms: r.p50, text: `${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms` });
    }
  } finally {
    await stop(child);
  }
  return out;
}
