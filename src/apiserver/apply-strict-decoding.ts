/**
 * An apply body's second, strict reading (apiserver 1.32 handlers/patch.go, applyPatcher): after
 * the field manager merged the body, a request with `fieldValidation` Strict or Warn (the
 * default) reads it again with sigs.k8s.io/yaml's UnmarshalStrict, whose only complaint about a
 * body that already decoded is a key repeated in one mapping (go-yaml v2: `line N: key "k"
 * already set in map`, N the line where the repeated key's value starts, in the order the
 * decoder meets them: a value's own repeats before its key's). Strict answers the 400
 * `error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:` with one
 * indented line each; Warn adds each line as a warning (handlers/rest.go parseYAMLWarnings).
 * The object stored is the ordinary reading, where the last value of a repeated key wins.
 */
import { isMap, isScalar, isSeq, LineCounter, parseAllDocuments, type Node } from 'yaml';
import { goQuote } from '../fieldpath/format-go-value.js';
import { badRequest } from './status.js';
import type { StatusObject } from './types.js';

/** go-yaml v2's `%#v` of a map key read as YAML 1.1. */
function goKey(v: unknown): string {
  if (typeof v === 'string') return goQuote(v);
  if (v === null || v === undefined) return '<nil>';
  return String(v);
}

/** The repeated-key complaints of the first document of `text`, in go-yaml v2's order and words. */
export function duplicateKeyErrors(text: string): string[] {
  // Most bodies (kubectl's among them) are JSON without a repeated key: a scan of the text says
  // so without building the YAML reader's document model, which would cost more than the apply.
  if (jsonRepeatsNoKey(text)) return [];
  const lines = new LineCounter();
  const doc = parseAllDocuments(text, { version: '1.1', uniqueKeys: false, lineCounter: lines })[0];
  if (!doc || !('contents' in doc) || doc.errors.length > 0) return [];
  const out: string[] = [];
  const walk = (node: Node | null | undefined): void => {
    if (isSeq(node)) {
      for (const item of node.items) walk(item as Node);
      return;
    }
    if (!isMap(node)) return;
    const seen = new Set<string>();
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (key !== null && typeof key === 'object') continue; // not a key Go reads (decoding failed before)
      if (key === '<<') continue; // merge keys: not modelled
      const value = pair.value as Node | null;
      walk(value);
      const id = `${typeof key}:${String(key)}`;
      if (seen.has(id)) {
        const at = value?.range ? value.range[0] : isScalar(pair.key) && pair.key.range ? pair.key.range[0] : 0;
        out.push(`line ${lines.linePos(at).line}: key ${goKey(key)} already set in map`);
      }
      seen.add(id);
    }
  };
  walk(doc.contents as Node | null);
  return out;
}

/**
 * True when `text` is JSON in which no object repeats a key (compared as decoded strings, as the
 * YAML reader's keys are); false when it repeats one or is not JSON.
 */
export function jsonRepeatsNoKey(text: string): boolean {
  try {
    JSON.parse(text);
  } catch {
    return false;
  }
  // Per open bracket: the keys of an object met so far, or null for a list.
  const open: (Set<string> | null)[] = [];
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      let escaped = false;
      while (text.charCodeAt(end) !== 0x22) {
        if (text.charCodeAt(end) === 0x5c /* \ */) {
          escaped = true;
          end++;
        }
        end++;
      }
      const keys = open[open.length - 1];
      if (keyNext && keys) {
        const key = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        if (keys.has(key)) return false;
        keys.add(key);
        keyNext = false;
      }
      i = end;
    } else if (c === 0x7b /* { */) {
      open.push(new Set());
      keyNext = true;
    } else if (c === 0x5b /* [ */) {
      open.push(null);
      keyNext = false;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      open.pop();
      keyNext = false;
    } else if (c === 0x2c /* , */) {
      keyNext = open[open.length - 1] !== null;
    }
  }
  return true;
}

/**
 * What the strict reading does to an apply that merged: a Strict request's 400, or the warnings
 * of a Warn one (none with Ignore, or for a body given as an object rather than text).
 */
export function strictApplyDecoding(body: unknown, fieldValidation: 'Strict' | 'Warn' | 'Ignore' | undefined): { status: StatusObject } | { warnings: string[] } {
  const directive = fieldValidation ?? 'Warn';
  if (directive === 'Ignore' || typeof body !== 'string') return { warnings: [] };
  const errors = duplicateKeyErrors(body);
  if (errors.length === 0) return { warnings: [] };
  if (directive === 'Strict') {
    return { status: badRequest(`error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  ${errors.join('\n  ')}`) };
  }
  return { warnings: errors };
}
