/**
 * YAML 1.1 scalars as Go's yaml.v2 reads them (behind sigs.k8s.io/yaml, i.e. as Kubernetes reads
 * manifests and the Go schema loader reads schema files):
 *
 * - `no`, `off`, `n` are false, `yes`, `on`, `y` true, `0777` is octal, `~` null.
 * - Timestamps, sexagesimal numbers (`1:30`), `!!binary`, `!!omap`, `!!pairs` and `!!set` stay what
 *   they are written as: yaml.v2 does not turn them into values when decoding into plain data.
 * - A plain scalar is a number only when it has a digit: `.` (the key of every FieldsV1 node,
 *   `.: {}`), `-.` or `.e3` stay strings, where the `yaml` package's YAML 1.1 patterns read NaN.
 *
 * Plain booleans and leading-zero octals are where YAML 1.1 and YAML 1.2 (most editors, the `yaml`
 * npm default) disagree; `noteOf` describes them so that readers can warn about them.
 */
import type { Scalar, ScalarTag, Tags } from 'yaml';
import { fitsInt64, intValue, type Value } from '../value/value.js';

const DROPPED_TAGS = new Set([
  'tag:yaml.org,2002:timestamp',
  'tag:yaml.org,2002:binary',
  'tag:yaml.org,2002:omap',
  'tag:yaml.org,2002:pairs',
  'tag:yaml.org,2002:set',
]);

/** The `yaml` package's options for YAML 1.1 as Go's yaml.v2 reads it (repeated keys are errors). */
export const YAML11_OPTIONS = {
  version: '1.1',
  schema: 'yaml-1.1',
  customTags: yaml11Tags,
  uniqueKeys: true,
  prettyErrors: false,
  intAsBigInt: true,
} as const;

/** YAML 1.1 tags, less those yaml.v2 does not turn into values when decoding into plain data. */
export function yaml11Tags(tags: Tags): Tags {
  return tags
    .filter((t) => {
      if (typeof t === 'string') return true;
      if (DROPPED_TAGS.has(t.tag)) return false;
      return !('format' in t && t.format === 'TIME'); // sexagesimal 1:30 stays a string
    })
    .map((t) => (typeof t !== 'string' && t.tag === 'tag:yaml.org,2002:int' && 'resolve' in t ? lenientInt(t as ScalarTag) : t));
}

/**
 * An int tag whose digits BigInt refuses (`0x_` is `0x` once underscores go) gives the text back:
 * yaml.v2 reads no number in it either, so it is a string.
 */
function lenientInt(t: ScalarTag): ScalarTag {
  const resolve = t.resolve;
  return {
    ...t,
    resolve: (source, onError, options) => {
      try {
        return resolve(source, onError, options);
      } catch {
        return source;
      }
    },
  };
}

const GO_INT = /^[-+]?(?:0b[01]+|0x[0-9a-fA-F]+|0o?[0-7]+|[0-9]+)$/;
const GO_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const GO_INF_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;

/**
 * The scalar's value, except for plain scalars the `yaml` package's YAML 1.1 number rules read as
 * numbers but Go's yaml.v2 does not (`.` is NaN for the former, the string "." for the latter).
 *
 * Numbers end as Kubernetes has them after sigs.k8s.io/yaml: yaml.v2 reads an integer as int64,
 * uint64 or else float64, the result is written as JSON and read back as an int64 when the JSON
 * text is an integer that fits, else as a float64. So an integer beyond int64 is a float64, and a
 * whole float64 below 2^63 in magnitude (`1e16`, `-9223372036854775809` rounded to -2^63) is an int.
 */
export function goYamlScalar(node: Pick<Scalar, 'value' | 'type' | 'source'>): unknown {
  const v = node.value;
  if ((typeof v !== 'number' && typeof v !== 'bigint') || node.type !== 'PLAIN') return goYamlNumber(v);
  const src = String(node.source ?? '').replace(/_/g, '');
  if (GO_INT.test(src) || GO_FLOAT.test(src) || GO_INF_NAN.test(src)) return goYamlNumber(v);
  return String(node.source ?? v);
}

const TWO_63 = 2 ** 63;

function goYamlNumber(v: unknown): unknown {
  if (typeof v === 'bigint') {
    if (fitsInt64(v)) return v;
    v = Number(v);
  }
  if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) && v >= -TWO_63 && v < TWO_63) return BigInt(v);
  return v;
}

/**
 * A decoded scalar as a Value: ints as `intValue` has them (a bigint beyond 2^53, see value.ts),
 * integers beyond int64 as float64s, a merge key's symbol as its text `<<`.
 */
export function scalarValue(v: unknown): Value {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
    case 'number':
      return v;
    case 'bigint':
      return fitsInt64(v) ? intValue(v) : Number(v);
    case 'symbol':
      return v.description ?? '';
    default:
      return v instanceof Date ? v.toISOString() : String(v);
  }
}

/** A plain scalar whose type depends on the YAML version it is read with. */
export interface ScalarNote {
  /** A boolean (`no`, `on`, `true`), or a number written with a leading zero (`0777`). */
  readonly kind: 'boolean' | 'octal';
  /** The scalar as written. */
  readonly text: string;
  /** What YAML 1.1 reads it as. */
  readonly value: boolean | number;
  /** YAML 1.2 reads it otherwise: `no`, `on`, `y` as strings, `0777` as 777 (not `true`/`false`). */
  readonly yaml11Only: boolean;
}

const YAML11_ONLY_BOOLEANS = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;
const YAML11_OCTAL = /^[-+]?0[0-7_]+$/;

/** The note for a plain scalar read (with YAML 1.1) as `value`, if it needs one. */
export function noteOf(node: Pick<Scalar, 'type' | 'source'>, value: unknown): ScalarNote | undefined {
  if (node.type !== 'PLAIN' || typeof node.source !== 'string') return undefined;
  const text = node.source;
  if (typeof value === 'boolean') return { kind: 'boolean', text, value, yaml11Only: YAML11_ONLY_BOOLEANS.test(text) };
  if ((typeof value === 'number' || typeof value === 'bigint') && YAML11_OCTAL.test(text) && text.replace(/[-+_]/g, '') !== '0') {
    return { kind: 'octal', text, value: Number(value), yaml11Only: true };
  }
  return undefined;
}
