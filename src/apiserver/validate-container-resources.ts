/**
 * kube-apiserver 1.32's `ValidateResourceRequirements` for a container: each limit, then each
 * request, with its name (a qualified name; unprefixed, a standard resource and one a container
 * may ask for; prefixed, native or an extended resource) and its quantity (not negative), a
 * request not above its limit (equal to it, and the limit then required, for a resource that
 * cannot be overcommitted), and huge pages only beside cpu or memory. Upstream walks each map in
 * Go's random order; here in the object's key order. Not modelled: the integer check of extended
 * resources (its 422 prints the Go struct of the quantity), huge page sizes, resource claims.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { forbidden, invalidValue, required } from './field-error.js';
import { isQualifiedName } from './name-validation.js';
import { compareQuantities, formatQuantity, parseQuantity, type Quantity } from './quantity.js';
import type { FieldError } from './status.js';

const STANDARD = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'limits.cpu', 'limits.memory',
  'limits.ephemeral-storage', 'pods', 'resourcequotas', 'services', 'replicationcontrollers', 'secrets', 'configmaps',
  'persistentvolumeclaims', 'storage', 'requests.storage', 'services.nodeports', 'services.loadbalancers',
]);
const CONTAINER_STANDARD = new Set(['cpu', 'memory', 'ephemeral-storage']);

const hugePages = (name: string): boolean => name.startsWith('hugepages-');
/** `IsNativeResource`: unprefixed, or in a `kubernetes.io/` domain. */
const native = (name: string): boolean => !name.includes('/') || name.includes('kubernetes.io/');
/** `IsOvercommitAllowed`. */
const overcommitAllowed = (name: string): boolean => native(name) && !hugePages(name);
/** `IsExtendedResourceName`. */
const extended = (name: string): boolean => !native(name) && !name.startsWith('requests.') && isQualifiedName(`requests.${name}`).length === 0;

/** `validateContainerResourceName`. */
function resourceNameErrors(name: string, field: string): FieldError[] {
  const qualified = isQualifiedName(name).map((msg) => invalidValue(field, name, msg));
  const unprefixed = !name.includes('/');
  const errors =
    qualified.length > 0 ? qualified : unprefixed && !STANDARD.has(name) && !name.startsWith('requests.hugepages-') && !hugePages(name)
      ? [invalidValue(field, name, 'must be a standard resource type or fully qualified')]
      : [];
  if (unprefixed) {
    if (!CONTAINER_STANDARD.has(name) && !hugePages(name)) errors.push(invalidValue(field, name, 'must be a standard resource for containers'));
  } else if (!native(name) && !extended(name)) {
    errors.push(invalidValue(field, name, "doesn't follow extended resource name standard"));
  }
  return errors;
}

function quantities(v: Value | undefined): [string, Quantity | undefined][] {
  if (!isMap(v)) return [];
  return Object.keys(v).map((name) => {
    const q = v[name];
    const parsed = typeof q === 'string' ? parseQuantity(q) : typeof q === 'number' ? parseQuantity(String(q)) : undefined;
    return [name, parsed?.ok ? parsed.quantity : undefined];
  });
}

const ZERO: Quantity = { mantissa: 0n, exponent: 0, format: 'DecimalSI' };
const QOS = new Set(['cpu', 'memory']);

export function resourcesErrors(resources: Value | undefined, field: string): FieldError[] {
  const errors: FieldError[] = [];
  const limits = quantities(isMap(resources) ? getKey(resources, 'limits') : undefined);
  const requests = quantities(isMap(resources) ? getKey(resources, 'requests') : undefined);
  const negative = (path: string, q: Quantity | undefined) => {
    if (q && compareQuantities(q, ZERO) < 0) errors.push(invalidValue(path, formatQuantity(q), 'must be greater than or equal to 0'));
  };
  for (const [name, q] of limits) {
    errors.push(...resourceNameErrors(name, `${field}.limits[${name}]`));
    negative(`${field}.limits[${name}]`, q);
  }
  for (const [name, q] of requests) {
    errors.push(...resourceNameErrors(name, `${field}.requests[${name}]`));
    negative(`${field}.requests[${name}]`, q);
    const limitEntry = limits.find(([n]) => n === name);
    if (limitEntry !== undefined) {
      const limit = limitEntry[1];
      if (q === undefined || limit === undefined) continue;
      const cmp = compareQuantities(q, limit);
      if (cmp !== 0 && !overcommitAllowed(name)) {
        errors.push(invalidValue(`${field}.requests`, formatQuantity(q), `must be equal to ${name} limit of ${formatQuantity(limit)}`));
      } else if (cmp > 0) {
        errors.push(invalidValue(`${field}.requests`, formatQuantity(q), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
      }
    } else if (!overcommitAllowed(name)) {
      errors.push(required(`${field}.limits`, 'Limit must be set for non overcommitable resources'));
    }
  }
  const names = [...limits, ...requests].map(([n]) => n);
  if (!names.some((n) => QOS.has(n)) && names.some(hugePages)) errors.push(forbidden(field, 'HugePages require cpu or memory'));
  return errors;
}
