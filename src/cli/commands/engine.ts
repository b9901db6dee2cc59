import { createInterface } from 'node:readline';
import { SsaError } from '../../errors/ssa-error.js';
import { parseEngineRequest, runEngineRequest } from '../../protocol/engine-request.js';
import { SchemaSource } from '../../protocol/schema-source.js';
import type { Value } from '../../value/value.js';
import { type CommandIO, EXIT_OK } from '../io.js';
import { parseJsonExact } from '../../value/parse-json.js';

export const engineUsage = `Usage: ssa-sim engine

Reads engine requests as JSON Lines on standard input and writes one response line per request.
A request is a reference vector case without "expect":
  {"schema": "<schema YAML; empty for the deduced schema; \"builtin\" for ssa-sim's built-in
              Kubernetes schema>", "type": "<root type, e.g. io.k8s.api.apps.v1.DaemonSet>",
   "steps": [{"op": "apply"|"update", "manager": "m", "apiVersion": "v1", "object": {...}, "force": false}],
   "live": <optional starting object>, "managed": <optional [{"manager", "apiVersion", "applied", "fieldsV1"}]>}
The response is {"steps": [<result per step>]} with each result as in the vectors
({"error", "conflicts", "object", "managed"}), or {"error": "..."} when the request is invalid.

Examples:
  echo '{"schema":"","type":"","steps":[{"op":"apply","manager":"m","apiVersion":"v1","object":{"a":1}}]}' | ssa-sim engine
`;

/** Answers one request line; never throws for bad input. */
export function answerEngineLine(line: string, schemas: SchemaSource): string {
  let json: Value;
  try {
    json = parseJsonExact(line) as Value;
  } catch (err) {
    return JSON.stringify({ error: `invalid JSON: ${(err as Error).message}` });
  }
  try {
    return runEngineRequest(parseEngineRequest(json), schemas);
  } catch (err) {
    if (err instanceof SsaError) return JSON.stringify({ error: err.message });
    if (err instanceof RangeError) return JSON.stringify({ error: `request too large or too deeply nested: ${err.message}` });
    throw err;
  }
}

/** `ssa-sim engine` takes no flags: its requests come on standard input. */
export const OPTIONS = {} as const;

export async function engineCommand(_args: string[], io: CommandIO): Promise<number> {
  const schemas = new SchemaSource();
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    io.write(answerEngineLine(line, schemas) + '\n');
  }
  return EXIT_OK;
}
