/**
 * Reads objects from YAML or JSON text the way kubectl does (sigs.k8s.io/yaml over Go's yaml.v2):
 *
 * - YAML 1.1 scalars: `no`, `off`, `n` are false, `yes`, `on`, `y` true, `0777` octal; timestamps
 *   and `1:30` stay strings (yaml.v2 leaves them strings when decoding into plain data). A map key
 *   that YAML reads as a boolean or number becomes its text (`on:` is the key `"true"`). Every
 *   scalar where YAML 1.1 and YAML 1.2 (most editors, the `yaml` npm default) disagree is reported
 *   as a warning with its position, since it is almost always a mistake (`value: no`).
 * - Several documents (`---`), empty ones skipped; `kind: List` (any `*List` with `items`) flattened.
 * - Hostile input ends in a clear SsaError: nesting deeper than MAX_MANIFEST_DEPTH (checked on the
 *   token stream, before anything recursive), aliases expanding to more than MAX_ALIAS_NODES nodes
 *   ("billion laughs"), duplicate keys, `.inf`/`.nan` (JSON cannot carry them). Keys such as
 *   `__proto__` are plain data: maps have no prototype.
 */
import { SsaError } from '../errors/ssa-error.js';
import { invalidYaml, type LocatedNote, MAX_ALIAS_NODES as DOCUMENT_MAX_ALIAS_NODES, readYaml } from '../document/read-yaml.js';
import { formatGoNumber } from '../fieldpath/format-go-value.js';
import { getKey, isMap as isValueMap, type ValueMap } from '../value/value.js';
import type { DocPath, Manifest, ManifestWarning, ReadOptions, ReadResult } from './types.js';

/** Deepest nesting of collections accepted in a manifest. */
export const MAX_MANIFEST_DEPTH = 512;
/** Most nodes that alias expansion may produce in one document. */
export const MAX_ALIAS_NODES = DOCUMENT_MAX_ALIAS_NODES;

/** Reads every object in `text`. Throws SsaError('INPUT' | 'TOO_DEEP') with a position. */
export function readManifests(text: string, opts: ReadOptions = {}): ReadResult {
  const file = opts.file ?? '<input>';
  const flatten = opts.flattenLists ?? true;
  const checkIdentity = opts.objects ?? true;
  const docs = readYaml(text, {
    file,
    maxDepth: MAX_MANIFEST_DEPTH,
    maxAliasNodes: MAX_ALIAS_NODES,
    json: /^\s*[{[]/.test(text),
    // kubectl reads manifests with sigs.k8s.io/yaml, without strict checks: the last value wins.
    repeatedKeys: 'last',
    // sigs.k8s.io/yaml turns a null or number key into JSON text as Go prints it.
    keyText: { null: 'null', number: formatGoNumber },
    nonFinite: (written, _value, path) => `${fieldPathText(path)}: unsupported value: ${written} (JSON has no infinities or NaN)`,
    syntaxMessage: (error) =>
      error.code === 'DUPLICATE_KEY'
        ? 'duplicate key in a YAML mapping'
        : error.code === 'RESOURCE_EXHAUSTION'
          ? `YAML aliases expand to too many nodes`
          : invalidYaml(error),
  });
  const manifests: Manifest[] = [];
  const warnings: ManifestWarning[] = [];
  for (const doc of docs) {
    for (const note of doc.notes) {
      const warning = warningOf(note);
      if (warning) warnings.push(warning);
    }
    for (const r of doc.repeatedKeys) {
      warnings.push({ source: r.source, message: `${fieldPathText([...r.path, r.key])}: the key ${JSON.stringify(r.key)} is repeated in its mapping; kubectl keeps the last value, as here` });
    }
    const value = doc.value;
    if (value === null) continue;
    if (!isValueMap(value)) {
      throw new SsaError('INPUT', `expected an object (a mapping with apiVersion and kind), found ${Array.isArray(value) ? 'a list' : 'a scalar'}`, {
        source: doc.positionOf([]),
      });
    }
    const make = (object: ValueMap, path: DocPath): Manifest => {
      const locate = (p: DocPath, at: 'key' | 'value' = 'value') => doc.positionOf([...path, ...p], at);
      const manifest: Manifest = { object, source: locate([]), document: doc.index, path, positionOf: locate };
      if (checkIdentity) checkIdentityTypes(manifest);
      return manifest;
    };
    const items = getKey(value, 'items');
    const kind = getKey(value, 'kind');
    if (flatten && typeof kind === 'string' && kind.endsWith('List') && Array.isArray(items)) {
      items.forEach((item, i) => {
        if (item === null) return;
        if (!isValueMap(item)) {
          throw new SsaError('INPUT', `items[${i}] of a ${kind} must be an object`, { source: make(value, []).positionOf(['items', i]) });
        }
        manifests.push(make(item, ['items', i]));
      });
      continue;
    }
    manifests.push(make(value, []));
  }
  return { manifests, warnings };
}

/** The fields that name an object: strings wherever they are present (null counts as absent). */
const IDENTITY_STRINGS: readonly (readonly string[])[] = [['apiVersion'], ['kind'], ['metadata', 'name'], ['metadata', 'namespace'], ['metadata', 'generateName']];

/**
 * Checks the type of every field that names an object, where it is read: a map or a list there is
 * an input error at its position with its field path (`.metadata.name: expected a string, found a
 * map`), instead of a wrong name further on.
 */
function checkIdentityTypes(m: Manifest): void {
  const label = (segs: readonly string[]) => `${m.path.length ? `items[${String(m.path[1])}]` : ''}.${segs.join('.')}`;
  const found = (v: unknown) => (Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a map' : `a ${typeof v}`);
  const meta = getKey(m.object, 'metadata');
  if (meta !== undefined && meta !== null && !isValueMap(meta)) {
    throw new SsaError('INPUT', `${label(['metadata'])}: expected a map, found ${found(meta)}`, { path: '.metadata', source: m.positionOf(['metadata']) });
  }
  for (const segs of IDENTITY_STRINGS) {
    const parent = segs.length === 1 ? m.object : meta;
    const v = isValueMap(parent ?? null) ? getKey(parent as ValueMap, segs[segs.length - 1]) : undefined;
    if (v === undefined || v === null || typeof v === 'string') continue;
    throw new SsaError('INPUT', `${label(segs)}: expected a string, found ${found(v)}`, { path: `.${segs.join('.')}`, source: m.positionOf(segs) });
  }
}

/** The warning for a scalar where YAML 1.1 (as Kubernetes reads manifests) and YAML 1.2 disagree. */
function warningOf(note: LocatedNote): ManifestWarning | undefined {
  if (!note.yaml11Only) return undefined;
  const how = note.kind === 'boolean' ? `${JSON.stringify(note.text)} is read as the boolean ${note.value}` : `${note.text} is read as the octal number ${note.value}`;
  return { source: note.source, message: `${how} (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string` };
}

/** Just the objects of `text` (see readManifests). */
export function readObjects(text: string, opts: ReadOptions = {}): ValueMap[] {
  return readManifests(text, opts).manifests.map((m) => m.object);
}

/** A document path as a field path from the document's root: `.spec.ports[0].port`. */
function fieldPathText(path: DocPath): string {
  return path.map((seg) => (typeof seg === 'number' ? `[${seg}]` : `.${seg}`)).join('') || '(top level)';
}
