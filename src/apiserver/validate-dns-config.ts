/**
 * kube-apiserver 1.32's `validatePodDNSConfig` and `ValidateHostAliases`
 * (pkg/apis/core/validation). dnsPolicy None needs a dnsConfig with at least one nameserver (and
 * then nothing else is checked); a dnsConfig has at most 3 nameservers, each an IP address, at
 * most 32 search domains and 2048 characters of them joined by spaces, each search an RFC 1123
 * subdomain once a trailing dot is dropped (1.32's RelaxedDNSSearchValidation gate is off), each
 * option named. A host alias has an IP address and hostnames that are RFC 1123 subdomains.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { invalidValue, required } from './field-error.js';
import { goStringSlice } from './go-syntax.js';
import { isGoIP } from './go-parse-ip.js';
import { isDns1123Subdomain } from './name-validation.js';
import type { FieldError } from './status.js';
import { utf8Length } from './utf8.js';

const at = (v: Value | undefined, key: string): Value | undefined => (isMap(v) ? getKey(v, key) : undefined);
const strings = (v: Value | undefined): string[] => (Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s : '')) : []);

const MAX_NAMESERVERS = 3;
const MAX_SEARCHES = 32;
const MAX_SEARCH_CHARS = 2048;

/** `validation.IsValidIP`. */
export function ipErrors(value: string, field: string): FieldError[] {
  return isGoIP(value) ? [] : [invalidValue(field, value, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)')];
}

/** `validatePodDNSConfig` of the pod spec `spec`, its dnsConfig at `field`. */
export function dnsConfigErrors(spec: Value | undefined, field: string): FieldError[] {
  const config = at(spec, 'dnsConfig');
  const nameservers = strings(at(config, 'nameservers'));
  if (at(spec, 'dnsPolicy') === 'None') {
    if (!isMap(config)) return [required(field, 'must provide `dnsConfig` when `dnsPolicy` is None')];
    if (nameservers.length === 0) return [required(`${field}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None')];
  }
  if (!isMap(config)) return [];
  const errors: FieldError[] = [];
  if (nameservers.length > MAX_NAMESERVERS) {
    errors.push({ type: 'FieldValueInvalid', field: `${field}.nameservers`, value: goStringSlice(at(config, 'nameservers')), detail: `must not have more than ${MAX_NAMESERVERS} nameservers` });
  }
  nameservers.forEach((ns, i) => errors.push(...ipErrors(ns, `${field}.nameservers[${i}]`)));
  const searches = strings(at(config, 'searches'));
  if (searches.length > MAX_SEARCHES) {
    errors.push({ type: 'FieldValueInvalid', field: `${field}.searches`, value: goStringSlice(at(config, 'searches')), detail: `must not have more than ${MAX_SEARCHES} search paths` });
  }
  if (utf8Length(searches.join(' ')) > MAX_SEARCH_CHARS) {
    errors.push({
      type: 'FieldValueInvalid',
      field: `${field}.searches`,
      value: goStringSlice(at(config, 'searches')),
      detail: `must not have more than ${MAX_SEARCH_CHARS} characters (including spaces) in the search list`,
    });
  }
  searches.forEach((s, i) => {
    const search = s.endsWith('.') ? s.slice(0, -1) : s;
    errors.push(...isDns1123Subdomain(search).map((msg) => invalidValue(`${field}.searches[${i}]`, search, msg)));
  });
  const options = at(config, 'options');
  if (Array.isArray(options)) {
    options.forEach((o, i) => {
      const name = at(o, 'name');
      if (typeof name !== 'string' || name === '') errors.push(required(`${field}.options[${i}]`, 'must not be empty'));
    });
  }
  return errors;
}

/** `ValidateHostAliases`. */
export function hostAliasesErrors(aliases: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(aliases)) return [];
  return aliases.flatMap((alias, i) => {
    const ip = at(alias, 'ip');
    return [
      ...ipErrors(typeof ip === 'string' ? ip : '', `${field}[${i}].ip`),
      ...strings(at(alias, 'hostnames')).flatMap((h, j) => isDns1123Subdomain(h).map((msg) => invalidValue(`${field}[${i}].hostnames[${j}]`, h, msg))),
    ];
  });
}
