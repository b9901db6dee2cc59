/**
 * Reads one option value of an actor action from a scenario file, as its declaration
 * (src/actors/action-options.ts) says it is: a value of another type is an error at its own line
 * and column naming the step, the option (and the place inside it) and what was expected, so that
 * no actor ever receives a map where it takes text. Returns the value the actor gets: text options
 * written as YAML 1.1 boolean words (`namespace: no`) are the text as written, as everywhere the
 * scenario format expects text; objects and patches pass through as written.
 */
import type { OptionType } from '../actors/action-options.js';
import { JSON_PATCH_KEYS, JSON_PATCH_OPS, WEBHOOK_MATCH } from '../actors/action-options.js';
import { parseGivenTime } from '../apiserver/rfc3339-time.js';
import { SsaError } from '../errors/ssa-error.js';
import { readManifests } from '../manifest/read-manifests.js';
import { newMap, type Value, type ValueMap } from '../value/value.js';
import type { DocNode } from './doc-reader.js';
import { readYamlDocuments } from './read-yaml.js';

/** A scenario's time: RFC 3339 in its usual form, on a day that exists (src/apiserver/rfc3339-time.ts). */
export function isScenarioTime(t: string): boolean {
  return parseGivenTime(t) !== undefined;
}
const TIME = 'an RFC 3339 time such as 2022-08-23T10:00:00Z';

/** What a string-map or label-map holds, as the error names it. */
const MAP_WHAT: Readonly<Record<string, string>> = {
  env: 'a map from variable names to values',
  images: 'a map from container names (or *) to images',
  labels: 'a map from keys to values (null removes a key)',
  annotations: 'a map from keys to values (null removes a key)',
};

const LIST_WHAT: Readonly<Record<string, string>> = { remove: 'a list of variable names' };

/** `option`'s value read as `type`; `option` is the option's key (it words some errors). */
export function readOptionValue(n: DocNode, type: OptionType, option: string): Value {
  if (typeof type === 'object') return oneOf(n, type.oneOf);
  switch (type) {
    case 'string':
      return n.string();
    case 'boolean':
      return n.boolean();
    case 'integer':
      return n.integer();
    case 'time': {
      const t = n.string(TIME);
      if (!isScenarioTime(t)) throw n.expected(TIME);
      return t;
    }
    case 'validate':
      if (typeof n.value === 'boolean' && n.doc.yaml11BooleanText(n.segs) === undefined) return n.value;
      return n.string('strict, warn, ignore, true or false');
    case 'string-map':
    case 'label-map':
      return mapOf(n, MAP_WHAT[option] ?? 'a map of strings', (item) =>
        type === 'label-map' && item.value === null ? null : item.string(type === 'label-map' ? 'a string (or null to remove the key)' : quoteHint(item)),
      );
    case 'string-list':
      return n.items(LIST_WHAT[option] ?? 'a list of strings').map((i) => i.string());
    case 'map':
      n.map(option === 'status' ? 'a map (the status to write)' : 'a map (an object or a merge patch)');
      return n.value;
    case 'value':
    case 'runner':
      return n.value;
    case 'manifests':
      return readManifestsOption(n);
    case 'yaml':
      if (typeof n.value === 'string') checkEmbeddedText(n, n.value, 'yaml');
      return n.value;
    case 'json-patch':
      return n.items('a JSON patch: a list of {op, path, value}').map((op) => readJsonPatchOperation(op));
    case 'webhook-match':
      n.map('{kind, apiVersion, namespace, operations}');
      n.onlyKeys(Object.keys(WEBHOOK_MATCH));
      return mapOf(n, '', (item) => {
        const key = item.segs[item.segs.length - 1] as keyof typeof WEBHOOK_MATCH;
        return key === 'operations' ? item.items('a list of operations (CREATE, UPDATE)').map((o) => oneOf(o, WEBHOOK_MATCH.operations.oneOf)) : item.string();
      });
  }
}

function quoteHint(n: DocNode): string {
  return typeof n.value === 'number' ? `a string (quote numbers: "${String(n.value)}")` : 'a string';
}

function oneOf(n: DocNode, words: readonly string[]): string {
  const what = `one of ${words.join(', ')}`;
  const w = n.string(what);
  if (!words.includes(w)) throw n.expected(what);
  return w;
}

/** A map whose every value is read by `item`, in a new map of the same keys. */
function mapOf(n: DocNode, what: string, item: (child: DocNode) => Value): ValueMap {
  n.map(what);
  const out = newMap();
  for (const key of n.keys()) out[key] = item(n.get(key)!);
  return out;
}

function readJsonPatchOperation(n: DocNode): Value {
  n.map('a JSON patch operation: {op, path, value} or {op, path, from}');
  n.onlyKeys(JSON_PATCH_KEYS);
  const out = newMap();
  out.op = oneOf(n.require('op', `one of ${JSON_PATCH_OPS.join(', ')}`), JSON_PATCH_OPS);
  out.path = n.require('path', 'a JSON pointer').string('a JSON pointer such as /metadata/labels/a');
  const value = n.get('value');
  if (value) out.value = value.value;
  const from = n.get('from');
  if (from) out.from = from.string('a JSON pointer such as /metadata/labels/a');
  return out;
}

/**
 * YAML text (read here as the actor will read it, so that a mistake in it is reported at the
 * scenario file's own line and column), a list of objects, a file next to the scenario or an
 * add-on's shipped manifest.
 */
function readManifestsOption(n: DocNode): Value {
  const what = 'YAML text, a list of objects, {file} or {addon, version}';
  if (typeof n.value === 'string') {
    checkEmbeddedText(n, n.value, 'manifests');
    return n.value;
  }
  if (Array.isArray(n.value)) {
    for (const item of n.items()) item.map('an object (a map with apiVersion and kind)');
    return n.value;
  }
  n.map(what);
  if (n.get('file')) {
    n.onlyKeys(['file']);
    n.get('file')!.string('a file name');
  } else {
    n.onlyKeys(['addon', 'version', 'region']);
    n.require('addon', 'the add-on name (vpc-cni)').string('the add-on name (vpc-cni)');
    n.require('version', 'the add-on version, such as v1.10.1-eksbuild.1').string('the add-on version, such as v1.10.1-eksbuild.1');
    n.get('region')?.string('an AWS region such as eu-west-1');
  }
  return n.value;
}

function checkEmbeddedText(n: DocNode, text: string, nature: 'manifests' | 'yaml'): void {
  try {
    if (nature === 'manifests') readManifests(text, { file: '<text>' });
    else if (!isJson(text)) readYamlDocuments(text, '<text>');
  } catch (err) {
    if (err instanceof SsaError) throw n.embeddedError(err);
    throw err;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
