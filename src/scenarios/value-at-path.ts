/**
 * Finding a field path inside an object without a schema: list items are found by their key
 * fields (`[name="x"]`) or value (`[="x"]`), as the path says. And reading the text form of a
 * path (`.metadata.annotations.kubectl.kubernetes.io/last-applied-configuration`), whose dots are
 * ambiguous, by following the object's actual keys.
 */
import { type Path, type PathElement, fieldElement, indexElement, keyElement, valueElement } from '../fieldpath/path-element.js';
import { stepInto } from '../fieldpath/value-at-path.js';
import { getKey, isMap, type Value } from '../value/value.js';

export { stepInto, valueAtPath } from '../fieldpath/value-at-path.js';

/** Parses a path's text, reading each `.name` up to the next `.` or `[` (no object to guide it). */
export function parsePathString(text: string): Path | undefined {
  const out: PathElement[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '.') {
      let j = i + 1;
      while (j < text.length && text[j] !== '.' && text[j] !== '[') j++;
      if (j === i + 1) return undefined;
      out.push(fieldElement(text.slice(i + 1, j)));
      i = j;
    } else if (text[i] === '[') {
      const b = readBracket(text, i);
      if (!b) return undefined;
      out.push(b.pe);
      i = b.end;
    } else {
      return undefined;
    }
  }
  return out;
}

/**
 * The path `text` names inside `root`, following the object's keys to decide where a field name
 * with dots ends; undefined when the object has no such field.
 */
export function resolvePathString(root: Value, text: string): Path | undefined {
  const walk = (v: Value, i: number): PathElement[] | undefined => {
    if (i === text.length) return [];
    if (text[i] === '.') {
      if (!isMap(v)) return undefined;
      // Every `.`/`[` after i is a possible end of the name; try the longest name first.
      const ends: number[] = [];
      for (let j = i + 1; j <= text.length; j++) if (j === text.length || text[j] === '.' || text[j] === '[') ends.push(j);
      for (const j of ends.reverse()) {
        const name = text.slice(i + 1, j);
        const child = getKey(v, name);
        if (child === undefined) continue;
        const rest = walk(child, j);
        if (rest) return [fieldElement(name), ...rest];
      }
      return undefined;
    }
    if (text[i] === '[') {
      const b = readBracket(text, i);
      if (!b) return undefined;
      const child = stepInto(v, b.pe);
      if (child === undefined) return undefined;
      const rest = walk(child, b.end);
      return rest ? [b.pe, ...rest] : undefined;
    }
    return undefined;
  };
  return walk(root, 0);
}

/** `[...]` starting at `start`: the element and the index after `]`. */
export function readBracket(text: string, start: number): { pe: PathElement; end: number } | undefined {
  let j = start + 1;
  let inString = false;
  for (; j < text.length; j++) {
    const c = text[j];
    if (inString) {
      if (c === '\\') j++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ']') break;
  }
  if (j >= text.length) return undefined;
  const body = text.slice(start + 1, j);
  const end = j + 1;
  if (/^\d+$/.test(body)) return { pe: indexElement(Number(body)), end };
  if (body.startsWith('=')) {
    const v = readLiteral(body.slice(1));
    return v === undefined ? undefined : { pe: valueElement(v.value), end };
  }
  const fields: { name: string; value: Value }[] = [];
  for (const part of splitOutsideQuotes(body)) {
    const eq = part.indexOf('=');
    if (eq <= 0) return undefined;
    const v = readLiteral(part.slice(eq + 1));
    if (v === undefined) return undefined;
    fields.push({ name: part.slice(0, eq), value: v.value });
  }
  return fields.length ? { pe: keyElement(fields), end } : undefined;
}

function splitOutsideQuotes(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (inString) {
      cur += c;
      if (c === '\\') cur += s[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      cur += c;
    } else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** A value as paths print it: Go-quoted strings, numbers, true/false/null. */
function readLiteral(s: string): { value: Value } | undefined {
  if (s === 'null' || s === '<nil>') return { value: null };
  if (s === 'true' || s === 'false') return { value: s === 'true' };
  if (s.startsWith('"')) {
    try {
      return { value: JSON.parse(s) as string };
    } catch {
      return undefined;
    }
  }
  const n = Number(s);
  if (s !== '' && Number.isFinite(n)) return { value: n };
  return undefined;
}
