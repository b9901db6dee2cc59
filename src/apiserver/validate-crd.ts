/**
 * The spec checks of apiextensions-apiserver 1.32's ValidateCustomResourceDefinition (and, on
 * update, ValidateCustomResourceDefinitionUpdate's spec part) that decide whether a CRD is stored
 * at all: the group (a DNS subdomain with a dot), the scope, a schema for every version, the
 * version names, the names (plural, singular, kind, listKind, shortNames, categories), each
 * schema (an object root with the status subresource, no nullable root, the structural
 * invariants of validate-crd-schema.ts, the defaults of validate-crd-defaults.ts, the OpenAPI
 * node rules and list annotations), deprecation warnings, scale paths, printer columns,
 * conversion, immutable names, API approval and
 * spec.preserveUnknownFields (false to use defaults; never newly true). The metadata name rule
 * (`<plural>.<group>`) is in validate-object-meta.ts. The versions as a whole (unique names,
 * exactly one storage version) print the internal slice (go-crd-versions.ts), a root with fields
 * not allowed beside the status subresource the schema struct (go-json-schema-props.ts); the
 * stored versions are validate-crd-stored-versions.ts. Not modelled: CEL rules and their cost. Selectable
 * fields are checked (quoted names aside).
 */
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';
import { duplicate, forbidden, invalidValue, notSupported, required } from './field-error.js';
import { isGoPrintable } from '../fieldpath/format-go-value.js';
import { goCrdVersions } from './go-crd-versions.js';
import { goParseRequestURI, goUrlParse } from './go-url-parse.js';
import { JSON_SCHEMA_PROPS_FIELDS, goJsonSchemaProps, isGoZero } from './go-json-schema-props.js';
import { goStringSlice } from './go-syntax.js';
import { isDns1035Label, isDns1123Subdomain } from './name-validation.js';
import { semanticEqual } from './semantic-equal.js';
import type { FieldError } from './status.js';
import { defaultErrors, prunedDefaultsRequired } from './validate-crd-defaults.js';
import { storedVersionsErrors } from './validate-crd-stored-versions.js';
import { listChecksFor, openAPISchemaErrors, structuralSchemaErrors, type ListChecks } from './validate-crd-schema.js';

const str = (v: Value | undefined): string => (typeof v === 'string' ? v : '');
const mapOf = (v: Value | undefined): ValueMap | undefined => (isMap(v ?? null) ? (v as ValueMap) : undefined);
const listOf = (v: Value | undefined): Value[] => (Array.isArray(v) ? v : []);

function versionsOf(spec: ValueMap | undefined): ValueMap[] {
  return listOf(spec ? getKey(spec, 'versions') : undefined).map((v) => mapOf(v) ?? ({} as ValueMap));
}

/** A version's `schema.openAPIV3Schema` is set (a v1 CRD has no top-level schema). */
function hasSchema(version: ValueMap): boolean {
  const schema = mapOf(getKey(version, 'schema'));
  const s = schema ? getKey(schema, 'openAPIV3Schema') : undefined;
  return s !== undefined && s !== null;
}

/** allVersionsSpecifyOpenAPISchema: an update keeps not requiring schemas of a CRD stored without them. */
function everyVersionHasSchema(obj: ValueMap): boolean {
  return versionsOf(mapOf(getKey(obj, 'spec'))).every(hasSchema);
}

/** validateSimpleJSONPath, then the prefix a scale path must have. */
function scalePathErrors(path: string, value: string, prefixes: readonly string[], under: string): FieldError[] {
  if (value === '') return [invalidValue(path, value, 'must not be empty')];
  if (!value.startsWith('.')) return [invalidValue(path, value, 'must be a simple json path starting with .')];
  if (!prefixes.some((p) => value.startsWith(p))) return [invalidValue(path, value, `should be a json path under ${under}`)];
  return [];
}

