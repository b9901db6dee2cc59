/**
 * What a resource's registry does to an object after the field manager and admission, before
 * the strategy (the store's BeginCreate/BeginUpdate hooks): for Services, the allocation of
 * cluster IPs and node ports (service-allocation.ts). Not in harness mode, whose upstream unit
 * tests have no registry.
 */
import { allocatedBy, allocateOnCreate, allocateOnUpdate } from './service-allocation.js';
import type { Target } from './request-context.js';
import type { ClusterState, KubeObject, StatusObject } from './types.js';

export type BeginOutcome = { ok: true; object: KubeObject } | { ok: false; status: StatusObject };

export function beginWrite(state: ClusterState, target: Target, subresource: string, old: KubeObject | undefined, next: KubeObject, dryRun: boolean): BeginOutcome {
  const { resource } = target;
  if (state.config.harness || resource.custom || resource.group !== '' || resource.kind !== 'Service' || subresource !== '') return { ok: true, object: next };
  const prefix = `${resource.group}/${resource.resource}/`;
  const others = allocatedBy([...state.objects].filter(([key]) => key.startsWith(prefix) && key !== target.key).map(([, o]) => o));
  const ranges = state.config.serviceRanges;
  return old ? allocateOnUpdate(old, next, ranges, others, dryRun) : allocateOnCreate(next, ranges, others, dryRun);
}
