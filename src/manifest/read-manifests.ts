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
import { Composer, isAlias, isMap, isPair, isScalar, isSeq, LineCounter, Parser } from 'yaml';
import type { CST, Document, Pair, Tags } from 'yaml';
import { SsaError, type SourcePosition } from '../errors/ssa-error.js';
import { formatGoNumber } from '../fieldpath/format-go-value.js';
import { getKey, isMap as isValueMap, newMap, type Value, type ValueMap } from '../value/value.js';
import type { DocPath, Manifest, ManifestWarning, ReadOptions, ReadResult } from './types.js';

/** Deepest nesting of collections accepted in a manifest. */
export const MAX_MANIFEST_DEPTH = 512;
/** Most nodes that alias expansion may produce in one document. */
export const MAX_ALIAS_NODES = 100_000;

const DROPPED_TAGS = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
  'tag:yaml.org,2002:set',
]);

// yaml.v2 reads a plain scalar as a float only when it has a digit: `.` (the key of every
// FieldsV1 node, `.: {}`), `-.` or `1_.` stay strings. The yaml package's YAML 1.1 patterns accept
// a lone dot, so its float tags get these stricter tests.
const FLOAT_PLAIN = /^[-+]?(?:\.[0-9][0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9][0-9_]*|[0-9][0-9_]*(?:\.[0-9_]*)?)[eE][-+]?[0-9]+$/;

/** YAML 1.1 tags, less those yaml.v2 does not turn into values when decoding into plain data. */
function yaml11Tags(tags: Tags): Tags {
  return tags
    .filter((t) => {
      if (typeof t === 'string') return true;
      if (DROPPED_TAGS.has(t.tag)) return false;
      return !('format' in t && t.format === 'TIME');
    })
    .map((t) => {
      if (typeof t === 'string' || t.tag !== 'tag:yaml.org,2002:float' || !('test' in t) || !t.test) return t;
      if (t.format === 'EXP') return { ...t, test: FLOAT_EXP };
      // The plain pattern is the one that accepts a lone dot; .inf/.nan keep theirs.
      return t.test.test('.') ? { ...t, test: FLOAT_PLAIN } : t;
    });
}

const YAML_OPTIONS = { version: '1.1', schema: 'yaml-1.1', customTags: yaml11Tags, uniqueKeys: true, prettyErrors: false } as const;
// JSON text: Go's JSON decoder lets a repeated key win silently.
const JSON_OPTIONS = { version: '1.2', schema: 'core', uniqueKeys: false, prettyErrors: false } as const;

/** Where each node starts, by path (JSON text of the path). */
type Positions = Map<string, { key?: number; value: number }>;

