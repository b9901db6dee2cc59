import { valueEquals } from '../../../src/value/equals.js';
import type { Atom, Schema } from '../../../src/schema/schema.js';

/** One way two types merge differently, at a path below the root type. */
export interface SemanticDifference {
  /** The root type's name followed by the segments. */
  readonly path: string;
  /** Steps from the root: `.field`, `[]` (list item), `.*` (map element). */
  readonly segments: readonly string[];
  /**
   * `field-only-in-a` / `field-only-in-b`: a declared field one side lacks;
   * `key-default`: a default of a list-key field differs (defaults only complete list keys);
   * `other`: anything else (scalar kinds, list types, keys, atomicity, element types).
   */
  readonly kind: 'field-only-in-a' | 'field-only-in-b' | 'key-default' | 'other';
  readonly message: string;
}

export interface CompareOptions {
  /** Compare the defaults of every field, not only of list-key fields (exact comparison). */
  readonly allDefaults?: boolean;
}

/**
 * Walks two types side by side and lists every difference that changes how objects of that type
 * merge and are owned: alternatives (scalar kind, list, map), list relationship and keys, the
 * defaults of list-key fields, map atomicity, declared fields, element types (engine-semantics §3).
 * Named and inline types are compared by what they resolve to; recursion stops at pairs already
 * compared.
 */
export function semanticDifferences(a: Schema, aType: string, b: Schema, bType: string, opts: CompareOptions = {}): SemanticDifference[] {
  const out: SemanticDifference[] = [];
  // Pairs already compared (with the list keys in force, which decide which defaults matter).
  const seen = new Map<Atom, Map<Atom, Set<string>>>();
  const diff = (segs: readonly string[], kind: SemanticDifference['kind'], message: string) =>
    out.push({ path: bType + segs.join(''), segments: segs, kind, message });

  const walk = (x: Atom, y: Atom, path: readonly string[], keyFields: readonly string[]): void => {
    let byY = seen.get(x);
    if (!byY) seen.set(x, (byY = new Map()));
    let keySets = byY.get(y);
    if (!keySets) byY.set(y, (keySets = new Set()));
    const keyText = keyFields.join(',');
    if (keySets.has(keyText)) return;
    keySets.add(keyText);
    if ((x.scalar ?? null) !== (y.scalar ?? null)) diff(path, 'other', `scalar ${x.scalar ?? 'none'} vs ${y.scalar ?? 'none'}`);
    if (!!x.list !== !!y.list) diff(path, 'other', `list ${x.list ? 'present' : 'absent'} vs ${y.list ? 'present' : 'absent'}`);
    if (x.list && y.list) {
      const xl = x.list;
      const yl = y.list;
      if (xl.elementRelationship !== yl.elementRelationship) diff(path, 'other', `list ${xl.elementRelationship || 'unset'} vs ${yl.elementRelationship || 'unset'}`);
      const xk = [...xl.keys].sort().join(',');
      const yk = [...yl.keys].sort().join(',');
      if (xk !== yk) diff(path, 'other', `list keys [${xk}] vs [${yk}]`);
      walk(xl.element.get(), yl.element.get(), [...path, '[]'], xl.keys);
    }
    if (!!x.map !== !!y.map) diff(path, 'other', `map ${x.map ? 'present' : 'absent'} vs ${y.map ? 'present' : 'absent'}`);
    if (x.map && y.map) {
      const xm = x.map;
      const ym = y.map;
      if (xm.atomic !== ym.atomic) diff(path, 'other', `map ${xm.atomic ? 'atomic' : 'granular'} vs ${ym.atomic ? 'atomic' : 'granular'}`);
      for (const [name, xf] of xm.fields) {
        const yf = ym.fields.get(name);
        const fp = [...path, `.${name}`];
        if (!yf) {
          diff(fp, 'field-only-in-a', 'declared only in a');
          continue;
        }
        const isKey = keyFields.includes(name);
        if ((opts.allDefaults || isKey) && (xf.hasDefault !== yf.hasDefault || !valueEquals(xf.default ?? null, yf.default ?? null))) {
          diff(fp, isKey ? 'key-default' : 'other', `default ${JSON.stringify(xf.default)} vs ${JSON.stringify(yf.default)}`);
        }
        walk(xf.type.get(), yf.type.get(), fp, []);
      }
      for (const name of ym.fields.keys()) if (!xm.fields.has(name)) diff([...path, `.${name}`], 'field-only-in-b', 'declared only in b');
      if (!!xm.element !== !!ym.element) diff(path, 'other', `element type ${xm.element ? 'present' : 'absent'} vs ${ym.element ? 'present' : 'absent'}`);
      if (xm.element && ym.element) walk(xm.element.get(), ym.element.get(), [...path, '.*'], []);
    }
  };
  walk(a.named(aType), b.named(bType), [], []);
  return out;
}
