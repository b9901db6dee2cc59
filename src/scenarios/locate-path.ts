/**
 * Reading a path the user wrote (`.spec.template.spec.containers[name="app"].image`) as the
 * field path it names in one object: following the object's keys (field names may hold dots),
 * else the paths its managedFields entries name (a field that is gone but still owned).
 * `readUserPath` (explain) also translates positions in keyed lists to keys and says what is
 * wrong with a path that names nothing.
 */
import { closestWord } from '../errors/closest-word.js';
import { type Path, PeKind, fieldElement, indexElement } from '../fieldpath/path-element.js';
import { pathToString } from '../fieldpath/path-string.js';
import type { Atom } from '../schema/schema.js';
import { listItemElement } from '../typed/list-item-element.js';
import { childType, nodeHandler, ownersOfPath } from '../typed/owners-of-path.js';
import { compareStrings } from '../value/compare-strings.js';
import { getKey, isList, isMap, type Value } from '../value/value.js';
import type { OwnerEntry } from './owners.js';
import type { ObjectView } from './run-types.js';
import { parsePathString, readBracket, resolvePathString, stepInto } from './value-at-path.js';

function findInSets(owners: readonly OwnerEntry[], text: string): Path | undefined {
  for (const o of owners) {
    let found: Path | undefined;
    o.set.iterate((p) => {
      if (!found && pathToString(p) === text) found = p;
    });
    if (found) return found;
  }
  return undefined;
}

/**
 * A path of another API version that an entry recorded there owns (as a 409 names it): where it
 * is in this object, through the entry's reading at the object's version (version-owners.ts).
 */
function atOtherVersion(owners: readonly OwnerEntry[], text: string): string | undefined {
  for (const e of owners) {
    if (e.stored === undefined || e.reach === undefined) continue;
    let there: Path | undefined;
    e.stored.iterate((p) => {
      if (!there && pathToString(p) === text) there = p;
    });
    if (there === undefined) continue;
    const here = e.set.paths().filter((p) => e.reach!(p).has(there!)).map(pathToString);
    return `${text} is a path of ${e.apiVersion}, where ${e.manager}'s entry owns it; the object is at another version, ${here.length > 0 ? `where it is ${here.join(', ')}` : 'where no field stands for it'}`;
  }
  return undefined;
}

/** The path `text` names in `object` or in an entry's set; undefined when neither has it. */
export function locatePath(object: Value, owners: readonly OwnerEntry[], text: string): Path | undefined {
  return resolvePathString(object, text) ?? findInSets(owners, text);
}

/** Names of the managers that own the path written as `text` in the view's object, sorted. */
export function ownerNamesAt(view: ObjectView, text: string): string[] {
  const located = locatePath(view.object, view.owners, text);
  // A path of another API version, as an entry recorded there names it (version-owners.ts).
  const there = located === undefined ? atStoredPath(view.owners, text) : [];
  if (there.length > 0) return there;
  const path = located ?? parsePathString(text);
  if (path === undefined) return [];
  const names = ownersOfPath(view.owners, path, view.type.get(), view.object).map((o) => o.entry.manager);
  return [...new Set(names)].sort(compareStrings);
}

/** The managers whose entries, recorded at another API version, own the path written `text` there. */
function atStoredPath(owners: readonly OwnerEntry[], text: string): string[] {
  const names = owners.filter((e) => e.stored !== undefined && e.stored.paths().some((p) => pathToString(p) === text)).map((e) => e.manager);
  return [...new Set(names)].sort(compareStrings);
}

/** A path the user wrote, read in one object under its schema. */
export type UserPath =
  | {
      readonly path: Path;
      /** True when the text named items of a keyed list by position and `path` names them by key. */
      readonly translated: boolean;
      /** False when only a managedFields entry names the path (the field is gone). */
      readonly inObject: boolean;
    }
  | { readonly problem: string };

/**
 * Reads `text` in `object` the way field paths name things: an item of a keyed list written by
 * position (`containers[0]`) is translated to its key (`containers[name="aws-node"]`); a field or
 * item the object does not have is a problem with "did you mean" from its siblings, unless an
 * entry still names the path.
 */
