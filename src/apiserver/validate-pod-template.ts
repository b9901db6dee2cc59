/**
 * The part of kube-apiserver 1.32's `ValidatePodTemplateSpec` (pkg/apis/core/validation) that is
 * modelled: the template's labels and annotations (at `<template>.labels` and
 * `<template>.annotations`, not under `metadata`), and of its pod spec the containers list:
 * required, each container's name (required, an RFC 1123 label) and image (required), and no
 * name twice. The rest of ValidatePodSpec (volumes, ports, probes, resources, init containers,
 * ...) is not checked: a template that is wrong only there is accepted.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { isDns1123Label } from './name-validation.js';
import { goQuote } from '../fieldpath/format-go-value.js';
import type { FieldError } from './status.js';
import { annotationsErrors, invalidString, labelsErrors } from './validate-labels.js';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];

function at(v: Value | undefined, key: string): Value | undefined {
  return isMap(v) ? getKey(v, key) : undefined;
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
    if (seen.has(name)) errors.push({ type: 'FieldValueDuplicate', field: `${path}.name`, value: goQuote(name), detail: '' });
    else seen.add(name);
  });
  return errors;
}

/** The modelled part of ValidatePodTemplateSpec for the template at `field` (e.g. `spec.template`). */
export function podTemplateErrors(template: Value | undefined, field: string): FieldError[] {
  const metadata = at(template, 'metadata');
  const spec = at(template, 'spec');
  const errors = [...labelsErrors(at(metadata, 'labels'), `${field}.labels`), ...annotationsErrors(at(metadata, 'annotations'), `${field}.annotations`)];
  errors.push(...containersErrors(at(spec, 'containers'), `${field}.spec.containers`));
  const restartPolicy = at(spec, 'restartPolicy');
  if (typeof restartPolicy === 'string' && !RESTART_POLICIES.includes(restartPolicy)) {
    errors.push({
      type: 'FieldValueNotSupported',
      field: `${field}.spec.restartPolicy`,
      value: goQuote(restartPolicy),
      detail: `supported values: ${RESTART_POLICIES.map(goQuote).join(', ')}`,
    });
  }
  return errors;
}

/** The restart policy a workload's pods must have (defaulted to Always when absent). */
export function restartPolicyAlwaysErrors(template: Value | undefined, field: string): FieldError[] {
  const restartPolicy = at(at(template, 'spec'), 'restartPolicy');
  if (typeof restartPolicy !== 'string' || restartPolicy === 'Always') return [];
  return [{ type: 'FieldValueNotSupported', field: `${field}.spec.restartPolicy`, value: goQuote(restartPolicy), detail: 'supported values: "Always"' }];
}
