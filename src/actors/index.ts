/**
 * The actors, and a table from action names to actors so the scenario runner can dispatch a
 * step such as `{action: kubectl-set-env, resource: daemonset/aws-node, namespace: kube-system,
 * env: {WARM_IP_TARGET: "5"}}` by name. Every actor is `(state, options) → ActorOutcome`
 * (see actor.ts); the scenario author's reference is the doc comment of each function and of its
 * options type.
 *
 * Managers (apiserver-semantics §6): kubectl apply → `kubectl-client-side-apply` (Update);
 * kubectl apply --server-side → `kubectl` (Apply) [+ `kubectl-last-applied` for the annotation];
 * set → `kubectl-set`; edit → `kubectl-edit`; patch → `kubectl-patch`; label → `kubectl-label`;
 * annotate → `kubectl-annotate`; create → `kubectl-create`; replace → `kubectl-replace`; rollout restart → `kubectl-rollout`;
 * scale → `kubectl` (no --field-manager: the user agent's name) with subresource `scale`;
 * EKS add-ons → `eks` (Apply).
 */
import type { Actor, ActorOutcome, ClusterState } from './actor.js';
import { autoscalerScale } from './controllers/autoscaler-scale.js';
import { clientUpdate } from './controllers/client-update.js';
import { mutatingWebhook } from './controllers/mutating-webhook.js';
import { serverSideApplyClient } from './controllers/server-side-apply-client.js';
import { controllerWriteStatus } from './controllers/write-status.js';
import { eksCreateAddon } from './eks/create-addon.js';
import { eksUpdateAddon } from './eks/update-addon.js';
import { kubectlAnnotate } from './kubectl/annotate.js';
import { kubectlApply } from './kubectl/apply.js';
import { kubectlCreate } from './kubectl/create.js';
import { kubectlCreateConfigMap, kubectlCreateDeployment, kubectlCreateSecret } from './kubectl/create-generated.js';
import { kubectlDelete } from './kubectl/delete.js';
import { kubectlEdit } from './kubectl/edit.js';
import { kubectlLabel } from './kubectl/label.js';
import { kubectlPatch } from './kubectl/patch.js';
import { kubectlReplace } from './kubectl/replace.js';
import { kubectlRolloutRestart } from './kubectl/rollout-restart.js';
import { kubectlScale } from './kubectl/scale.js';
import { kubectlSetEnv } from './kubectl/set-env.js';
import { kubectlSetImage } from './kubectl/set-image.js';
import { kubectlSetResources } from './kubectl/set-resources.js';

export * from './actor.js';
export { VPC_CNI_DEFAULT_VERSION, VPC_CNI_VERSIONS, vpcCniManifest } from './eks/addons/vpc-cni.js';
export { CONFLICT_MESSAGE_PREFIX } from './eks/addon-manager.js';
export { KUBECTL_USER_AGENT } from './kubectl/kubectl.js';
export { CONFLICT_HELP } from './kubectl/output.js';
export { LAST_APPLIED, lastAppliedValue } from './kubectl/last-applied.js';
export { CONTROLLER_MANAGER_USER_AGENT, GO_HTTP_CLIENT } from './controllers/controller.js';
export { rememberingReader } from './objects.js';
export {
  autoscalerScale,
  clientUpdate,
  controllerWriteStatus,
  eksCreateAddon,
  eksUpdateAddon,
  kubectlAnnotate,
  kubectlApply,
  kubectlCreate,
  kubectlCreateConfigMap,
  kubectlCreateDeployment,
  kubectlCreateSecret,
  kubectlDelete,
  kubectlEdit,
  kubectlLabel,
  kubectlPatch,
  kubectlReplace,
  kubectlRolloutRestart,
  kubectlScale,
  kubectlSetEnv,
  kubectlSetImage,
  kubectlSetResources,
  mutatingWebhook,
  serverSideApplyClient,
};

/**
 * Action name (as written in scenario files) → actor. The options are those of the actor's
 * options type; the runner passes the step's fields through unchanged.
 */
export const actions = {
  'kubectl-apply': kubectlApply,
  'kubectl-create': kubectlCreate,
  'kubectl-create-deployment': kubectlCreateDeployment,
  'kubectl-create-configmap': kubectlCreateConfigMap,
  'kubectl-create-secret': kubectlCreateSecret,
  'kubectl-replace': kubectlReplace,
  'kubectl-delete': kubectlDelete,
  'kubectl-set-env': kubectlSetEnv,
  'kubectl-set-image': kubectlSetImage,
  'kubectl-set-resources': kubectlSetResources,
  'kubectl-edit': kubectlEdit,
  'kubectl-patch': kubectlPatch,
  'kubectl-scale': kubectlScale,
  'kubectl-label': kubectlLabel,
  'kubectl-annotate': kubectlAnnotate,
  'kubectl-rollout-restart': kubectlRolloutRestart,
  'eks-create-addon': eksCreateAddon,
  'eks-update-addon': eksUpdateAddon,
  'controller-write-status': controllerWriteStatus,
  'autoscaler-scale': autoscalerScale,
  'mutating-webhook': mutatingWebhook,
  'server-side-apply': serverSideApplyClient,
  'client-update': clientUpdate,
} as const satisfies Record<string, Actor<never>>;

export type ActionName = keyof typeof actions;

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(actions, name);
}

/**
 * Runs the action called `name` with options taken from a scenario step. The options are not
 * checked here beyond what each actor checks itself (it throws SsaError('INPUT') on bad ones).
 */
export function runAction(name: ActionName, state: ClusterState, options: unknown): ActorOutcome {
  const actor = actions[name] as Actor<unknown>;
  return actor(state, options);
}
export { ACTION_OPTIONS, fileOptions, type OptionDeclaration, type OptionType } from './action-options.js';
