import { KUBERNETES_RELEASE } from '../../apiserver/kubernetes-release.js';
import { KUBECTL_USER_AGENT } from '../../actors/kubectl/kubectl.js';
import { parseCommandArgs, usageError } from '../args.js';
import { type CommandIO, EXIT_OK } from '../io.js';

/** ssa-sim's own version; test/cli/version.test.ts keeps it equal to package.json's. */
export const SSA_SIM_VERSION = '0.1.0';

export const versionUsage = `Usage: ssa-sim version [-o json]   (also: ssa-sim --version)

Prints ssa-sim's version and the versions of what it models: the Kubernetes API server release
whose field management, defaulting and reset fields it follows, and the kubectl whose requests
and messages its kubectl model reproduces.

Options:
  -o, --output   json: the same as a JSON object

Examples:
  ssa-sim version
  ssa-sim version -o json
`;

export const OPTIONS = { output: { type: 'string', short: 'o' } } as const;

/** `v1.32.4` from `kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07`. */
function kubectlVersion(): string {
  return KUBECTL_USER_AGENT.split(' ')[0].split('/')[1];
}

export async function versionCommand(args: string[], io: CommandIO): Promise<number> {
  const parsed = parseCommandArgs('version', args, OPTIONS, versionUsage, io);
  if (typeof parsed === 'number') return parsed;
  if (parsed.positionals.length > 0) return usageError('version', `unexpected argument ${JSON.stringify(parsed.positionals[0])}`, versionUsage, io);
  const output = parsed.values.output as string | undefined;
  if (output !== undefined && output !== 'json') return usageError('version', `-o must be json, not ${JSON.stringify(output)}`, versionUsage, io);
  const versions = { ssaSim: SSA_SIM_VERSION, kubernetes: `v${KUBERNETES_RELEASE}`, kubectl: kubectlVersion() };
  io.write(
    output === 'json'
      ? `${JSON.stringify(versions, null, 2)}\n`
      : `ssa-sim ${versions.ssaSim}\nModels the Kubernetes ${versions.kubernetes} API server and kubectl ${versions.kubectl}.\n`,
  );
  return EXIT_OK;
}
