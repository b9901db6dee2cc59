/**
 * The part of kube-apiserver 1.32's `ValidatePodTemplateSpec` (pkg/apis/core/validation) that is
 * modelled: the template's labels and annotations (at `<template>.labels` and
 * `<template>.annotations`, not under `metadata`), and of its pod spec the containers list:
 * required, each container's name (required, an RFC 1123 label), image (required) and resource
 * quantities (not negative, a request not above its limit), and no name twice. The rest of ValidatePodSpec (volumes, ports, probes, resources, init containers,
 * ...) is not checked: a template that is wrong only there is accepted.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { isDns1123Label } from './name-validation.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import type { FieldError } from './status.js';
import { annotationsErrors, invalidString, labelsErrors } from './validate-labels.js';
import { compareQuantities, formatQuantity, parseQuantity, type Quantity } from './quantity.js';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];

function at(v: Value | undefined, key: string): Value | undefined {
  return isMap(v) ? getKey(v, key) : undefined;
}

function quantities(v: Value | undefined): [string, Quantity][] {
  if (!isMap(v)) return [];
  const out: [string, Quantity][] = [];
  for (const name of Object.keys(v)) {
    const q = v[name];
    const parsed = typeof q === 'string' ? parseQuantity(q) : typeof q === 'number' ? parseQuantity(String(q)) : undefined;
    if (parsed?.ok) out.push([name, parsed.quantity]);
  }
  return out;
}

const ZERO: Quantity = { mantissa: 0n, exponent: 0, format: 'DecimalSI' };

/**
 * `IsOvercommitAllowed`: a native resource (no domain, or `kubernetes.io/`) that is not huge
 * pages may be requested below its limit; others must request exactly their limit.
 */
function overcommitAllowed(name: string): boolean {
  const native = !name.includes('/') || name.startsWith('kubernetes.io/');
  return native && !name.startsWith('hugepages-');
}

/**
 * The quantity checks of `validateResourceRequirements`: limits then requests not negative, a
 * request not above its limit (equal to it for a resource that cannot be overcommitted, whose
 * limit is then required). Resource names and the pod-level rules are not checked.
 */
function resourcesErrors(resources: Value | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const limits = quantities(at(resources, 'limits'));
  const negative = (path: string, q: Quantity) => {
    if (compareQuantities(q, ZERO) < 0) errors.push(invalidString(path, formatQuantity(q), 'must be greater than or equal to 0'));
  };
  for (const [name, q] of limits) negative(`${field}.limits[${name}]`, q);
  for (const [name, q] of quantities(at(resources, 'requests'))) {
    negative(`${field}.requests[${name}]`, q);
    const limit = limits.find(([n]) => n === name)?.[1];
    if (limit !== undefined) {
      const cmp = compareQuantities(q, limit);
      if (cmp !== 0 && !overcommitAllowed(name)) {
        errors.push(invalidString(`${field}.requests`, formatQuantity(q), `must be equal to ${name} limit of ${formatQuantity(limit)}`));
      } else if (cmp > 0) {
        errors.push(invalidString(`${field}.requests`, formatQuantity(q), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
      }
    } else if (!overcommitAllowed(name)) {
      errors.push({ type: 'FieldValueRequired', field: `${field}.limits`, detail: 'Limit must be set for non overcommitable resources' });
    }
  }
  return errors;
}

/** `validateContainers` for the regular containers: the common checks of each, then duplicates. */
function containersErrors(containers: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(containers) || containers.length === 0) return [{ type: 'FieldValueRequired', field, detail: '' }];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  containers.forEach((container, i) => {
    const path = `${field}[${i}]`;
    const nameValue = at(container, 'name');
    const name = typeof nameValue === 'string' ? nameValue : '';
    if (name === '') errors.push({ type: 'FieldValueRequired', field: `${path}.name`, detail: '' });
    else for (const msg of isDns1123Label(name)) errors.push(invalidString(`${path}.name`, name, msg));
    const image = at(container, 'image');
    if (typeof image !== 'string' || image === '') errors.push({ type: 'FieldValueRequired', field: `${path}.image`, detail: '' });
    errors.push(...resourcesErrors(at(container, 'resources'), `${path}.resources`));
    if (seen.has(name)) errors.push({ type: 'FieldValueDuplicate', field: `${path}.name`, value: goQuote(name), detail: '' });
    else seen.add(name);
  });
  return errors;
}

/** The modelled part of ValidatePodSpec for the pod spec at `field` (`spec` of a Pod, `spec.template.spec` of a workload). */
export function podSpecErrors(spec: Value | undefined, field: string): FieldError[] {
  const errors = containersErrors(at(spec, 'containers'), `${field}.containers`);
  const restartPolicy = at(spec, 'restartPolicy');
  if (typeof restartPolicy === 'string' && !RESTART_POLICIES.includes(restartPolicy)) {
    errors.push({
      type: 'FieldValueNotSupported',
      field: `${field}.restartPolicy`,
      value: goQuote(restartPolicy),
      detail: `supported values: ${RESTART_POLICIES.map(goQuote).join(', ')}`,
    });
  }
  return errors;
}

/** The modelled part of ValidatePodTemplateSpec for the template at `field` (e.g. `spec.template`). */
export function podTemplateErrors(template: Value | undefined, field: string): FieldError[] {
  const metadata = at(template, 'metadata');
  return [
    ...labelsErrors(at(metadata, 'labels'), `${field}.labels`),
    ...annotationsErrors(at(metadata, 'annotations'), `${field}.annotations`),
    ...podSpecErrors(at(template, 'spec'), `${field}.spec`),
  ];
}

/** The restart policy a workload's pods must have (defaulted to Always when absent). */
export function restartPolicyAlwaysErrors(template: Value | undefined, field: string): FieldError[] {
  const restartPolicy = at(at(template, 'spec'), 'restartPolicy');
  if (typeof restartPolicy !== 'string' || restartPolicy === 'Always') return [];
  return [{ type: 'FieldValueNotSupported', field: `${field}.spec.restartPolicy`, value: goQuote(restartPolicy), detail: 'supported values: "Always"' }];
}
