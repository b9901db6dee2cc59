import { SsaError } from '../../errors/ssa-error.js';
import type { ValueMap } from '../../value/value.js';
import type { CommandIO } from '../io.js';

export interface ExplainApplyInput {
  readonly live: ValueMap;
  readonly pathText: string;
  readonly manifestFile: string;
  readonly manager: string;
  readonly force: boolean;
  readonly io: CommandIO;
}

/** What applying the manifest as `manager` would do to the field (needs the API server simulation). */
export async function explainApplyOnPath(input: ExplainApplyInput): Promise<string[]> {
  throw new SsaError('INPUT', 'explain -f needs the simulated API server, which this build does not have yet', { source: { file: input.manifestFile } });
}
