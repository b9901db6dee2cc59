/**
 * The Table columns apiextensions-apiserver serves for a custom resource (facts from
 * k8s.io/apiextensions-apiserver 1.32, pkg/registry/customresource/tableconvertor and
 * GetColumnsForVersion):
 *
 * - `Name` first (`string`, format `name`, ObjectMeta's description of `name`), then the CRD
 *   version's `additionalPrinterColumns` in order, each with its type, format and priority and
 *   its description, or `Custom resource definition column (in JSONPath format): PATH`;
 * - a version without columns gets one: `Age`, a `date` of `.metadata.creationTimestamp` with
 *   ObjectMeta's description of `creationTimestamp`;
 * - a column whose JSONPath does not parse ends the list there (the server keeps the columns
 *   read before it);
 * - a cell is the path's first result: for a `string` column printed as JSONPath prints it
 *   (text as is, numbers as Go's `%v`, maps and lists as compact JSON, null as `<no value>`);
 *   otherwise kept when it has the column's type (`integer` truncates a float, `number` takes an
 *   integer), a `date` as its age (`<invalid>` when it is not an RFC 3339 time); anything else,
 *   or no result, is an empty cell (null).
 */
import { encodeGoJson } from '../fieldpath/json-text.js';
import { formatGoNumber } from '../fieldpath/format-go-value.js';
import type { PrinterColumn } from '../schema/schema-catalog.js';
import { isList, isMap, type Value, type ValueMap } from '../value/value.js';
import { humanDuration } from './human-duration.js';
import { compileJsonPath } from './jsonpath.js';
import { getPath } from './object-paths.js';

/** ObjectMeta's descriptions (its SwaggerDoc) that Tables use for the Name and Age columns. */
export const OBJECT_META_DESCRIPTIONS = {
  name: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  creationTimestamp:
    'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
} as const;

export interface TableColumn {
  readonly name: string;
  readonly type: string;
  readonly format: string;
  readonly description: string;
  readonly priority: number;
  /** The cell of an object at time `now` (ms since the epoch). */
  readonly cell: (obj: ValueMap, now: number) => Value;
}

const DEFAULT_COLUMNS: readonly PrinterColumn[] = [
  { name: 'Age', type: 'date', format: '', description: OBJECT_META_DESCRIPTIONS.creationTimestamp, priority: 0, jsonPath: '.metadata.creationTimestamp' },
];

const NAME_COLUMN: TableColumn = {
  name: 'Name',
  type: 'string',
  format: 'name',
  description: OBJECT_META_DESCRIPTIONS.name,
  priority: 0,
  cell: (o) => {
    const name = getPath(o, ['metadata', 'name']);
    return typeof name === 'string' ? name : '';
  },
};

/** `%v` of a value as JSONPath prints one result. */
function printed(v: Value): string {
  if (v === null) return '<no value>';
  if (isMap(v) || isList(v)) return encodeGoJson(v);
  if (typeof v === 'number' || typeof v === 'bigint') return formatGoNumber(v);
  return String(v);
}

/** An RFC 3339 time's age, as metav1.Time reads a query parameter and the Table prints a date. */
function age(text: string, now: number): string {
  if (text === '') return '<unknown>';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return '<invalid>';
  const t = Date.parse(text);
  return Number.isNaN(t) ? '<invalid>' : humanDuration(now - t);
}

function typedCell(type: string, v: Value, now: number): Value {
  switch (type) {
    case 'integer':
      if (typeof v === 'bigint') return v;
      return typeof v === 'number' ? Math.trunc(v) : null;
    case 'number':
      return typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : null;
    case 'date':
      return typeof v === 'string' ? age(v, now) : null;
  }
  return null;
}

/** The columns of a custom resource's Table at a version whose CRD gives `columns`. */
export function customResourceColumns(columns: readonly PrinterColumn[] | undefined): TableColumn[] {
  const out: TableColumn[] = [NAME_COLUMN];
  for (const c of columns && columns.length > 0 ? columns : DEFAULT_COLUMNS) {
    const path = compileJsonPath(c.jsonPath);
    if ('error' in path) break;
    out.push({
      name: c.name,
      type: c.type,
      format: c.format,
      description: c.description !== '' ? c.description : `Custom resource definition column (in JSONPath format): ${c.jsonPath}`,
      priority: c.priority,
      cell: (o, now) => {
        const v = path.first(o);
        if (v === undefined) return null;
        return c.type === 'string' ? printed(v) : typedCell(c.type, v, now);
      },
    });
  }
  return out;
}
