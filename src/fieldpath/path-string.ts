import { formatGoValue } from './format-go-value.js';
import { type Path, type PathElement, PeKind } from './path-element.js';

/**
 * The reference's `PathElement.String()`: `.name`, `[k1=v1,k2=v2]` (key fields in name order),
 * `[=v]`, `[3]`. Names are written verbatim; values as Go's `fmt` prints them — numbers of an
 * element read from FieldsV1 as the float64s they are there (`[port=1e+06]`).
 */
export function pathElementToString(pe: PathElement): string {
  switch (pe.kind) {
    case PeKind.Field:
      return '.' + pe.name;
    case PeKind.Key: {
      let out = '[';
      for (let i = 0; i < pe.fields.length; i++) {
        const f = pe.fields[i];
        out += (i > 0 ? ',' : '') + f.name + '=' + formatGoValue(f.value, pe.fromJson);
      }
      return out + ']';
    }
    case PeKind.Value:
      return '[=' + formatGoValue(pe.value, pe.fromJson) + ']';
    case PeKind.Index:
      return '[' + formatGoValue(pe.index) + ']';
  }
}

/** The reference's `Path.String()`: the elements' strings concatenated (`''` for the root). */
export function pathToString(path: Path): string {
  let out = '';
  for (const pe of path) out += pathElementToString(pe);
  return out;
}
