/**
 * Objects from a file as users capture them (`kubectl get -o yaml --show-managed-fields`): YAML
 * or JSON, several documents, `kind: List` (any `*List` with `items`) flattened.
 *
 * ADAPTER: src/manifest's readManifests does the same, but at the time of writing it reads the
 * `.` key of every FieldsV1 node (`.: {}`) as a number (NaN) and rejects it, so captured
 * managedFields cannot be read through it. This reader (read-yaml.ts, Go yaml.v2 number rules)
 * stands in until that is fixed.
 */
import type { SourcePosition } from '../errors/ssa-error.js';
import { getKey, isList, isMap, type ValueMap } from '../value/value.js';
import { type DocSegment, readYamlDocuments, type YamlWarning } from './read-yaml.js';

export interface LocatedObject {
  readonly object: ValueMap;
  readonly source: SourcePosition;
  /** Position of a node inside this object. */
  positionOf(segs: readonly DocSegment[], at?: 'key' | 'value'): SourcePosition;
}

export function readObjects(text: string, file: string): { objects: LocatedObject[]; warnings: YamlWarning[]; skipped: SourcePosition[] } {
  const objects: LocatedObject[] = [];
  const warnings: YamlWarning[] = [];
  const skipped: SourcePosition[] = [];
  for (const doc of readYamlDocuments(text, file)) {
    warnings.push(...doc.warnings);
    const v = doc.value;
    const items = isMap(v) ? getKey(v, 'items') : undefined;
    const kind = isMap(v) ? getKey(v, 'kind') : undefined;
    if (isMap(v) && typeof kind === 'string' && kind.endsWith('List') && isList(items)) {
      items.forEach((item, i) => {
        if (!isMap(item)) {
          skipped.push(doc.positionOf(['items', i]));
          return;
        }
        objects.push({ object: item, source: doc.positionOf(['items', i]), positionOf: (segs, at) => doc.positionOf(['items', i, ...segs], at) });
      });
    } else if (isMap(v)) {
      objects.push({ object: v, source: doc.positionOf([]), positionOf: (segs, at) => doc.positionOf(segs, at) });
    } else {
      skipped.push(doc.positionOf([]));
    }
  }
  return { objects, warnings, skipped };
}
