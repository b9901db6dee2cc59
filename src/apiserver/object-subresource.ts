/**
 * Whether a resource answers reads and writes of itself at `subresource`: the main resource
 * (`''`), its `status` when it has one, and the other subresources that take the kind itself (a
 * Pod's `ephemeralcontainers`). `scale` takes a Scale and is not one of them.
 */
import type { ResourceType } from './types.js';

export function servesObjectAt(resource: ResourceType, subresource: string): boolean {
  if (subresource === '') return true;
  if (subresource === 'status') return resource.status;
  return resource.objectSubresources?.includes(subresource) ?? false;
}
