/**
 * Runs one case in this process and says whether it crashed: an internal error (exit 70), an
 * exception escaping the command, a stack trace on stderr, an engine answer that is not one JSON
 * line, or a change to the prototypes every object shares (prototype pollution).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { answerEngineLine } from '../src/cli/commands/engine.js';
import type { CommandIO } from '../src/cli/io.js';
import { main } from '../src/cli/main.js';
import { SchemaSource } from '../src/protocol/schema-source.js';
import type { FuzzCase } from './cases.js';

export type Verdict = { readonly ok: true; readonly exit: number } | { readonly ok: false; readonly kind: 'crash' | 'pollution'; readonly detail: string };

const STACK_LINE = /\n\s+at \S.*:\d+:\d+\)?(\n|$)/;

const SHARED_PROTOTYPES = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
] as const;
const baseline = new Map<object, Set<string>>(SHARED_PROTOTYPES.map(([, proto]) => [proto, new Set(Object.getOwnPropertyNames(proto))]));

/** Undefined when no shared prototype gained a property; else which, after removing them. */
function prototypesClean(): string | undefined {
  for (const [name, proto] of SHARED_PROTOTYPES) {
    const known = baseline.get(proto) as Set<string>;
    const extra = Object.getOwnPropertyNames(proto).filter((k) => !known.has(k));
    if (extra.length > 0) {
      for (const k of extra) delete (proto as unknown as Record<string, unknown>)[k];
      return `${name}.prototype gained ${extra.join(', ')}`;
    }
  }
  return undefined;
}

/** A runner keeps one schema cache across engine cases, as a long-lived `ssa-sim engine` does. */
export function caseRunner(workDir: string): (c: FuzzCase) => Promise<Verdict> {
  const schemas = new SchemaSource();
  let n = 0;
  return async (c) => {
    let verdict: Verdict;
    if (c.target === 'engine') verdict = runEngine(c.line ?? '', schemas);
    else verdict = await runCommand(c, join(workDir, String(n++ % 8)));
    const polluted = prototypesClean();
    return polluted === undefined ? verdict : { ok: false, kind: 'pollution', detail: polluted };
  };
}

function runEngine(line: string, schemas: SchemaSource): Verdict {
  let answer: string;
  try {
    answer = answerEngineLine(line, schemas);
  } catch (err) {
    return { ok: false, kind: 'crash', detail: `engine threw: ${(err as Error)?.stack ?? String(err)}` };
  }
  if (answer.includes('\n')) return { ok: false, kind: 'crash', detail: 'engine answer spans several lines' };
  try {
    JSON.parse(answer);
  } catch {
    return { ok: false, kind: 'crash', detail: `engine answer is not JSON: ${answer.slice(0, 200)}` };
  }
  return { ok: true, exit: 0 };
}

async function runCommand(c: FuzzCase, dir: string): Promise<Verdict> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(c.files ?? {})) writeFileSync(join(dir, name), text);
  const args = (c.args ?? []).map((a) => (Object.hasOwn(c.files ?? {}, a) ? join(dir, a) : a));
  let stderr = '';
  const io: CommandIO = {
    stdin: Readable.from([]),
    write: () => undefined,
    writeError: (t) => void (stderr += t),
    env: { NO_COLOR: '1' },
    isTTY: false,
    isErrorTTY: false,
  };
  let exit: number;
  try {
    exit = await main([...args], io);
  } catch (err) {
    return { ok: false, kind: 'crash', detail: `${c.args?.[0]} threw: ${(err as Error)?.stack ?? String(err)}` };
  }
  if (exit === 70 || /internal error/.test(stderr)) return { ok: false, kind: 'crash', detail: `exit ${exit}: ${stderr.slice(0, 2000)}` };
  if (STACK_LINE.test(stderr)) return { ok: false, kind: 'crash', detail: `stack trace on stderr: ${stderr.slice(0, 2000)}` };
  return { ok: true, exit };
}
