/**
 * Comparing real kubectl v1.32 with the simulator's kubectl actors (shared by
 * kubectl-compare.test.ts, the written cases, and kubectl-random-compare.test.ts, the generated
 * ones): a case's steps run as real kubectl commands against a server on 127.0.0.1 and as actor
 * calls on the same starting state; every write request (method, path, query, content type, body
 * bytes) and what the command prints (stdout, stderr, exit code) is recorded on both sides.
 * The normalisation and wire encoding are described in kubectl-compare.test.ts.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { ActorOutcome, RequestRecord } from '../../src/actors/index.js';
import type { ClusterState } from '../../src/apiserver/types.js';
import { encodeGoJson, jsonQuoteHtml } from '../../src/fieldpath/json-text.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { newClusterState } from '../../src/server/initial-state.js';
import { type RequestLogEntry, startServer } from '../../src/server/index.js';
import { isMap, type Value } from '../../src/value/value.js';

/** The starting state's clock, and the clock of every compared step (server and actors alike). */
export const T0 = '2024-01-01T00:00:00Z';
export const T1 = '2024-01-02T03:04:05Z';

// ---------------------------------------------------------------------------------------------
// kubectl's wire encoding of the simulator's request bodies

type Encoder = (v: Value) => string;

/** JSON of a Go struct: its fields in declaration order (absent ones left out), each by its encoder. */
function struct(fields: readonly (readonly [string, Encoder?])[]): Encoder {
  return (v) => {
    if (!isMap(v)) return encodeGoJson(v);
    const parts = fields.filter(([k]) => v[k] !== undefined).map(([k, enc]) => `${jsonQuoteHtml(k)}:${(enc ?? encodeGoJson)(v[k])}`);
    return '{' + parts.join(',') + '}';
  };
}

const listOf =
  (enc: Encoder): Encoder =>
  (v) =>
    Array.isArray(v) ? '[' + v.map(enc).join(',') + ']' : encodeGoJson(v);

/** metav1.ManagedFieldsEntry, which kubectl's migration patch marshals as a struct. */
const managedFieldsEntryJson = struct([['manager'], ['operation'], ['apiVersion'], ['time'], ['fieldsType'], ['fieldsV1'], ['subresource']]);

/** metav1.ObjectMeta, for the typed Scale kubectl PUTs on `scale --current-replicas`. */
const objectMetaJson = struct([
  ...['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp'].map((k): readonly [string] => [k]),
  ...['deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers'].map((k): readonly [string] => [k]),
  ['managedFields', listOf(managedFieldsEntryJson)],
]);

/** autoscaling/v1 Scale. */
const scaleJson = struct([['kind'], ['apiVersion'], ['metadata', objectMetaJson], ['spec', struct([['replicas']])], ['status', struct([['replicas'], ['selector']])]]);

/** metav1.DeleteOptions, which a DELETE carries as its body (`dryRun` after the policy). */
const deleteOptionsJson = struct([['kind'], ['apiVersion'], ['gracePeriodSeconds'], ['preconditions'], ['orphanDependents'], ['propagationPolicy'], ['dryRun']]);

/** The body bytes kubectl sends for what the simulator recorded. */
function wireBody(r: RequestRecord): string {
  if (typeof r.body === 'string') return r.body;
  if (r.verb === 'DELETE') return deleteOptionsJson(r.body) + '\n';
  if (r.verb === 'PUT' && r.subresource === 'scale') return scaleJson(r.body) + '\n';
  const text = encodeGoJson(r.body);
  const newline = r.verb !== 'PATCH' || r.contentType === 'application/apply-patch+yaml';
  return newline ? text + '\n' : text;
}

// ---------------------------------------------------------------------------------------------
// normalisation

const RESTARTED_AT = /("kubectl\.kubernetes\.io\/restartedAt":)"[^"]*"/g;

function normaliseBody(text: string): string {
  return text.replace(RESTARTED_AT, '$1"<restartedAt>"');
}

/** One write as compared: `METHOD PATH?QUERY [content type]` and the body. */
export interface Wire {
  readonly line: string;
  readonly body: string;
}

function realWrite(e: RequestLogEntry): Wire {
  return {
    line: `${e.method} ${e.path}${e.query ? `?${e.query}` : ''} [${e.contentType ?? ''}]`,
    body: normaliseBody(Buffer.from(e.body).toString('utf8')),
  };
}

