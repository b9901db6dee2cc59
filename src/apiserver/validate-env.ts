/**
 * kube-apiserver 1.32's `ValidateEnv` and `ValidateEnvFrom`. Names follow the relaxed rule
 * (RelaxedEnvironmentVariableValidation, beta and on by default in 1.32): printable ASCII but
 * `=`. A `valueFrom` has exactly one source and no `value` beside it. Of the sources, a fieldRef's
 * path (validate-field-selector.ts), a key selector's name and key and a resourceFieldRef's
 * resource are checked.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { invalidValue, notSupported, required } from './field-error.js';
import { isDns1123Subdomain, nameIsDnsSubdomain } from './name-validation.js';
import type { FieldError } from './status.js';
import { ENV_FIELD_PATHS, objectFieldSelectorErrors } from './validate-field-selector.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const text = (v: Value | undefined, key: string): string => {
  const s = at(v, key);
  return typeof s === 'string' ? s : '';
};

const RELAXED_NAME = "a valid environment variable name must consist only of printable ASCII characters other than '='";
const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_KEY_ERR = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
/** `validContainerResourceFieldPathExpressions`, sorted as `sets.List` gives them. */
const RESOURCE_FIELD_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

/** `IsRelaxedEnvVarName` (the empty name is refused before, as Required). */
export function relaxedEnvNameErrors(name: string): string[] {
  if (name.length === 0) return ['environment variable name must be non-empty'];
  for (const ch of name) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || cp > 0x7e || ch === '=') return [RELAXED_NAME];
  }
  return [];
}

/** `IsConfigMapKey`. */
function configMapKeyErrors(key: string): string[] {
  const errs: string[] = [];
  if (key.length > 253) errs.push('must be no more than 253 characters');
  if (!new RegExp(`^${CONFIG_KEY_FMT}$`).test(key)) {
    errs.push(`${CONFIG_KEY_ERR} (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '${CONFIG_KEY_FMT}')`);
  }
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** `validateConfigMapKeySelector` and `validateSecretKeySelector`: the same checks. */
function keySelectorErrors(selector: Value, field: string): FieldError[] {
  const name = text(selector, 'name');
  const errors = isDns1123Subdomain(name).map((msg) => invalidValue(`${field}.name`, name, msg));
  const key = text(selector, 'key');
  if (key === '') errors.push(required(`${field}.key`));
  else errors.push(...configMapKeyErrors(key).map((msg) => invalidValue(`${field}.key`, key, msg)));
  return errors;
}

function valueFromErrors(env: Value, field: string): FieldError[] {
  const valueFrom = at(env, 'valueFrom');
  if (!isMap(valueFrom)) return [];
  const errors: FieldError[] = [];
  let sources = 0;
  const fieldRef = at(valueFrom, 'fieldRef');
  if (isMap(fieldRef)) {
    sources++;
    errors.push(...objectFieldSelectorErrors(fieldRef, ENV_FIELD_PATHS, `${field}.fieldRef`));
  }
  const resourceRef = at(valueFrom, 'resourceFieldRef');
  if (isMap(resourceRef)) {
    sources++;
    const resource = text(resourceRef, 'resource');
    if (resource === '') errors.push(required(`${field}.resourceFieldRef.resource`));
    else if (!RESOURCE_FIELD_PATHS.includes(resource) && !resource.startsWith('limits.hugepages-') && !resource.startsWith('requests.hugepages-')) {
      errors.push(notSupported(`${field}.resourceFieldRef.resource`, resource, RESOURCE_FIELD_PATHS));
    }
  }
  for (const kind of ['configMapKeyRef', 'secretKeyRef']) {
    const selector = at(valueFrom, kind);
    if (!isMap(selector)) continue;
    sources++;
    errors.push(...keySelectorErrors(selector, `${field}.${kind}`));
  }
  if (sources === 0) errors.push(invalidValue(field, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
  else if (text(env, 'value') !== '') errors.push(invalidValue(field, '', 'may not be specified when `value` is not empty'));
  else if (sources > 1) errors.push(invalidValue(field, '', 'may not have more than one field specified at a time'));
  return errors;
}

/** `ValidateEnv` of the list at `field` (`...containers[0].env`). */
export function envErrors(env: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(env)) return [];
  return env.flatMap((e, i) => {
    const path = `${field}[${i}]`;
    const name = text(e, 'name');
    const errors = name === '' ? [required(`${path}.name`)] : relaxedEnvNameErrors(name).map((msg) => invalidValue(`${path}.name`, name, msg));
    return [...errors, ...valueFromErrors(e, `${path}.valueFrom`)];
  });
}

/** `ValidateEnvFrom` of the list at `field`; the source count errors are at the list's path, as upstream puts them. */
export function envFromErrors(envFrom: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(envFrom)) return [];
  return envFrom.flatMap((e, i) => {
    const path = `${field}[${i}]`;
    const errors: FieldError[] = [];
    const prefix = text(e, 'prefix');
    if (prefix !== '') errors.push(...relaxedEnvNameErrors(prefix).map((msg) => invalidValue(`${path}.prefix`, prefix, msg)));
    let sources = 0;
    for (const kind of ['configMapRef', 'secretRef']) {
      const ref = at(e, kind);
      if (!isMap(ref)) continue;
      sources++;
      const name = text(ref, 'name');
      if (name === '') errors.push(required(`${path}.${kind}.name`));
      else errors.push(...nameIsDnsSubdomain(name, true).map((msg) => invalidValue(`${path}.${kind}.name`, name, msg)));
    }
    if (sources === 0) errors.push(invalidValue(field, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (sources > 1) errors.push(invalidValue(field, '', 'may not have more than one field specified at a time'));
    return errors;
  });
}
