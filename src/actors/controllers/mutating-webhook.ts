import { withAdmission } from '../../apiserver/server.js';
import type { AdmissionAttributes, AdmissionHook, KubeObject } from '../../apiserver/types.js';
import { isMap } from '../../value/value.js';
import type { ActorOutcome, ClusterState, MutatingWebhookOptions } from '../actor.js';
import { applyJsonPatch } from './json-patch.js';

/**
 * Registers a mutating admission webhook: from now on, every matching request (kind, optional
 * apiVersion and namespace, operations default `CREATE`) gets the webhook's JSON Patch applied
 * after field management, so what it adds is owned by nobody (apiserver-semantics §2.12), e.g.
 * `vpc-resource-mutating-webhook` adding `/spec/containers/0/resources/limits`. Sends nothing;
 * the new state carries the hook.
 */
export function mutatingWebhook(state: ClusterState, options: MutatingWebhookOptions): ActorOutcome {
  const operations = options.match.operations ?? ['CREATE'];
  const hook: AdmissionHook = {
    name: options.name,
    mutate(object: KubeObject, a: AdmissionAttributes): KubeObject | undefined {
      if (a.subresource !== '' || a.kind !== options.match.kind || !operations.includes(a.operation)) return undefined;
      if (options.match.apiVersion && a.apiVersion !== options.match.apiVersion) return undefined;
      if (options.match.namespace && a.namespace !== options.match.namespace) return undefined;
      const out = applyJsonPatch(object, options.patch);
      return isMap(out) ? out : undefined;
    },
  };
  return {
    state: withAdmission(state, hook),
    stdout: '',
    stderr: '',
    exitCode: 0,
    requests: [],
    notes: [`mutating webhook ${options.name} registered: fields it sets are owned by nobody`],
  };
}