function simWrite(r: RequestRecord): Wire {
  // kubectl sends no Content-Type on the Scale PUT of `scale --current-replicas`
  const contentType = r.verb === 'PUT' && r.subresource === 'scale' ? '' : r.contentType;
  return { line: `${r.verb} ${r.uri} [${contentType}]`, body: normaliseBody(wireBody(r)) };
}

// ---------------------------------------------------------------------------------------------
// running real kubectl

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-kubectl-compare-'));
const kubeconfig = join(dir, 'kubeconfig');
const editor = join(dir, 'editor.sh');
/** KUBE_EDITOR: sets replicas 2 -> 5 in the file kubectl opens. */
writeFileSync(editor, '#!/bin/sh\nsed -i "s/^  replicas: 2$/  replicas: 5/" "$1"\n');
chmodSync(editor, 0o755);

function runKubectl(args: readonly string[]): Promise<Run> {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    KUBECONFIG: kubeconfig,
    KUBE_EDITOR: editor,
    TZ: 'UTC',
    NO_COLOR: '1',
  };
  return new Promise((resolve) => {
    execFile('kubectl', ['--cache-dir', join(dir, 'cache'), ...args], { cwd: dir, env, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// a case

export interface Step {
  /** kubectl's arguments (files by the names given in `files`). */
  readonly argv: readonly string[];
  /** The same command as actor calls (file names as typed, for wrapped errors). */
  readonly sim: (s: ClusterState) => ActorOutcome;
}

export interface Case {
  readonly name: string;
  readonly setup: (s: ClusterState) => ClusterState;
  readonly files?: Readonly<Record<string, string>>;
  readonly steps: readonly Step[];
}


// ---------------------------------------------------------------------------------------------
// comparing

// ---------------------------------------------------------------------------------------------
// comparing

/**
 * The objects a step leaves, by storage key, as compared: every stored object but those the
 * server adds around the cluster it serves (namespaces, their default service accounts, the
 * CRDs it serves), without the counters the two stores hand out on their own (uid,
 * resourceVersion) and with the restartedAt of kubectl's wall clock normalised as in the bodies.
 * managedFields included.
 */
export type Objects = Record<string, Value>;

const SERVER_OWN = new Set(['namespaces', 'serviceaccounts', 'customresourcedefinitions']);

function comparedObjects(state: ClusterState): Objects {
  const out: Objects = {};
  for (const [key, obj] of [...state.objects].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (SERVER_OWN.has(key.split('/')[1] ?? '')) continue;
    const meta = isMap(obj.metadata) ? { ...obj.metadata } : {};
    delete meta.uid;
    delete meta.resourceVersion;
    // kubectl's wall clock in a restarted pod template, as in the request bodies
    out[key] = JSON.parse(normaliseBody(JSON.stringify({ ...obj, metadata: meta }))) as Value;
  }
  return out;
}

export interface StepResult {
  readonly requestsMatch: boolean;
  readonly outputMatch: boolean;
  readonly real: { writes: Wire[]; run: Run; objects: Objects };
  readonly sim: { writes: Wire[]; run: Run; objects: Objects };
  readonly userAgents: string[];
}

export async function runCase(c: Case): Promise<StepResult[]> {
  for (const [name, text] of Object.entries(c.files ?? {})) writeFileSync(join(dir, name), text);
  const start = c.setup(newClusterState(builtinCatalog(), T0));
  const log: RequestLogEntry[] = [];
  const server = await startServer({ state: start, now: () => T1, onRequest: (e) => log.push(e) });
  const results: StepResult[] = [];
  try {
    writeFileSync(kubeconfig, server.kubeconfig);
    let simState = start;
    for (const step of c.steps) {
      log.length = 0;
      const run = await runKubectl(step.argv);
      const writes = log.filter((e) => e.method !== 'GET').map(realWrite);
      const userAgents = [...new Set(log.filter((e) => e.method !== 'GET').map((e) => e.userAgent ?? ''))];
      const out = step.sim(simState);
      simState = out.state;
      const simRun = { code: out.exitCode, stdout: out.stdout, stderr: out.stderr };
      const simWrites = out.requests.map(simWrite);
      results.push({
        requestsMatch: JSON.stringify(writes) === JSON.stringify(simWrites),
        outputMatch: JSON.stringify(run) === JSON.stringify(simRun),
        real: { writes, run, objects: comparedObjects(server.state()) },
        sim: { writes: simWrites, run: simRun, objects: comparedObjects(simState) },
        userAgents,
      });
    }
  } finally {
    await server.close();
  }
  return results;
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));
