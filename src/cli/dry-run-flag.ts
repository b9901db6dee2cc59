/**
 * `--dry-run` on commands that only ever dry-run (preview, diff): kubectl users type
 * `--dry-run=server`, which is what these commands model, so it is accepted. kubectl's other
 * values are refused with the reason; anything else is kubectl's own error text.
 */
import { GO_BOOLEANS } from './args.js';

/** The option, as node:util parseArgs takes it. A bare `--dry-run` is kubectl's `unchanged` (see args.ts). */
export const DRY_RUN_OPTION = { 'dry-run': { type: 'string' } } as const;

export const DRY_RUN_HELP = `  --dry-run=server       accepted: this command is a server dry run (nothing is persisted anywhere)`;

/** Why VALUE is refused (a message for `error: `), or undefined for `server` or no flag. */
export function dryRunProblem(command: string, value: string | undefined): string | undefined {
  if (value === undefined || value === 'server') return undefined;
  const known = value === 'unchanged' || value === 'client' || value === 'none' || Object.hasOwn(GO_BOOLEANS, value);
  if (!known) return `Invalid dry-run value (${value}). Must be "none", "server", or "client".`;
  const meaning = value === 'none' || GO_BOOLEANS[value] === false ? 'none' : 'client';
  return `--dry-run=${meaning} is not what ssa-sim ${command} does: it answers as the API server answers a server dry run (--dry-run=server), and never writes anything`;
}
