/**
 * The Go package of a built-in kind's internal type in kube-apiserver, as its messages name it
 * (`core.Namespace`, `apps.Deployment`): the group's short name (k8s.io/kubernetes pkg/apis/<name>),
 * except where a group's kinds are another package's types (events.k8s.io's Event is
 * `core.Event`) and the CustomResourceDefinition's package of apiextensions-apiserver.
 */
import { GROUP_SHORT_NAMES } from '../schema/builtin/kinds.js';

const OTHER_PACKAGE: Readonly<Record<string, string>> = { 'events.k8s.io': 'core', 'apiextensions.k8s.io': 'apiextensions' };

export function internalPackage(group: string): string {
  if (Object.hasOwn(OTHER_PACKAGE, group)) return OTHER_PACKAGE[group];
  return Object.hasOwn(GROUP_SHORT_NAMES, group) ? GROUP_SHORT_NAMES[group] : group;
}
