/**
 * The strategic-merge-patch metadata kubectl consults when it builds a patch: for each field of a
 * built-in type, its patch strategies (`merge`, `replace`, `retainKeys`) and, for merged lists of
 * objects, the merge key. A tree of nodes, one per type, walked alongside the object.
 */
import type { Atom } from '../../schema/schema.js';

export interface PatchField {
  /** e.g. `['merge']`, `['merge', 'retainKeys']`, `['replace']`, `[]`. */
  readonly strategies: readonly string[];
  /** The merge key of a merged list of objects (`name`, `containerPort`, `mountPath`, ...). */
  readonly mergeKey?: string;
  /** The node of the field's value (of its items, for a list; of its values, for a map). */
  readonly node: PatchMetaNode;
}

export interface PatchMetaNode {
  /** Metadata of field `name`; undefined when the type has no such field or is not known. */
  field(name: string): PatchField | undefined;
  /**
   * The OpenAPI name of the type when it is a struct (declared fields, no free keys), e.g.
   * `io.k8s.api.apps.v1.DeploymentSpec`: a name `field` does not know is then a field the type
   * does not have. Undefined for maps, untyped values and types not known.
   */
  readonly struct?: string;
}

const NAMED = 'named type: ';

/** A node that knows nothing: maps are diffed key by key and lists replaced whole. */
export const NO_PATCH_META: PatchMetaNode = { field: () => undefined };

export function hasStrategy(f: PatchField | undefined, s: string): boolean {
  return f !== undefined && f.strategies.includes(s);
}

/**
 * Patch metadata read from a schema type: each field's `patchStrategy` (`merge,retainKeys` ->
 * `['merge', 'retainKeys']`) and `patchMergeKey`, as the catalog's built-in types carry them.
 * Lists step to their item type; maps with free keys step to their value type.
 */
export function patchMetaFromAtom(atom: Atom): PatchMetaNode {
  const named = atom.description.startsWith(NAMED) ? atom.description.slice(NAMED.length) : undefined;
  return {
    ...(atom.map && !atom.map.element && named !== undefined ? { struct: named } : {}),
    field(name: string): PatchField | undefined {
      const map = atom.map;
      if (!map) return undefined;
      const info = map.fields.get(name);
      const type = info ? info.type : map.element;
      if (!type) return undefined;
      return {
        strategies: info?.patchStrategy ? info.patchStrategy.split(',').map((s) => s.trim()) : [],
        ...(info?.patchMergeKey ? { mergeKey: info.patchMergeKey } : {}),
        get node() {
          const t = type.get();
          // An untyped type with properties has both a map and a list side; its fields are on
          // the map side (strategicpatch reads a schema's properties whatever its type says).
          return patchMetaFromAtom(t.list && !t.map ? t.list.element.get() : t);
        },
      };
    },
  };
}
