/**
 * Writes a schema declaration in the compact notation that `compact-parse.ts` reads (the grammar
 * is documented there). Used by tools/gen-builtin-schema.mjs to produce the built-in schema, and
 * by tests to check that the notation round-trips. Union declarations are not written: merging
 * ignores them.
 */
import { SsaError } from '../../errors/ssa-error.js';
import type { Value } from '../../value/value.js';
import type { AtomDecl, FieldDecl, SchemaDecl, TypeRef } from '../model.js';
import { isNameChar } from './compact-parse.js';

/** `aliases`: alias → the type-name prefix it stands for (without the final dot). */
export function formatCompactSchema(decl: SchemaDecl, aliases: ReadonlyMap<string, string> = new Map()): string[] {
  const byPrefix = new Map<string, string>();
  for (const [alias, prefix] of aliases) byPrefix.set(prefix, alias);
  const name = (n: string): string => {
    const dot = n.lastIndexOf('.');
    const alias = dot > 0 ? byPrefix.get(n.slice(0, dot)) : undefined;
    const out = alias === undefined ? n : `${alias}${n.slice(dot)}`;
    if (!isPlainName(out) || out === 's' || out === 'n' || out === 'b' || out === 'u') {
      throw new SsaError('SCHEMA_TYPE', `type name ${JSON.stringify(n)} cannot be written in the compact notation`);
    }
    return out;
  };
  const lines: string[] = [];
  for (const [alias, prefix] of aliases) lines.push(`%${alias} ${prefix}`);
  for (const t of decl.types) lines.push(`${name(t.name)} ${atom(t, name)}`);
  return lines;
}

function isPlainName(s: string): boolean {
  if (s === '') return false;
  for (let i = 0; i < s.length; i++) if (!isNameChar(s.charCodeAt(i))) return false;
  return true;
}

const SCALAR_LETTERS: Record<string, string> = { string: 's', numeric: 'n', boolean: 'b', untyped: 'u' };

function atom(a: AtomDecl, name: (n: string) => string): string {
  const alts: string[] = [];
  if (a.scalar) {
    const letter = SCALAR_LETTERS[a.scalar];
    if (letter === undefined) throw new SsaError('SCHEMA_TYPE', `scalar kind ${a.scalar} cannot be written in the compact notation`);
    alts.push(letter);
  }
  if (a.list) {
    const l = a.list;
    let rel: string;
    if (l.elementRelationship === 'atomic') rel = '';
    else if (l.elementRelationship === 'associative' && l.keys && l.keys.length > 0) rel = `(${l.keys.join(',')})`;
    else if (l.elementRelationship === 'associative') rel = '#';
    else rel = `~${l.elementRelationship ?? ''}`;
    if (l.keys && l.keys.length > 0 && l.elementRelationship !== 'associative') {
      throw new SsaError('SCHEMA_TYPE', 'list keys without an associative relationship cannot be written in the compact notation');
    }
    alts.push(`[${ref(l.elementType, name)}]${rel}`);
  }
  if (a.map) {
    const m = a.map;
    const rel = m.elementRelationship === undefined ? '' : m.elementRelationship === 'atomic' ? '!' : `~${m.elementRelationship}`;
    if (m.fields === undefined && m.elementType !== undefined) {
      alts.push(`<${ref(m.elementType, name)}>${rel}`);
    } else {
      const members = (m.fields ?? []).map((f) => member(f, name));
      if (m.elementType !== undefined) members.push(`*:${ref(m.elementType, name)}`);
      alts.push(`{${members.join(' ')}}${rel}`);
    }
  }
  if (alts.length === 0) throw new SsaError('SCHEMA_TYPE', 'an empty atom cannot be written in the compact notation');
  return alts.join('|');
}

function ref(r: TypeRef, name: (n: string) => string): string {
  if (r.namedType !== undefined) {
    if (r.inlined) throw new SsaError('SCHEMA_TYPE', 'a reference with both a name and an inline type cannot be written in the compact notation');
    const rel = r.elementRelationship;
    return name(r.namedType) + (rel === undefined ? '' : rel === 'atomic' ? '!' : `~${rel}`);
  }
  if (r.elementRelationship !== undefined) {
    throw new SsaError('SCHEMA_TYPE', 'a relationship override on an inline type cannot be written in the compact notation');
  }
  return atom(r.inlined ?? {}, name);
}

function member(f: FieldDecl, name: (n: string) => string): string {
  let out = `${isPlainName(f.name) ? f.name : JSON.stringify(f.name)}:${ref(f.type, name)}`;
  if (f.default !== undefined) out += `=${json(f.default)}`;
  if (f.patchMergeKey !== undefined) out += `^${token(f.patchMergeKey)}`;
  if (f.patchStrategy !== undefined) out += `/${token(f.patchStrategy)}`;
  return out;
}

/** Patch metadata is written bare: it may not contain the notation's delimiters. */
function token(s: string): string {
  if (s === '' || /[\s}/^=|]/.test(s)) {
    throw new SsaError('SCHEMA_TYPE', `patch metadata ${JSON.stringify(s)} cannot be written in the compact notation`);
  }
  return s;
}

function json(v: Value): string {
  return JSON.stringify(v);
}