/** Reads every object in `text`. Throws SsaError('INPUT' | 'TOO_DEEP') with a position. */
export function readManifests(text: string, opts: ReadOptions = {}): ReadResult {
  const file = opts.file ?? '<input>';
  const flatten = opts.flattenLists ?? true;
  const lc = new LineCounter();
  const pos = (offset: number): SourcePosition => {
    const p = lc.linePos(offset);
    return { file, line: p.line, column: p.col };
  };
  const tokens = Array.from(new Parser(lc.addNewLine).parse(text));
  const deep = findTooDeep(tokens);
  if (deep !== undefined) {
    throw new SsaError('TOO_DEEP', `YAML nesting is deeper than ${MAX_MANIFEST_DEPTH} levels`, { source: pos(deep) });
  }
  const json = /^\s*[{[]/.test(text);
  const docs = Array.from(new Composer(json ? JSON_OPTIONS : YAML_OPTIONS).compose(tokens, true, text.length)) as Document.Parsed[];
  const manifests: Manifest[] = [];
  const warnings: ManifestWarning[] = [];
  docs.forEach((doc, index) => {
    if (doc.errors.length > 0) {
      const first = doc.errors.reduce((a, b) => (b.pos[0] < a.pos[0] ? b : a));
      const message =
        first.code === 'DUPLICATE_KEY'
          ? 'duplicate key in a YAML mapping'
          : first.code === 'RESOURCE_EXHAUSTION'
            ? `YAML aliases expand to too many nodes`
            : `invalid YAML: ${first.message.split('\n')[0]}`;
      throw new SsaError('INPUT', message, { source: pos(first.pos[0]) });
    }
    if (doc.contents === null) return;
    const positions: Positions = new Map();
    const value = toValue(doc, positions, warnings, pos, !json);
    if (value === null) return;
    const docStart = doc.contents.range?.[0] ?? 0;
    if (!isValueMap(value)) {
      throw new SsaError('INPUT', `expected an object (a mapping with apiVersion and kind), found ${Array.isArray(value) ? 'a list' : 'a scalar'}`, {
        source: pos(docStart),
      });
    }
    const make = (object: ValueMap, path: DocPath): Manifest => {
      const locate = (p: DocPath, at: 'key' | 'value' = 'value'): SourcePosition => {
        const full = [...path, ...p];
        for (let n = full.length; n >= 0; n--) {
          const hit = positions.get(JSON.stringify(full.slice(0, n)));
          if (hit) return pos(at === 'key' && n === full.length && hit.key !== undefined ? hit.key : hit.value);
        }
        return pos(docStart);
      };
      return { object, source: locate([]), document: index, path, positionOf: locate };
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
      return;
    }
    manifests.push(make(value, []));
  });
  return { manifests, warnings };
}

/** Just the objects of `text` (see readManifests). */
export function readObjects(text: string, opts: ReadOptions = {}): ValueMap[] {
  return readManifests(text, opts).manifests.map((m) => m.object);
}

/** Offset of the first collection nested deeper than MAX_MANIFEST_DEPTH (iterative walk). */
function findTooDeep(tokens: readonly CST.Token[]): number | undefined {
  const stack: [CST.Token | null | undefined, number][] = tokens.map((t) => [t, 0]);
  while (stack.length) {
    const [tok, depth] = stack.pop()!;
    if (!tok) continue;
    switch (tok.type) {
      case 'document':
        stack.push([tok.value, depth]);
        break;
      case 'block-map':
      case 'block-seq':
      case 'flow-collection':
        if (depth + 1 > MAX_MANIFEST_DEPTH) return tok.offset;
        for (const it of tok.items as CST.CollectionItem[]) stack.push([it.key, depth + 1], [it.value, depth + 1]);
        break;
      default:
        break;
    }
  }
  return undefined;
}

const YAML11_ONLY_BOOLEANS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
const YAML11_OCTAL = /^[-+]?0[0-7_]+$/;

/** The document as plain data; records positions and YAML 1.1 warnings. */
function toValue(
  doc: Document.Parsed,
  positions: Positions,
  warnings: ManifestWarning[],
  pos: (offset: number) => SourcePosition,
  yaml11: boolean,
): Value {
  let expanded = 0;
  const fail = (node: unknown, message: string): never => {
    const off = rangeStart(node);
    throw new SsaError('INPUT', message, { source: off === undefined ? undefined : pos(off) });
  };
  const deref = (node: unknown): unknown => (isAlias(node) ? node.resolve(doc) : node);
  const scalar = (node: { value: unknown; source?: string; type?: string; range?: [number, number, number] }): Value => {
    const v = node.value;
    if (yaml11 && node.type === 'PLAIN' && typeof node.source === 'string') {
      const src = node.source;
      if (typeof v === 'boolean' && YAML11_ONLY_BOOLEANS.test(src)) {
        warnings.push({
          source: pos(node.range?.[0] ?? 0),
          message: `${JSON.stringify(src)} is read as the boolean ${v} (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string`,
        });
      } else if (typeof v === 'number' && YAML11_OCTAL.test(src) && src.replace(/[-+_]/g, '') !== '0') {
        warnings.push({
          source: pos(node.range?.[0] ?? 0),
          message: `${src} is read as the octal number ${v} (YAML 1.1, as Kubernetes reads manifests); quote it to keep the string`,
        });
      }
    }
    if (v === null || v === undefined) return null;
    switch (typeof v) {
      case 'string':
      case 'boolean':
        return v;
      case 'number':
        if (!Number.isFinite(v)) return fail(node, `unsupported value: ${node.source ?? v} (JSON has no infinities or NaN)`);
        return v;
      case 'bigint':
        return Number(v);
      default:
        return String(v);
    }
  };
  const keyText = (node: unknown): string => {
    const k = deref(node);
    if (k === null || k === undefined) return 'null';
    if (!isScalar(k)) return fail(node, 'a map or a list cannot be used as a map key');
    const v = scalar(k as never);
    if (v === null) return 'null';
    if (typeof v === 'number') return formatGoNumber(v);
    return String(v);
  };
  const record = (path: (string | number)[], keyNode: unknown, valueNode: unknown) => {
    const value = rangeStart(valueNode) ?? rangeStart(keyNode);
    if (value === undefined) return;
    positions.set(JSON.stringify(path), { key: rangeStart(keyNode), value });
  };
  const convert = (node: unknown, path: (string | number)[], aliased: boolean): Value => {
    if (node === null || node === undefined) return null;
    if (aliased && ++expanded > MAX_ALIAS_NODES) {
      fail(node, `YAML aliases expand to more than ${MAX_ALIAS_NODES} nodes (aliases are capped to stop alias bombs)`);
    }
    if (path.length > MAX_MANIFEST_DEPTH) fail(node, `YAML nesting is deeper than ${MAX_MANIFEST_DEPTH} levels`);
    if (isAlias(node)) {
      const target = node.resolve(doc);
      if (!target) return fail(node, `unknown YAML alias *${node.source}`);
      return convert(target, path, true);
    }
    if (isScalar(node)) return scalar(node as never);
    if (isMap(node)) {
      const out = newMap();
      const merges: unknown[] = [];
      for (const p of node.items as Pair[]) {
        if (!isPair(p)) continue;
        const k = deref(p.key);
        if (isScalar(k) && typeof k.value === 'symbol') {
          merges.push(p.value);
          continue;
        }
        const key = keyText(p.key);
        const child = [...path, key];
        if (!aliased) record(child, p.key, p.value);
        out[key] = convert(p.value, child, aliased);
      }
      // YAML merge keys (`<<: *base`): explicit keys win, then earlier sources.
      for (const m of merges) {
        const src = deref(m);
        const sources = isSeq(src) ? src.items : [m];
        for (const s of sources) {
          const v = convert(s, path, aliased || isAlias(s) || isAlias(m));
          if (!isValueMap(v)) fail(s, 'YAML merge (<<) sources must be maps');
          for (const key of Object.keys(v as ValueMap)) if (getKey(out, key) === undefined) out[key] = (v as ValueMap)[key];
        }
      }
      return out;
    }
    if (isSeq(node)) {
      const out: Value[] = [];
      node.items.forEach((it, i) => {
        const child = [...path, i];
        if (!aliased) record(child, undefined, it);
        out.push(convert(it, child, aliased));
      });
      return out;
    }
    return fail(node, 'unsupported YAML node');
  };
  positions.set('[]', { value: rangeStart(doc.contents) ?? 0 });
  return convert(doc.contents, [], false);
}

function rangeStart(node: unknown): number | undefined {
  if (node && typeof node === 'object' && 'range' in node) {
    const r = (node as { range?: [number, number, number] | null }).range;
    if (r) return r[0];
  }
  return undefined;
}
