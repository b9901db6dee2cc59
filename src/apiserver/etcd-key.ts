/**
 * Where kube-apiserver's etcd3 store keeps an object, as its storage errors name it:
 * `/registry/<prefix>/<namespace>/<name>` (`/registry/<prefix>/<name>` for a cluster-scoped one).
 * The prefix is the resource's name but for the few kube-apiserver keeps under older names
 * (SpecialDefaultResourcePrefixes in pkg/kubeapiserver/default_storage_factory_builder.go); the
 * resources of apiextensions-apiserver (CRDs and custom resources) are kept under `<group>/<resource>`.
 */
import type { ResourceType } from './types.js';

const SPECIAL_PREFIXES: Readonly<Record<string, string>> = {
  '/replicationcontrollers': 'controllers',
  '/endpoints': 'services/endpoints',
  '/nodes': 'minions',
  '/services': 'services/specs',
  'networking.k8s.io/ingresses': 'ingress',
};

const GROUP_PREFIXED = new Set(['apiextensions.k8s.io', 'apiregistration.k8s.io']);

export function etcdKey(resource: ResourceType, namespace: string, name: string): string {
  const id = `${resource.group}/${resource.resource}`;
  const prefix = Object.hasOwn(SPECIAL_PREFIXES, id)
    ? SPECIAL_PREFIXES[id]
    : resource.custom || GROUP_PREFIXED.has(resource.group)
      ? id
      : resource.resource;
  return resource.namespaced ? `/registry/${prefix}/${namespace}/${name}` : `/registry/${prefix}/${name}`;
}
