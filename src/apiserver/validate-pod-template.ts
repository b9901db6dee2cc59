/**
 * The part of kube-apiserver 1.32's `ValidatePodSpec` and `ValidatePodTemplateSpec`
 * (pkg/apis/core/validation) that is modelled, in its order: the volumes (validate-volumes.ts),
 * the containers and init containers (validate-containers.ts: names, images, ports, env,
 * volume mounts, pull policy, resources, security contexts, probes), the restart policy and the
 * DNS policy, then the pod-level fields of validate-pod-fields.ts (node selector, pod security
 * context, affinity, DNS config, gates, topology spread, names, tolerations, host aliases, OS);
 * for a template also its labels and annotations (at `<template>.labels` and
 * `<template>.annotations`, not under `metadata`), for a Pod the images without surrounding
 * blanks; ephemeral containers (validate-ephemeral-containers.ts), which a new Pod and a template
 * may not have at all.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import type { FieldError } from './status.js';
import { forbidden, invalidValue, notSupported } from './field-error.js';
import { annotationsErrors, labelsErrors } from './validate-labels.js';
import { containersErrors, initContainersErrors } from './validate-containers.js';
import { volumesErrors } from './validate-volumes.js';
import { podFieldsErrors } from './validate-pod-fields.js';
import { ephemeralContainersErrors } from './validate-ephemeral-containers.js';
import { podAnnotationsErrors } from './validate-pod-annotations.js';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'];

function at(v: Value | undefined, key: string): Value | undefined {
  return isMap(v) ? getKey(v, key) : undefined;
}

/**
 * `validatePodHostNetworkDeps`: with host networking each regular container's host port is its
 * container port; a template (`isPod` false) may leave it 0, as the Pod's defaulting fills it.
 */
function hostNetworkErrors(spec: Value | undefined, field: string, isPod: boolean): FieldError[] {
  const containers = at(spec, 'containers');
  if (at(spec, 'hostNetwork') !== true || !Array.isArray(containers)) return [];
  const int = (v: Value | undefined): number => (typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : 0);
  return containers.flatMap((c, ci) => {
    const ports = at(c, 'ports');
    if (!Array.isArray(ports)) return [];
    return ports.flatMap((p, pi) => {
      const hostPort = int(at(p, 'hostPort'));
      const mismatch = (isPod || hostPort !== 0) && hostPort !== int(at(p, 'containerPort'));
      return mismatch ? [invalidValue(`${field}.containers[${ci}].ports[${pi}].hostPort`, hostPort, 'must match `containerPort` when `hostNetwork` is true')] : [];
    });
  });
}

/**
 * The modelled part of ValidatePodSpec for the pod spec at `field` (`spec` of a Pod, `isPod`;
 * `spec.template.spec` of a workload).
 */
export function podSpecErrors(spec: Value | undefined, field: string, isPod = false): FieldError[] {
  const volumes = volumesErrors(at(spec, 'volumes'), `${field}.volumes`);
  const containers = at(spec, 'containers');
  const errors = [
    ...volumes.errors,
    ...containersErrors(containers, volumes, `${field}.containers`),
    ...initContainersErrors(at(spec, 'initContainers'), containers, volumes, `${field}.initContainers`),
    ...ephemeralContainersErrors(spec, volumes, `${field}.ephemeralContainers`),
    ...hostNetworkErrors(spec, field, isPod),
  ];
  const restartPolicy = at(spec, 'restartPolicy');
  if (typeof restartPolicy === 'string' && !RESTART_POLICIES.includes(restartPolicy)) {
    errors.push(notSupported(`${field}.restartPolicy`, restartPolicy, RESTART_POLICIES));
  }
  const dnsPolicy = at(spec, 'dnsPolicy');
  if (typeof dnsPolicy === 'string' && !DNS_POLICIES.includes(dnsPolicy)) errors.push(notSupported(`${field}.dnsPolicy`, dnsPolicy, DNS_POLICIES));
  errors.push(...podFieldsErrors(spec, field));
  return errors;
}

/** A projected service account token without `serviceAccountName` (validatePodMetadataAndSpec). */
function tokenWithoutAccountErrors(spec: Value | undefined, field: string): FieldError[] {
  const account = at(spec, 'serviceAccountName');
  const volumes = at(spec, 'volumes');
  if ((typeof account === 'string' && account !== '') || !Array.isArray(volumes)) return [];
  return volumes.flatMap((v, vi) => {
    const sources = at(at(v, 'projected'), 'sources');
    if (!Array.isArray(sources)) return [];
    return sources.flatMap((source, si) =>
      isMap(at(source, 'serviceAccountToken'))
        ? [forbidden(`${field}.volumes[${vi}].projected.sources[${si}].serviceAccountToken`, 'must not be specified when serviceAccountName is not set')]
        : [],
    );
  });
}

/**
 * What a Pod is refused beyond its spec's checks (validatePodMetadataAndSpec): a projected token
 * without an account, then (`validateContainersOnlyForPod`) images with blanks around them, of
 * containers then init containers.
 */
export function podOnlyErrors(spec: Value | undefined, field: string): FieldError[] {
  const images = ['containers', 'initContainers'].flatMap((list) => {
    const containers = at(spec, list);
    if (!Array.isArray(containers)) return [];
    return containers.flatMap((c, i) => {
      const image = at(c, 'image');
      return typeof image === 'string' && image !== image.trim() ? [invalidValue(`${field}.${list}[${i}].image`, image, 'must not have leading or trailing whitespace')] : [];
    });
  });
  return [...tokenWithoutAccountErrors(spec, field), ...images];
}

/** `ValidatePodCreate`'s own checks after the spec's: no ephemeral containers, no node name while scheduling gates remain. */
export function podCreateErrors(spec: Value | undefined, field: string): FieldError[] {
  const listed = (key: string) => {
    const v = at(spec, key);
    return Array.isArray(v) && v.length > 0;
  };
  const nodeName = at(spec, 'nodeName');
  return [
    ...(listed('ephemeralContainers') ? [forbidden(`${field}.ephemeralContainers`, 'cannot be set on create')] : []),
    ...(typeof nodeName === 'string' && nodeName !== '' && listed('schedulingGates') ? [forbidden(`${field}.nodeName`, 'cannot be set until all schedulingGates have been cleared')] : []),
  ];
}

/** The modelled part of ValidatePodTemplateSpec for the template at `field` (e.g. `spec.template`). */
export function podTemplateErrors(template: Value | undefined, field: string): FieldError[] {
  const metadata = at(template, 'metadata');
  const ephemeral = at(at(template, 'spec'), 'ephemeralContainers');
  return [
    ...labelsErrors(at(metadata, 'labels'), `${field}.labels`),
    ...annotationsErrors(at(metadata, 'annotations'), `${field}.annotations`),
    ...podAnnotationsErrors(at(metadata, 'annotations'), at(template, 'spec'), `${field}.annotations`),
    ...podSpecErrors(at(template, 'spec'), `${field}.spec`),
    ...(Array.isArray(ephemeral) && ephemeral.length > 0 ? [forbidden(`${field}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template')] : []),
  ];
}

/** The restart policy a workload's pods must have (defaulted to Always when absent). */
export function restartPolicyAlwaysErrors(template: Value | undefined, field: string): FieldError[] {
  const restartPolicy = at(at(template, 'spec'), 'restartPolicy');
  if (typeof restartPolicy !== 'string' || restartPolicy === 'Always') return [];
  return [{ type: 'FieldValueNotSupported', field: `${field}.spec.restartPolicy`, value: goQuote(restartPolicy), detail: 'supported values: "Always"' }];
}
