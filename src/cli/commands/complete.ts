/**
 * `ssa-sim __complete field-manager COMMAND WORDS...`, hidden: what the completion scripts ask when
 * the user completes `--field-manager`. It finds the live file on the command line (`--live FILE`,
 * or the LIVE argument of blame and explain) and prints the managers of its managedFields, one a
 * line. It never fails loudly: a half-typed command line is the normal case.
 */
import { readFileSync } from 'node:fs';
import { readManifests } from '../../manifest/index.js';
import { getKey, isList, isMap } from '../../value/value.js';
import type { Options } from '../args.js';
import { type CommandIO, EXIT_OK } from '../io.js';

export const completeUsage = `Usage: ssa-sim __complete field-manager COMMAND WORDS...

Used by the scripts of ssa-sim completion: prints the field managers of the live file named in WORDS.
`;

export const OPTIONS = {} as const;

/** bash splits `--live=x.yaml` at "="; the words are put back together. */
function joinEquals(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '=' && out.length > 0 && out[out.length - 1].startsWith('-') && i + 1 < words.length) out[out.length - 1] += `=${words[++i]}`;
    else if (words[i] === '=' && out.length > 0) out[out.length - 1] += '=';
    else out.push(words[i]);
  }
  return out;
}

/** The live file on the command line: --live's value, else the first argument. */
export function liveFileOf(words: readonly string[], options: Options): string | undefined {
  const takesValue = new Set(Object.entries(options).flatMap(([name, o]) => (o.type === 'string' ? [`--${name}`, ...(o.short !== undefined ? [`-${o.short}`] : [])] : [])));
  const positionals: string[] = [];
  let live: string | undefined;
  const all = joinEquals(words);
  for (let i = 0; i < all.length; i++) {
    const w = all[i];
    if (w === '--live' && i + 1 < all.length) live = all[++i];
    else if (w.startsWith('--live=')) live = w.slice('--live='.length);
    else if (takesValue.has(w)) i++;
    else if (!w.startsWith('-') || w === '-') positionals.push(w);
  }
  return live ?? positionals[0];
}

/** The managers named in the managedFields of FILE's objects, sorted; none when it cannot be read. */
export function managersIn(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const names = new Set<string>();
  try {
    for (const m of readManifests(text, { file }).manifests) {
      const meta = getKey(m.object, 'metadata');
      const entries = isMap(meta) ? getKey(meta, 'managedFields') : undefined;
      for (const e of isList(entries) ? entries : []) {
        const manager = isMap(e) ? getKey(e, 'manager') : undefined;
        if (typeof manager === 'string' && manager !== '') names.add(manager);
      }
    }
  } catch {
    return [];
  }
  return [...names].sort();
}

export async function completeCommand(args: string[], io: CommandIO, optionsOf: (command: string) => Promise<Options | undefined>): Promise<number> {
  const [what, command, ...words] = args;
  if (what !== 'field-manager' || command === undefined) return EXIT_OK;
  const options = await optionsOf(command);
  const live = options === undefined ? undefined : liveFileOf(words, options);
  if (live === undefined || live === '-' || live === 'cluster') return EXIT_OK;
  io.write(managersIn(live).map((m) => `${m}\n`).join(''));
  return EXIT_OK;
}