/** ValidateCustomResourceDefinitionSubresources: the scale subresource's paths. */
function subresourcesErrors(subresources: Value | undefined, path: string): FieldError[] {
  const scale = mapOf(mapOf(subresources) ? getKey(subresources as ValueMap, 'scale') : undefined);
  if (!scale) return [];
  const out: FieldError[] = [];
  const spec = str(getKey(scale, 'specReplicasPath'));
  if (spec === '') out.push(required(`${path}.scale.specReplicasPath`));
  else out.push(...scalePathErrors(`${path}.scale.specReplicasPath`, spec, ['.spec.'], '.spec'));
  const status = str(getKey(scale, 'statusReplicasPath'));
  if (status === '') out.push(required(`${path}.scale.statusReplicasPath`));
  else out.push(...scalePathErrors(`${path}.scale.statusReplicasPath`, status, ['.status.'], '.status'));
  const selector = str(getKey(scale, 'labelSelectorPath'));
  if (selector !== '') out.push(...scalePathErrors(`${path}.scale.labelSelectorPath`, selector, ['.spec.', '.status.'], 'either .spec or .status'));
  return out;
}

const PRINTER_COLUMN_TYPES = 'boolean,date,integer,number,string';
const PRINTER_COLUMN_FORMATS = 'byte,date,date-time,double,float,int32,int64,password';

/** ValidateCustomResourceColumnDefinition, for each column (the internal type names the path `JSONPath`). */
function columnsErrors(columns: Value | undefined, path: string): FieldError[] {
  const out: FieldError[] = [];
  listOf(columns).forEach((c, i) => {
    const col = mapOf(c) ?? ({} as ValueMap);
    const at = `${path}[${i}]`;
    if (str(getKey(col, 'name')) === '') out.push(required(`${at}.name`));
    const type = str(getKey(col, 'type'));
    if (type === '') out.push(required(`${at}.type`, `must be one of ${PRINTER_COLUMN_TYPES}`));
    else if (!PRINTER_COLUMN_TYPES.split(',').includes(type)) out.push(invalidValue(`${at}.type`, type, `must be one of ${PRINTER_COLUMN_TYPES}`));
    const format = str(getKey(col, 'format'));
    if (format !== '' && !PRINTER_COLUMN_FORMATS.split(',').includes(format)) out.push(invalidValue(`${at}.format`, format, `must be one of ${PRINTER_COLUMN_FORMATS}`));
    const jsonPath = str(getKey(col, 'jsonPath'));
    if (jsonPath === '') out.push(required(`${at}.JSONPath`));
    else if (!jsonPath.startsWith('.')) out.push(invalidValue(`${at}.JSONPath`, jsonPath, 'must be a simple json path starting with .'));
  });
  return out;
}

/** validateDeprecationWarning: only on a deprecated version; then its length in bytes, emptiness and printable runes. */
function deprecationErrors(version: ValueMap, path: string): FieldError[] {
  const warning = getKey(version, 'deprecationWarning');
  if (typeof warning !== 'string') return [];
  const at = `${path}.deprecationWarning`;
  if (getKey(version, 'deprecated') !== true) return [invalidValue(at, warning, 'can only be set for deprecated versions')];
  const out: FieldError[] = [];
  const bytes = new TextEncoder();
  if (bytes.encode(warning).length > 256) out.push(invalidValue(at, warning, 'must be <= 256 characters long'));
  if (warning === '') out.push(invalidValue(at, warning, 'must not be an empty string'));
  let index = 0;
  for (const ch of warning) {
    if (ch !== ' ' && !isGoPrintable(ch)) {
      out.push(invalidValue(at, warning, `must only contain printable UTF-8 characters; non-printable character found at index ${index}`));
      break;
    }
    index += bytes.encode(ch).length;
  }
  return out;
}

/** ValidateWebhookURL with https forced (k8s.io/apiserver pkg/util/webhook/validation.go). */
function webhookUrlErrors(path: string, url: string): FieldError[] {
  const form = '; desired format: https://host[/path]';
  const u = goUrlParse(url);
  if ('error' in u) return [required(path, `url must be a valid URL: ${u.error}${form}`)];
  const out: FieldError[] = [];
  if (u.scheme !== 'https') out.push(invalidValue(path, u.scheme, `'https' is the only allowed URL scheme${form}`));
  if (u.host === '') out.push(invalidValue(path, u.host, `host must be specified${form}`));
  if (u.user !== undefined) out.push(invalidValue(path, u.user, 'user information is not permitted in the URL'));
  if (u.fragment !== '') out.push(invalidValue(path, u.fragment, 'fragments are not permitted in the URL'));
  if (u.rawQuery !== '') out.push(invalidValue(path, u.rawQuery, 'query parameters are not permitted in the URL'));
  return out;
}

