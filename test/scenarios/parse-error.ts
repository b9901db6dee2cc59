/** The error a scenario text gives when it is read, as the CLI describes it (file:line:column: message). */
import { describeError, SsaError } from '../../src/errors/ssa-error.js';
import { parseScenario } from '../../src/scenarios/parse-scenario.js';

export function parseErrorOf(text: string, file = 'x.yaml'): string {
  try {
    parseScenario(text, file);
  } catch (err) {
    if (err instanceof SsaError) return describeError(err);
    throw err;
  }
  throw new Error('expected an error');
}
