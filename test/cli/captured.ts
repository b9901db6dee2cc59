import { formatObjects } from '../../src/manifest/format-objects.js';
import { type ClusterRunState, modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';

/** The aws-node DaemonSet after the EKS story's first two steps: bootstrap by client-side apply, then kubectl set env. */
export function capturedAwsNode(): string {
  const text = `name: capture
clock: {start: "2022-08-23T09:00:00Z", tick: 1m}
steps:
  - kubectl-apply: {manifests: {addon: vpc-cni, version: v1.10.1-eksbuild.1}}
  - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, env: {WARM_IP_TARGET: "5"}}
`;
  const scenario = parseScenario(text, 'capture.yaml');
  const run = runScenario(scenario, modeRunner(scenario, { readFile: () => '' }));
  const state = run.steps[1].after.state as ClusterRunState;
  const ds = [...state.cluster.objects.values()].find((o) => o.kind === 'DaemonSet')!;
  return formatObjects([ds], { output: 'yaml', showManagedFields: true });
}
