/**
 * `--record FILE`: the session as a scenario file that `ssa-sim run` and the playground replay.
 * It starts from the objects the server started with (managedFields kept), then has one
 * `request` step per write the API server answered, with the request's own time in its options
 * (so replayed entries get the same times) and the answer as the step's expectation: the
 * stored object's managedFields exactly (after the writes the request led to, as a replay checks
 * them), or the error text.
 */
import { getPath, toValue } from '../apiserver/object-paths.js';
import type { ApiRequest, ApiResponse, ClusterState } from '../apiserver/types.js';
import { toYaml } from '../manifest/write-yaml.js';
import { isList, type Value } from '../value/value.js';

export interface RecordedExchange {
  readonly request: ApiRequest;
  readonly response: ApiResponse;
  /** `PATCH /apis/apps/v1/...` as it arrived, for the step's title. */
  readonly title: string;
  /**
   * The stored state once the request and the writes it led to are done (the CRD controllers'
   * status writes after a CRD's create): what a replayed step is checked against.
   */
  readonly after?: ClusterState;
}

/** The object as stored after the exchange (found by uid), else as the response has it. */
function storedObject(exchange: RecordedExchange, answered: Value): Value {
  const uid = getPath(answered, ['metadata', 'uid']);
  if (exchange.after === undefined || typeof uid !== 'string') return answered;
  for (const o of exchange.after.objects.values()) if (getPath(o, ['metadata', 'uid']) === uid) return o;
  return answered;
}

function rv(o: Value): number {
  return Number(getPath(o, ['metadata', 'resourceVersion']) ?? 0);
}

/** Plain JSON data (no prototypes, no undefined), as the YAML writer wants it. */
function data(v: unknown): Value {
  return toValue(v);
}

function expectation(exchange: RecordedExchange): Record<string, unknown> {
  const r = exchange.response;
  if (!r.ok) return { succeeds: false, error: r.status.message };
  const opts = (exchange.request as { options?: { dryRun?: unknown } }).options;
  const dryRun = opts?.dryRun === true || (Array.isArray(opts?.dryRun) && opts.dryRun.includes('All'));
  const entries = getPath(storedObject(exchange, r.object), ['metadata', 'managedFields']);
  if (dryRun || exchange.request.verb === 'delete' || !isList(entries)) return { succeeds: true };
  return { succeeds: true, managedFieldsExactly: data(entries) };
}

/** The scenario text of a session that started from `initial`. */
export function sessionScenario(initial: ClusterState, exchanges: readonly RecordedExchange[], startedAt: string): string {
  const objects = [...initial.objects.values()].sort((a, b) => rv(a) - rv(b));
  const scenario = {
    name: `ssa-sim serve session of ${startedAt}`,
    description: 'Recorded by ssa-sim serve --record: the objects the server started with, then every write it answered, each with its answer as the expectation. Replay it with ssa-sim run.',
    clock: { start: initial.now },
    objects: data(objects),
    steps: exchanges.map((e) => ({ title: e.title, request: data(e.request), expect: data(expectation(e)) })),
  };
  return toYaml(scenario as unknown as Value);
}