/** ValidateWebhookService: a name, a namespace, a port (443 when unset, as v1 defaults it) and a path of DNS-1123 segments. */
function webhookServiceErrors(path: string, service: ValueMap): FieldError[] {
  const out: FieldError[] = [];
  if (str(getKey(service, 'name')) === '') out.push(required(`${path}.name`, 'service name is required'));
  if (str(getKey(service, 'namespace')) === '') out.push(required(`${path}.namespace`, 'service namespace is required'));
  const portValue = getKey(service, 'port');
  const port = typeof portValue === 'number' ? portValue : typeof portValue === 'bigint' ? Number(portValue) : 443;
  if (port < 1 || port > 65535) out.push(invalidValue(`${path}.port`, port, 'port is not valid: must be between 1 and 65535, inclusive'));
  const urlPath = getKey(service, 'path');
  if (typeof urlPath !== 'string' || urlPath === '/' || urlPath === '') return out;
  const at = `${path}.path`;
  if (urlPath === '//') return [...out, invalidValue(at, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) out.push(invalidValue(at, urlPath, "must start with a '/'"));
  let check = urlPath.slice(1);
  if (check.endsWith('/')) check = check.slice(0, -1);
  check.split('/').forEach((step, i) => {
    if (step === '') return void out.push(invalidValue(at, urlPath, `segment[${i}] may not be empty`));
    for (const e of isDns1123Subdomain(step)) out.push(invalidValue(at, urlPath, `segment[${i}]: ${e}`));
  });
  return out;
}

/**
 * cel.ValidFieldPath without array notation, as selectable fields use it: `.name` steps through
 * properties (or an additionalProperties map's keys); the field path (names joined by dots, map
 * keys in brackets) and the schema found, or Go's error text.
 */
function selectablePath(jsonPath: string, root: ValueMap): { path: string[]; schema: ValueMap | undefined } | { error: string } {
  const tokens: string[] = [];
  for (let i = 0; i < jsonPath.length; ) {
    const c = jsonPath[i];
    if (c === '.' || c === '[' || c === ']') {
      tokens.push(c);
      i++;
      continue;
    }
    let j = i + 1;
    if (c === "'") {
      while (j < jsonPath.length && !(jsonPath[j] === "'" && jsonPath[j - 1] !== '\\')) j++;
      j = Math.min(j + 1, jsonPath.length);
    } else while (j < jsonPath.length && !'.[]'.includes(jsonPath[j])) j++;
    tokens.push(jsonPath.slice(i, j));
    i = j;
  }
  const path: string[] = [];
  let schema: ValueMap | undefined = root;
  for (let t = 0; t < tokens.length; t++) {
    if (tokens[t] === '[') return { error: 'array notation is not allowed' };
    if (tokens[t] !== '.') return { error: `expected [ or . but got: ${tokens[t]}` };
    if (++t >= tokens.length) return { error: 'unexpected end of JSON path' };
    const name = tokens[t];
    const props = schema ? mapOf(getKey(schema, 'properties')) : undefined;
    const additional = schema ? getKey(schema, 'additionalProperties') : undefined;
    if (props) {
      const next = mapOf(getKey(props, name));
      if (!next) return { error: 'does not refer to a valid field' };
      path.push(name);
      schema = next;
    } else if (additional !== undefined && additional !== null) {
      path.push(`[${name}]`);
      schema = mapOf(additional);
    } else return { error: 'does not refer to a valid field' };
  }
  return { path, schema };
}

/** ValidateCustomResourceSelectableFields over the schema `root` (undefined: none to point into). */
function selectableFieldsErrors(fields: Value | undefined, root: Value | undefined, path: string, noSchema: string): FieldError[] {
  const list = listOf(fields);
  if (list.length === 0) return [];
  const schema = mapOf(root);
  if (!schema) return [invalidValue(path, '', noSchema)];
  const out: FieldError[] = [];
  const unique = new Set<string>();
  list.forEach((f, i) => {
    const at = `${path}[${i}].jsonPath`;
    const jsonPath = str(getKey(mapOf(f) ?? ({} as ValueMap), 'jsonPath'));
    if (jsonPath === '') return void out.push(required(at));
    const found = selectablePath(jsonPath, schema);
    if ('error' in found) return void out.push(invalidValue(at, jsonPath, `is an invalid path: ${found.error}`));
    if (found.path[0] === 'metadata') out.push(invalidValue(at, jsonPath, 'must not point to fields in metadata'));
    const type = found.schema ? str(getKey(found.schema, 'type')) : '';
    if (!['string', 'boolean', 'integer'].includes(type)) out.push(invalidValue(at, jsonPath, 'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'));
    const key = found.path.join('.').replace(/\.\[/g, '[');
    if (unique.has(key)) out.push(duplicate(at, jsonPath));
    else unique.add(key);
  });
  if (unique.size > 8) out.push({ type: 'FieldValueTooMany', field: path, value: String(unique.size), detail: 'must have at most 8 items' });
  return out;
}

const ACCEPTED_REVIEW_VERSIONS = ['v1', 'v1beta1'];

/**
 * validateCustomResourceConversion over a v1 CRD: `webhook.clientConfig` and
 * `webhook.conversionReviewVersions` are the internal `webhookClientConfig` and
 * `conversionReviewVersions`, and are named so in the errors. The client config's url or
 * service is checked as ValidateWebhookURL / ValidateWebhookService check it; its caBundle is not.
 */
function conversionErrors(spec: ValueMap | undefined): FieldError[] {
  const conversion = mapOf(spec ? getKey(spec, 'conversion') : undefined);
  if (!conversion) return [];
  const out: FieldError[] = [];
  const strategy = str(getKey(conversion, 'strategy'));
  const webhook = mapOf(getKey(conversion, 'webhook'));
  const clientConfig = mapOf(webhook ? getKey(webhook, 'clientConfig') : undefined);
  const reviewValue = webhook ? getKey(webhook, 'conversionReviewVersions') : undefined;
  const review = Array.isArray(reviewValue) ? reviewValue.map((v) => str(v)) : [];
  if (strategy !== '' && strategy !== 'None' && spec && getKey(spec, 'preserveUnknownFields') === true) {
    out.push(invalidValue('spec.conversion.strategy', strategy, 'must be None if spec.preserveUnknownFields is true'));
  }
  if (strategy === '') out.push(required('spec.conversion.strategy'));
  else if (strategy !== 'None' && strategy !== 'Webhook') out.push(notSupported('spec.conversion.strategy', strategy, ['None', 'Webhook']));
  if (strategy === 'Webhook') {
    if (!clientConfig) out.push(required('spec.conversion.webhookClientConfig', 'required when strategy is set to Webhook'));
    else {
      const url = getKey(clientConfig, 'url');
      const service = getKey(clientConfig, 'service');
      if ((url === undefined || url === null) === (service === undefined || service === null)) out.push(required('spec.conversion.webhookClientConfig', 'exactly one of url or service is required'));
      else if (typeof url === 'string') out.push(...webhookUrlErrors('spec.conversion.webhookClientConfig.url', url));
      else out.push(...webhookServiceErrors('spec.conversion.webhookClientConfig.service', mapOf(service) ?? ({} as ValueMap)));
    }
    const path = 'spec.conversion.conversionReviewVersions';
    if (review.length === 0) out.push(required(path));
    else {
      const seen = new Set<string>();
      review.forEach((v, i) => {
        if (seen.has(v)) return void out.push(invalidValue(`${path}[${i}]`, v, 'duplicate version'));
        seen.add(v);
        for (const e of isDns1035Label(v)) out.push(invalidValue(`${path}[${i}]`, v, e));
      });
      if (!review.some((v) => ACCEPTED_REVIEW_VERSIONS.includes(v))) {
        out.push({ type: 'FieldValueInvalid', field: path, value: goStringSlice(review), detail: `must include at least one of ${ACCEPTED_REVIEW_VERSIONS.join(', ')}` });
      }
    }
  } else {
    if (clientConfig) out.push(forbidden('spec.conversion.webhookClientConfig', 'should not be set when strategy is not set to Webhook'));
    if (review.length > 0) out.push(forbidden('spec.conversion.conversionReviewVersions', 'should not be set when strategy is not set to Webhook'));
  }
  return out;
}

/** hasStatusEnabled: the version's subresources have `status`. */
function statusEnabled(version: ValueMap): boolean {
  const sub = mapOf(getKey(version, 'subresources'));
  const status = sub ? getKey(sub, 'status') : undefined;
  return status !== undefined && status !== null;
}

/** The stored CRD's Established condition is True. */
function established(crd: ValueMap): boolean {
  const status = mapOf(getKey(crd, 'status'));
  const conditions = listOf(status ? getKey(status, 'conditions') : undefined);
  return conditions.some((c) => isMap(c ?? null) && getKey(c as ValueMap, 'type') === 'Established' && getKey(c as ValueMap, 'status') === 'True');
}

/**
 * validateCustomResourceDefinitionSpecUpdate after the spec checks: an established CRD keeps its
 * scope and kind; the group and plural (its name) never change.
 */
function immutableErrors(obj: ValueMap, old: ValueMap): FieldError[] {
  const at = (m: ValueMap, path: string[]): string => {
    let v: Value | undefined = m;
    for (const k of path) v = isMap(v ?? null) ? getKey(v as ValueMap, k) : undefined;
    return str(v);
  };
  const out: FieldError[] = [];
  const check = (path: string[]) => {
    const next = at(obj, path);
    if (next !== at(old, path)) out.push(invalidValue(path.join('.'), next, 'field is immutable'));
  };
  if (established(old)) {
    check(['spec', 'scope']);
    check(['spec', 'names', 'kind']);
  }
  check(['spec', 'group']);
  check(['spec', 'names', 'plural']);
  return out;
}

const APPROVAL = 'api-approved.kubernetes.io';
const APPROVAL_LINK = 'see https://github.com/kubernetes/enhancements/pull/1111';

/** GetAPIApprovalState: missing, bypassed ("unapproved..."), approved (a URL with scheme and host) or invalid. */
function approvalState(obj: ValueMap): 'missing' | 'bypassed' | 'approved' | 'invalid' {
  const annotations = mapOf(mapOf(getKey(obj, 'metadata')) ? getKey(getKey(obj, 'metadata') as ValueMap, 'annotations') : undefined);
  const a = str(annotations ? getKey(annotations, APPROVAL) : undefined);
  if (a === '') return 'missing';
  if (a.startsWith('unapproved')) return 'bypassed';
  // url.ParseRequestURI reads it, with a scheme and a host.
  const u = goParseRequestURI(a);
  return !('error' in u) && u.scheme !== '' && u.host !== '' ? 'approved' : 'invalid';
}

/**
 * validateAPIApproval: a CRD of a protected community group (k8s.io, kubernetes.io and their
 * subdomains) needs the approval annotation, unless an update leaves its state as it was.
 */
function approvalErrors(obj: ValueMap, old: ValueMap | undefined): FieldError[] {
  const spec = mapOf(getKey(obj, 'spec'));
  const group = str(spec ? getKey(spec, 'group') : undefined);
  const isProtected = group === 'k8s.io' || group.endsWith('.k8s.io') || group === 'kubernetes.io' || group.endsWith('.kubernetes.io');
  if (!isProtected) return [];
  const state = approvalState(obj);
  if (old !== undefined && approvalState(old) === state) return [];
  const path = `metadata.annotations[${APPROVAL}]`;
  if (state === 'missing') return [required(path, `protected groups must have approval annotation "${APPROVAL}", ${APPROVAL_LINK}`)];
  if (state === 'invalid') {
    const annotations = mapOf(getKey(getKey(obj, 'metadata') as ValueMap, 'annotations'));
    const value = str(annotations ? getKey(annotations, APPROVAL) : undefined);
    return [invalidValue(path, value, `protected groups must have approval annotation "${APPROVAL}" with either a URL or a reason starting with "unapproved", ${APPROVAL_LINK}`)];
  }
  return [];
}

/** What an update is held to, from the stored CRD's schemas (the rest of validationOptions is fixed). */
interface SchemaChecks {
  readonly lists: ListChecks;
  /** requirePrunedDefaults */
  readonly prunedDefaults: boolean;
  /** requireStructuralSchema (the structural invariants and the defaults' checks) */
  readonly structural: boolean;
}

/** allowedFieldsAtRootSchema: the internal fields a root may set beside the status subresource. */
const ALLOWED_AT_ROOT = [
  'Description', 'Type', 'Format', 'Title', 'Maximum', 'ExclusiveMaximum', 'Minimum', 'ExclusiveMinimum', 'MaxLength', 'MinLength', 'Pattern',
  'MaxItems', 'MinItems', 'UniqueItems', 'MultipleOf', 'Required', 'Items', 'Properties', 'ExternalDocs', 'Example', 'XPreserveUnknownFields', 'XValidations',
];

/**
 * With the status subresource, Go walks the root's internal fields in struct order, skipping those
 * at their zero value, and stops at the first error: a `type` other than `object`, or a field not
 * allowed there, whose value is the whole schema struct (go-json-schema-props.ts).
 */
function rootFieldsErrors(s: ValueMap, path: string): FieldError[] {
  for (const [name, key, kind] of JSON_SCHEMA_PROPS_FIELDS) {
    const v = getKey(s, key);
    if (isGoZero(v, kind)) continue;
    if (name === 'Type') {
      if (v === 'object') continue;
      return [invalidValue(`${path}.type`, v, 'only "object" is allowed as the type at the root of the schema if the status subresource is enabled')];
    }
    if (!ALLOWED_AT_ROOT.includes(name)) {
      return [{ type: 'FieldValueInvalid', field: path, value: goJsonSchemaProps(s), detail: `only [${ALLOWED_AT_ROOT.join(' ')}] fields are allowed at the root of the schema if the status subresource is enabled` }];
    }
  }
  return [];
}

/**
 * validateCustomResourceDefinitionValidation for the `openAPIV3Schema` at `path`: with the status
 * subresource, an `object` root; never a nullable root; the structural invariants or, when those
 * hold, the defaults (validate-crd-defaults.ts); then the OpenAPI schema rules.
 */
function schemaErrors(schema: Value | undefined, path: string, checks: SchemaChecks, statusEnabled: boolean): FieldError[] {
  const s = mapOf(schema);
  if (!s) return [];
  const out: FieldError[] = statusEnabled ? rootFieldsErrors(s, path) : [];
  if (getKey(s, 'nullable') === true) out.push(forbidden(`${path}.nullable`, 'nullable cannot be true at the root'));
  if (checks.structural) {
    const structural = structuralSchemaErrors(s, path);
    out.push(...(structural.length > 0 ? structural : defaultErrors(s, path, checks.prunedDefaults)));
  }
  out.push(...openAPISchemaErrors(s, path, checks.lists));
  return out;
}

/** The schema nodes below `s` (SchemaHas' walk). */
function subSchemas(s: ValueMap): Value[] {
  const out: Value[] = [];
  const one = (k: string) => {
    const v = getKey(s, k);
    if (mapOf(v)) out.push(v!);
  };
  const many = (k: string) => listOf(getKey(s, k)).forEach((v) => out.push(v));
  const named = (k: string) => {
    const m = mapOf(getKey(s, k));
    if (m) for (const name of Object.keys(m)) out.push(m[name]);
  };
  one('items');
  many('items');
  many('allOf');
  many('anyOf');
  many('oneOf');
  one('not');
  named('properties');
  one('additionalProperties');
  named('patternProperties');
  one('additionalItems');
  named('definitions');
  named('dependencies');
  return out;
}

/** SchemaHas: some node of the schema satisfies `pred`. */
function schemaHas(schema: Value | undefined, pred: (s: ValueMap) => boolean): boolean {
  const s = mapOf(schema);
  return s !== undefined && (pred(s) || subSchemas(s).some((sub) => schemaHas(sub, pred)));
}

/** schemaHasDefaults: some node of the schema sets `default`. */
const hasDefaults = (schema: Value | undefined): boolean => schemaHas(schema, (s) => isSet(getKey(s, 'default')));

const isSet = (v: Value | undefined): boolean => v !== undefined && v !== null;

/** schemaHasKubernetesExtensions: an embedded resource, preserve-unknown-fields, int-or-string, a list type or map keys, or CEL rules. */
const hasKubernetesExtensions = (schema: Value | undefined): boolean =>
  schemaHas(
    schema,
    (s) =>
      getKey(s, 'x-kubernetes-embedded-resource') === true ||
      isSet(getKey(s, 'x-kubernetes-preserve-unknown-fields')) ||
      getKey(s, 'x-kubernetes-int-or-string') === true ||
      listOf(getKey(s, 'x-kubernetes-list-map-keys')).length > 0 ||
      isSet(getKey(s, 'x-kubernetes-list-type')) ||
      listOf(getKey(s, 'x-kubernetes-validations')).length > 0,
  );

const joined = (errs: string[]): string => errs.join(',');

/** ValidateCustomResourceDefinitionNames. */
function namesErrors(names: ValueMap | undefined): FieldError[] {
  const out: FieldError[] = [];
  const n = (k: string) => str(names ? getKey(names, k) : undefined);
  const label = (k: string) => {
    const v = n(k);
    const errs = isDns1035Label(v);
    if (v !== '' && errs.length > 0) out.push(invalidValue(`spec.names.${k}`, v, joined(errs)));
  };
  const mixed = (k: string) => {
    const v = n(k);
    const errs = isDns1035Label(v.toLowerCase());
    if (v !== '' && errs.length > 0) out.push(invalidValue(`spec.names.${k}`, v, `may have mixed case, but should otherwise match: ${joined(errs)}`));
  };
  label('plural');
  label('singular');
  mixed('kind');
  mixed('listKind');
  listOf(names ? getKey(names, 'shortNames') : undefined).forEach((s, i) => {
    const errs = isDns1035Label(str(s));
    if (errs.length > 0) out.push(invalidValue(`spec.names.shortNames[${i}]`, str(s), joined(errs)));
  });
  if (n('kind') !== '' && n('kind') === n('listKind')) out.push(invalidValue('spec.names.listKind', n('listKind'), 'kind and listKind may not be the same'));
  listOf(names ? getKey(names, 'categories') : undefined).forEach((c, i) => {
    const errs = isDns1035Label(str(c));
    if (errs.length > 0) out.push(invalidValue(`spec.names.categories[${i}]`, str(c), joined(errs)));
  });
  return out;
}

/**
 * validateCustomResourceDefinitionSpec's checks, in its order, for a (defaulted) v1 CRD; `old` is
 * the stored CRD of an update (whose schemas are required only if it had them all).
 */
export function crdSpecErrors(obj: ValueMap, old?: ValueMap): FieldError[] {
  const out: FieldError[] = [];
  const spec = mapOf(getKey(obj, 'spec'));
  const group = str(spec ? getKey(spec, 'group') : undefined);
  if (group === '') out.push(required('spec.group'));
  else if (isDns1123Subdomain(group).length > 0) out.push(invalidValue('spec.group', group, joined(isDns1123Subdomain(group))));
  else if (group.split('.').length < 2) out.push(invalidValue('spec.group', group, 'should be a domain with at least one dot'));

  const scope = str(spec ? getKey(spec, 'scope') : undefined);
  if (scope === '') out.push(required('spec.scope'));
  else if (scope !== 'Cluster' && scope !== 'Namespaced') out.push(notSupported('spec.scope', scope, ['Cluster', 'Namespaced']));

  const versions = versionsOf(spec);
  if (old === undefined || everyVersionHasSchema(old)) {
    versions.forEach((v, i) => {
      if (!hasSchema(v)) out.push(required(`spec.versions[${i}].schema.openAPIV3Schema`, 'schemas are required'));
    });
  }
  // The v1 -> internal conversion moves a schema every version shares to spec.validation (so
  // its errors are reported there, after the names); different schemas stay per version.
  const shared = versions.length > 0 && versions.every((v) => semanticEqual(getKey(v, 'schema'), getKey(versions[0], 'schema')));
  const schemaOf = (v: ValueMap) => getKey(mapOf(getKey(v, 'schema')) ?? ({} as ValueMap), 'openAPIV3Schema');
  const oldSchemas = old === undefined ? [] : versionsOf(mapOf(getKey(old, 'spec'))).map(schemaOf);
  const preserveUnknown = spec !== undefined && getKey(spec, 'preserveUnknownFields') === true;
  // requireStructuralSchema: relaxed only for an update of a CRD stored with a non-structural
  // schema that keeps preserveUnknownFields and adds neither defaults nor kubernetes extensions.
  const structural =
    !preserveUnknown ||
    !oldSchemas.some((s) => structuralSchemaErrors(s, '').length > 0) ||
    versions.some((v) => hasDefaults(schemaOf(v)) || hasKubernetesExtensions(schemaOf(v)));
  const checks: SchemaChecks = { lists: listChecksFor(oldSchemas), prunedDefaults: prunedDefaultsRequired(oldSchemas), structural };
  if (preserveUnknown && versions.some((v) => hasDefaults(schemaOf(v)))) {
    out.push(invalidValue('spec.preserveUnknownFields', true, 'must be false in order to use defaults in the schema'));
  }
  const sharedSubresources = versions.length > 0 && versions.every((v) => semanticEqual(getKey(v, 'subresources'), getKey(versions[0], 'subresources')));
  const sharedSelectable = versions.length > 0 && versions.every((v) => semanticEqual(getKey(v, 'selectableFields'), getKey(versions[0], 'selectableFields')));
  const sharedColumns = versions.length > 0 && versions.every((v) => semanticEqual(getKey(v, 'additionalPrinterColumns'), getKey(versions[0], 'additionalPrinterColumns')));
  versions.forEach((v, i) => {
    const name = str(getKey(v, 'name'));
    const errs = isDns1035Label(name);
    if (errs.length > 0) out.push(invalidValue(`spec.versions[${i}].name`, name, joined(errs)));
    out.push(...deprecationErrors(v, `spec.versions[${i}]`));
    if (!shared) out.push(...schemaErrors(schemaOf(v), `spec.versions[${i}].schema.openAPIV3Schema`, checks, statusEnabled(v)));
    if (!sharedSubresources) out.push(...subresourcesErrors(getKey(v, 'subresources'), `spec.versions[${i}].subresources`));
    if (!sharedColumns) out.push(...columnsErrors(getKey(v, 'additionalPrinterColumns'), `spec.versions[${i}].additionalPrinterColumns`));
    if (!sharedSelectable) {
      const noSchema = 'selectableFields may only be set when version.schema.openAPIV3Schema is not included';
      out.push(...selectableFieldsErrors(getKey(v, 'selectableFields'), shared ? undefined : schemaOf(v), `spec.versions[${i}].selectableFields`, noSchema));
    }
  });
  // After the per-version checks, the versions as a whole, printed as the internal slice.
  const printed = () =>
    goCrdVersions(spec ? getKey(spec, 'versions') : undefined, { schema: shared, subresources: sharedSubresources, columns: sharedColumns, selectableFields: sharedSelectable });
  if (new Set(versions.map((v) => str(getKey(v, 'name')))).size < versions.length) {
    out.push({ type: 'FieldValueInvalid', field: 'spec.versions', value: printed(), detail: 'must contain unique version names' });
  }
  if (versions.filter((v) => getKey(v, 'storage') === true).length !== 1) {
    out.push({ type: 'FieldValueInvalid', field: 'spec.versions', value: printed(), detail: 'must have exactly one version marked as storage version' });
  }

  const names = mapOf(spec ? getKey(spec, 'names') : undefined);
  for (const k of ['plural', 'singular', 'kind', 'listKind']) {
    if (str(names ? getKey(names, k) : undefined) === '') out.push(required(`spec.names.${k}`));
  }
  out.push(...namesErrors(names));
  if (shared) out.push(...schemaErrors(schemaOf(versions[0]), 'spec.validation.openAPIV3Schema', checks, versions.some(statusEnabled)));
  if (sharedSubresources) out.push(...subresourcesErrors(getKey(versions[0], 'subresources'), 'spec.subresources'));
  if (sharedColumns) out.push(...columnsErrors(getKey(versions[0], 'additionalPrinterColumns'), 'spec.additionalPrinterColumns'));
  if (sharedSelectable) {
    const noSchema = 'selectableFields may only be set when validations.schema is included';
    out.push(...selectableFieldsErrors(getKey(versions[0], 'selectableFields'), shared ? schemaOf(versions[0]) : undefined, 'spec.selectableFields', noSchema));
  }
  out.push(...conversionErrors(spec));
  if (old !== undefined) out.push(...immutableErrors(obj, old));
  out.push(...storedVersionsErrors(obj));
  // After the spec and the stored versions (ValidateCustomResourceDefinitionStatus's accepted
  // names are the controller's, not checked), validateAPIApproval.
  out.push(...approvalErrors(obj, old));
  // validatePreserveUnknownFields: a CRD stored with it true (by v1beta1) may keep it.
  const oldPreserve = old !== undefined && getKey(mapOf(getKey(old, 'spec')) ?? ({} as ValueMap), 'preserveUnknownFields') === true;
  if (preserveUnknown && !oldPreserve) {
    out.push(invalidValue('spec.preserveUnknownFields', true, 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'));
  }
  return out;
}
