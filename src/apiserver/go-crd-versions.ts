/**
 * A v1 CRD's `spec.versions` as Go's `%#v` prints the internal
 * `[]apiextensions.CustomResourceDefinitionVersion` that validateCustomResourceDefinitionSpec
 * hands to field.Invalid (`must contain unique version names`, `must have exactly one version
 * marked as storage version`). Facts (k8s.io/apiextensions-apiserver v0.32.9):
 *
 * - the internal struct's fields, in order: Name, Served, Storage, Deprecated,
 *   DeprecationWarning (*string), Schema (*CustomResourceValidation), Subresources
 *   (*CustomResourceSubresources), AdditionalPrinterColumns ([]CustomResourceColumnDefinition:
 *   Name, Type, Format, Description, Priority int32, JSONPath), SelectableFields
 *   ([]SelectableField: JSONPath) (pkg/apis/apiextensions/types.go);
 * - the v1 -> internal conversion moves a schema, subresources, columns or selectable fields that
 *   every version shares to the spec and leaves them nil in each version
 *   (pkg/apis/apiextensions/v1/conversion.go);
 * - `%#v` writes a nil pointer inside a struct as `(*T)(nil)` and a set one as `(*T)(0xc...)`, a
 *   memory address no two runs share. Such a value cannot be matched; it is written
 *   `[]apiextensions.CustomResourceDefinitionVersion{...}`, as other structs with pointers are here.
 */
import { goQuote } from '../fieldpath/format-go-value.js';
import { getKey, isMap, type Value, type ValueMap } from '../value/value.js';

const TYPE = 'apiextensions.CustomResourceDefinitionVersion';

/** Which per-version fields every version shares (so the conversion moved them to the spec). */
export interface SharedVersionFields {
  readonly schema: boolean;
  readonly subresources: boolean;
  readonly columns: boolean;
  readonly selectableFields: boolean;
}

const str = (v: Value | undefined): string => goQuote(typeof v === 'string' ? v : '');
const isSet = (v: Value | undefined): boolean => v !== undefined && v !== null;
const int = (v: Value | undefined): string => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : '0');

/** A slice of structs: `[]T(nil)` when absent, `[]T{T{...}, ...}` otherwise. */
function structSlice(type: string, v: Value | undefined, item: (m: ValueMap) => string): string {
  if (!Array.isArray(v)) return `[]${type}(nil)`;
  return `[]${type}{${v.map((x) => `${type}{${item(isMap(x) ? x : ({} as ValueMap))}}`).join(', ')}}`;
}

const column = (c: ValueMap): string =>
  `Name:${str(getKey(c, 'name'))}, Type:${str(getKey(c, 'type'))}, Format:${str(getKey(c, 'format'))}, ` +
  `Description:${str(getKey(c, 'description'))}, Priority:${int(getKey(c, 'priority'))}, JSONPath:${str(getKey(c, 'jsonPath'))}`;

/** One version, or undefined when Go would print a pointer's address in it. */
function goVersion(v: ValueMap, shared: SharedVersionFields): string | undefined {
  const schema = shared.schema ? undefined : getKey(v, 'schema');
  const subresources = shared.subresources ? undefined : getKey(v, 'subresources');
  if (isSet(getKey(v, 'deprecationWarning')) || isSet(schema) || isSet(subresources)) return undefined;
  const columns = shared.columns ? undefined : getKey(v, 'additionalPrinterColumns');
  const selectable = shared.selectableFields ? undefined : getKey(v, 'selectableFields');
  return (
    `${TYPE}{Name:${str(getKey(v, 'name'))}, Served:${getKey(v, 'served') === true}, Storage:${getKey(v, 'storage') === true}, ` +
    `Deprecated:${getKey(v, 'deprecated') === true}, DeprecationWarning:(*string)(nil), ` +
    'Schema:(*apiextensions.CustomResourceValidation)(nil), Subresources:(*apiextensions.CustomResourceSubresources)(nil), ' +
    `AdditionalPrinterColumns:${structSlice('apiextensions.CustomResourceColumnDefinition', columns, column)}, ` +
    `SelectableFields:${structSlice('apiextensions.SelectableField', selectable, (f) => `JSONPath:${str(getKey(f, 'jsonPath'))}`)}}`
  );
}

/** `spec.versions` as field.Error prints it (`[]T(nil)` when absent, `[]T{...}` when a pointer's address would show). */
export function goCrdVersions(versions: Value | undefined, shared: SharedVersionFields): string {
  if (!Array.isArray(versions)) return `[]${TYPE}(nil)`;
  const each = versions.map((v) => goVersion(isMap(v) ? v : ({} as ValueMap), shared));
  if (each.some((s) => s === undefined)) return `[]${TYPE}{...}`;
  return `[]${TYPE}{${each.join(', ')}}`;
}