export function readUserPath(object: Value, type: Atom, owners: readonly OwnerEntry[], text: string): UserPath {
  let deepest: { at: number; problem: string } | undefined;
  const fail = (at: number, problem: string): undefined => {
    if (!deepest || at >= deepest.at) deepest = { at, problem };
    return undefined;
  };
  const where = (prefix: Path) => (prefix.length === 0 ? 'the object' : pathToString(prefix));

  const walk = (v: Value, a: Atom | undefined, i: number, prefix: Path): { path: Path; translated: boolean } | undefined => {
    if (i === text.length) return { path: [], translated: false };
    if (text[i] === '.') {
      if (!isMap(v)) return fail(i, `${where(prefix)} is not a map: it has no field ${JSON.stringify(text.slice(i + 1))}`);
      // Field names may hold dots: every `.`/`[` after i may end the name; the longest first.
      const ends: number[] = [];
      for (let j = i + 1; j <= text.length; j++) if (j === text.length || text[j] === '.' || text[j] === '[') ends.push(j);
      for (const j of [...ends].reverse()) {
        const name = text.slice(i + 1, j);
        const child = getKey(v, name);
        if (child === undefined) continue;
        const pe = fieldElement(name);
        const childAtom = a ? childType(a, nodeHandler(a, v, pe), pe) : undefined;
        const rest = walk(child, childAtom, j, [...prefix, pe]);
        if (rest) return { path: [pe, ...rest.path], translated: rest.translated };
      }
      const name = text.slice(i + 1, ends[0]);
      const near = closestWord(name, Object.keys(v));
      return fail(i, `${where(prefix)} has no field ${JSON.stringify(name)}${near !== undefined ? `; did you mean ${pathToString([...prefix, fieldElement(near)])}?` : ''}`);
    }
    if (text[i] === '[') {
      const b = readBracket(text, i);
      if (!b) return fail(i, `cannot read ${JSON.stringify(text.slice(i))} as a list item ([0], [name="x"] or [="x"])${shellQuoteHint(text, i)}`);
      if (!isList(v)) return fail(i, `${where(prefix)} is not a list: it has no item ${text.slice(i, b.end)}`);
      const list = a && nodeHandler(a, v, b.pe) === 'list' ? a.list : undefined;
      const keyed = list?.elementRelationship === 'associative';
      const elementOf = (item: Value, index: number) => {
        const pe = keyed ? listItemElement(list!, item) : undefined;
        return pe !== undefined && typeof pe !== 'string' ? pe : indexElement(index);
      };
      let pe = b.pe;
      let translated = false;
      let child: Value | undefined;
      if (pe.kind === PeKind.Index) {
        child = v[pe.index];
        if (child === undefined) return fail(i, `${where(prefix)} has ${v.length} item${v.length === 1 ? '' : 's'}; there is no item [${pe.index}]`);
        const byKey = elementOf(child, pe.index);
        if (byKey.kind !== PeKind.Index) {
          pe = byKey;
          translated = true;
        }
      } else {
        child = stepInto(v, pe);
        if (child === undefined) {
          const siblings = v.map((item, index) => pathToString([elementOf(item, index)]));
          const near = closestWord(pathToString([pe]), siblings);
          return fail(i, `${where(prefix)} has no item ${pathToString([pe])}${near !== undefined ? `; did you mean ${pathToString(prefix)}${near}?` : ''}`);
        }
      }
      const rest = walk(child, list ? list.element.get() : undefined, b.end, [...prefix, pe]);
      return rest ? { path: [pe, ...rest.path], translated: translated || rest.translated } : undefined;
    }
    return fail(i, `cannot read ${JSON.stringify(text.slice(i))}: a path goes on with .field or [item]`);
  };

  const found = walk(object, type, 0, []);
  if (found) return { ...found, inObject: true };
  const named = findInSets(owners, text);
  if (named) return { path: named, translated: false, inObject: false };
  return { problem: atOtherVersion(owners, text) ?? deepest?.problem ?? `no field ${text}` };
}

/** A key value a path may hold unquoted: a number, true, false or null. */
const BARE_VALUE = /^(-?\d+(\.\d+)?([eE][-+]?\d+)?|true|false|null)$/;

/**
 * The path with the key values of its brackets quoted (`[name=web]` → `[name="web"]`), when that
 * makes the bracket at `at` readable; else undefined. A shell takes the double quotes off a path
 * typed without single quotes around it, which is how such paths come.
 */
function withQuotedKeys(text: string, at: number): string | undefined {
  const fixed = quoteKeyValues(text);
  if (fixed === text || !readBracket(fixed, at)) return undefined;
  return fixed;
}

/** `text` with the key values of its brackets quoted where they are text (`[name=web]` → `[name="web"]`). */
export function quoteKeyValues(text: string): string {
  return text.replace(/\[([^\]"]*)\]/g, (whole, inner: string) => {
    const parts = inner.split(',').map((part) => {
      const eq = part.indexOf('=');
      if (eq < 0) return part;
      const value = part.slice(eq + 1);
      return BARE_VALUE.test(value) ? part : `${part.slice(0, eq + 1)}${JSON.stringify(value)}`;
    });
    return `[${parts.join(',')}]`;
  });
}

/** The hint for an unreadable bracket whose key values lost their quotes. */
function shellQuoteHint(text: string, at: number): string {
  const fixed = withQuotedKeys(text, at);
  if (fixed === undefined) return '';
  return `; a key's text is quoted, and the shell takes off double quotes that are not in single quotes: write '${fixed}'`;
}
