/**
 * HorizontalPodAutoscaler between autoscaling/v1 and autoscaling/v2, as kube-apiserver 1.32
 * converts it through its internal type, whose shape is v2's (facts from kubernetes/kubernetes
 * pkg/apis/autoscaling/v1/conversion.go, pkg/apis/autoscaling/annotations.go and
 * pkg/apis/autoscaling/v2/conversion.go):
 *
 * - v1's `spec.targetCPUUtilizationPercentage` is a `Resource` metric on `cpu` with a
 *   `Utilization` target; v2 → v1 takes the first `cpu` Resource metric's utilization (none when
 *   that metric targets a value). `status.currentCPUUtilizationPercentage` is a `cpu` Resource
 *   current metric the same way (v2 → v1 takes the last one with a utilization).
 * - What v1 cannot hold travels in annotations of the v1 object: the metrics other than the cpu
 *   utilization target (`autoscaling.alpha.kubernetes.io/metrics`, as v1 MetricSpecs), every
 *   current metric (`.../current-metrics`, as v1 MetricStatuses), the conditions
 *   (`.../conditions`) and the behavior (`.../behavior`, written from the internal Go type,
 *   which has no JSON tags: `ScaleUp`, `StabilizationWindowSeconds`, ...). v1 → v2 reads them
 *   back (a value that does not decode is ignored, as the server keeps only well-formed data)
 *   and removes them; v2 never shows them (either way they are dropped).
 * - v1 → v2 puts the annotation's metrics first and the cpu target last, and when that leaves
 *   no metric at all adds the `cpu` 80% utilization metric (v1's implicit default).
 *
 * Annotation values are the bytes Go's `json.Marshal` writes for those structs: fields in the
 * order the Go types declare them, `omitempty` fields left out when empty, a Quantity that is not
 * a pointer written `"0"` when absent. The behavior's `tolerance` (newer than 1.32) is not carried.
 */
import { formatGoJsonNumber, jsonQuoteHtml } from '../fieldpath/json-text.js';
import { getKey, isMap, isNumber, newMap, type Value, type ValueMap } from '../value/value.js';
import { mapsAt, parseJson } from './object-paths.js';

export const METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/metrics';
export const CURRENT_METRICS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/current-metrics';
export const CONDITIONS_ANNOTATION = 'autoscaling.alpha.kubernetes.io/conditions';
export const BEHAVIOR_ANNOTATION = 'autoscaling.alpha.kubernetes.io/behavior';
const ROUND_TRIP_ANNOTATIONS = [METRICS_ANNOTATION, BEHAVIOR_ANNOTATION, CURRENT_METRICS_ANNOTATION, CONDITIONS_ANNOTATION];

/** autoscaling.DefaultCPUUtilization: v1's implicit target when an HPA has no metric at all. */
const DEFAULT_CPU_UTILIZATION = 80;

// ------------------------------------------------------------------------------------------------
// Small builders

type Entry = readonly [string, Value | undefined];

/** A map of the entries whose value is defined, in the order given (Go's field order). */
function struct(...entries: Entry[]): ValueMap {
  const out = newMap();
  for (const [k, v] of entries) if (v !== undefined) out[k] = v;
  return out;
}

function mapAt(m: ValueMap | undefined, key: string): ValueMap | undefined {
  const v = m ? getKey(m, key) : undefined;
  return isMap(v) ? v : undefined;
}

/** The value under `key` unless absent or null (a Go pointer that is nil). */
function present(m: ValueMap | undefined, key: string): Value | undefined {
  const v = m ? getKey(m, key) : undefined;
  return v === null ? undefined : v;
}

/** A string field that Go writes even when empty. */
const text = (m: ValueMap | undefined, key: string): string => {
  const v = present(m, key);
  return typeof v === 'string' ? v : '';
};

/** An `omitempty` string: absent when empty. */
const optionalText = (m: ValueMap | undefined, key: string): string | undefined => text(m, key) || undefined;

/** A Quantity pointer: absent when nil, else written as its text (Go marshals a Quantity as a string). */
const optionalQuantity = (m: ValueMap | undefined, key: string): Value | undefined => {
  const v = present(m, key);
  return isNumber(v) ? String(v) : v;
};

/** A Quantity that is not a pointer: Go writes its zero value as "0". */
const quantity = (m: ValueMap | undefined, key: string): Value => optionalQuantity(m, key) ?? '0';

/** An int32 that is not a pointer. */
const int = (m: ValueMap | undefined, key: string): Value => {
  const v = present(m, key);
  return isNumber(v) ? v : 0;
};

const list = (m: ValueMap | undefined, key: string): ValueMap[] => mapsAt(m, [key]);

// ------------------------------------------------------------------------------------------------
// v2 → v1 pieces (the v1 structs of the annotations)

function crossVersionReference(ref: ValueMap | undefined): ValueMap {
  return struct(['kind', text(ref, 'kind')], ['name', text(ref, 'name')], ['apiVersion', optionalText(ref, 'apiVersion')]);
}

/**
 * A v2 resource or container resource source as its v1 struct: `target` for a spec, `current` for
 * a status, whose average value v1 never omits (a Quantity, not a pointer to one).
 */
function resourceToV1(s: ValueMap, side: 'target' | 'current', container: boolean): ValueMap {
  const values = mapAt(s, side);
  return struct(
    ['name', text(s, 'name')],
    [`${side}AverageUtilization`, present(values, 'averageUtilization')],
    [`${side}AverageValue`, side === 'target' ? optionalQuantity(values, 'averageValue') : quantity(values, 'averageValue')],
    ['container', container ? text(s, 'container') : undefined],
  );
}

const V1_METRIC_SPEC: readonly (readonly [string, (source: ValueMap) => ValueMap])[] = [
  [
    'object',
    (s) =>
      struct(
        ['target', crossVersionReference(mapAt(s, 'describedObject'))],
        ['metricName', text(mapAt(s, 'metric'), 'name')],
        ['targetValue', quantity(mapAt(s, 'target'), 'value')],
        ['selector', present(mapAt(s, 'metric'), 'selector')],
        ['averageValue', optionalQuantity(mapAt(s, 'target'), 'averageValue')],
      ),
  ],
  [
    'pods',
    (s) =>
      struct(
        ['metricName', text(mapAt(s, 'metric'), 'name')],
        ['targetAverageValue', quantity(mapAt(s, 'target'), 'averageValue')],
        ['selector', present(mapAt(s, 'metric'), 'selector')],
      ),
  ],
  ['resource', (s) => resourceToV1(s, 'target', false)],
  ['containerResource', (s) => resourceToV1(s, 'target', true)],
  [
    'external',
    (s) =>
      struct(
        ['metricName', text(mapAt(s, 'metric'), 'name')],
        ['metricSelector', present(mapAt(s, 'metric'), 'selector')],
        ['targetValue', optionalQuantity(mapAt(s, 'target'), 'value')],
        ['targetAverageValue', optionalQuantity(mapAt(s, 'target'), 'averageValue')],
      ),
  ],
];

const V1_METRIC_STATUS: readonly (readonly [string, (source: ValueMap) => ValueMap])[] = [
  [
    'object',
    (s) =>
      struct(
        ['target', crossVersionReference(mapAt(s, 'describedObject'))],
        ['metricName', text(mapAt(s, 'metric'), 'name')],
        ['currentValue', quantity(mapAt(s, 'current'), 'value')],
        ['selector', present(mapAt(s, 'metric'), 'selector')],
        ['averageValue', optionalQuantity(mapAt(s, 'current'), 'averageValue')],
      ),
  ],
  [
    'pods',
    (s) =>
      struct(
        ['metricName', text(mapAt(s, 'metric'), 'name')],
        ['currentAverageValue', quantity(mapAt(s, 'current'), 'averageValue')],
        ['selector', present(mapAt(s, 'metric'), 'selector')],
      ),
  ],
  ['resource', (s) => resourceToV1(s, 'current', false)],
  ['containerResource', (s) => resourceToV1(s, 'current', true)],
  [
    'external',
    (s) =>
      struct(
        ['metricName', text(mapAt(s, 'metric'), 'name')],
        ['metricSelector', present(mapAt(s, 'metric'), 'selector')],
        ['currentValue', quantity(mapAt(s, 'current'), 'value')],
        ['currentAverageValue', optionalQuantity(mapAt(s, 'current'), 'averageValue')],
      ),
  ],
];

/** A v2 MetricSpec or MetricStatus as its v1 struct: the type, then each source that is set. */
function metricToV1(metric: ValueMap, sources: typeof V1_METRIC_SPEC): ValueMap {
  const out = struct(['type', text(metric, 'type')]);
  for (const [key, convert] of sources) {
    const source = mapAt(metric, key);
    if (source) out[key] = convert(source);
  }
  return out;
}

function conditionToV1(c: ValueMap): ValueMap {
  return struct(
    ['type', text(c, 'type')],
    ['status', text(c, 'status')],
    // A Time struct is never empty to Go's omitempty: its zero value is written as null.
    ['lastTransitionTime', present(c, 'lastTransitionTime') ?? null],
    ['reason', optionalText(c, 'reason')],
    ['message', optionalText(c, 'message')],
  );
}

/** The internal HPAScalingRules: Go field names, nil pointers and slices as null. */
function internalRules(rules: ValueMap | undefined): Value {
  if (!rules) return null;
  const policies = present(rules, 'policies');
  return struct(
    ['StabilizationWindowSeconds', present(rules, 'stabilizationWindowSeconds') ?? null],
    ['SelectPolicy', present(rules, 'selectPolicy') ?? null],
    [
      'Policies',
      Array.isArray(policies)
        ? policies.filter(isMap).map((p) => struct(['Type', text(p, 'type')], ['Value', int(p, 'value')], ['PeriodSeconds', int(p, 'periodSeconds')]))
        : null,
    ],
  );
}

/** Compact JSON in each map's own key order, as Go's encoder writes a struct (`<`, `>`, `&` escaped). */
export function encodeGoStruct(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return jsonQuoteHtml(v);
  if (typeof v === 'number' || typeof v === 'bigint') return formatGoJsonNumber(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return `[${v.map(encodeGoStruct).join(',')}]`;
  return `{${Object.keys(v)
    .map((k) => `${jsonQuoteHtml(k)}:${encodeGoStruct(v[k])}`)
    .join(',')}}`;
}

// ------------------------------------------------------------------------------------------------
// v1 → v2 pieces (reading the annotations back)

/** A value that does not decode into the Go type: the annotation holding it is ignored. */
class Malformed extends Error {}

/** `key` as Go's decoder finds a struct field: the exact name first, else any case. */
function field(m: ValueMap, key: string): Value | undefined {
  const exact = present(m, key);
  if (exact !== undefined) return exact;
  const lower = key.toLowerCase();
  for (const k of Object.keys(m)) if (k.toLowerCase() === lower && m[k] !== null) return m[k];
  return undefined;
}

function fieldOf<T extends Value>(m: ValueMap | undefined, key: string, is: (v: Value) => v is T): T | undefined {
  if (!m) return undefined;
  const v = field(m, key);
  if (v === undefined) return undefined;
  if (!is(v)) throw new Malformed(key);
  return v;
}

const isString = (v: Value): v is string => typeof v === 'string';
const isNum = (v: Value): v is number | bigint => isNumber(v);
/** A Quantity: Go reads a JSON string or number. */
const isQuantity = (v: Value): v is string | number | bigint => typeof v === 'string' || isNumber(v);
const isObject = (v: Value): v is ValueMap => isMap(v);
const isArray = (v: Value): v is Value[] => Array.isArray(v);

const strField = (m: ValueMap | undefined, key: string) => fieldOf(m, key, isString) ?? '';
const qtyField = (m: ValueMap | undefined, key: string) => fieldOf(m, key, isQuantity);
const numField = (m: ValueMap | undefined, key: string) => fieldOf(m, key, isNum);
const mapField = (m: ValueMap | undefined, key: string) => fieldOf(m, key, isObject);

function reference(ref: ValueMap | undefined): ValueMap {
  return struct(['kind', strField(ref, 'kind')], ['name', strField(ref, 'name')], ['apiVersion', fieldOf(ref, 'apiVersion', isString) || undefined]);
}

function metricIdentifier(name: string, selector: ValueMap | undefined): ValueMap {
  return struct(['name', name], ['selector', selector]);
}

const V2_METRIC_SPEC: readonly (readonly [string, (source: ValueMap) => ValueMap])[] = [
  [
    'object',
    (s) => {
      const average = qtyField(s, 'averageValue');
      return struct(
        ['describedObject', reference(mapField(s, 'target'))],
        ['target', struct(['type', average === undefined ? 'Value' : 'AverageValue'], ['value', qtyField(s, 'targetValue') ?? '0'], ['averageValue', average])],
        ['metric', metricIdentifier(strField(s, 'metricName'), mapField(s, 'selector'))],
      );
    },
  ],
  [
    'pods',
    (s) =>
      struct(
        ['metric', metricIdentifier(strField(s, 'metricName'), mapField(s, 'selector'))],
        ['target', struct(['type', 'AverageValue'], ['averageValue', qtyField(s, 'targetAverageValue') ?? '0'])],
      ),
  ],
  ['resource', (s) => resourceSource(s, false)],
  ['containerResource', (s) => resourceSource(s, true)],
  [
    'external',
    (s) => {
      const value = qtyField(s, 'targetValue');
      return struct(
        ['metric', metricIdentifier(strField(s, 'metricName'), mapField(s, 'metricSelector'))],
        ['target', struct(['type', value === undefined ? 'AverageValue' : 'Value'], ['value', value], ['averageValue', qtyField(s, 'targetAverageValue')])],
      );
    },
  ],
];

function resourceSource(s: ValueMap, container: boolean): ValueMap {
  const utilization = numField(s, 'targetAverageUtilization');
  return struct(
    ['name', strField(s, 'name')],
    ['target', struct(['type', utilization === undefined ? 'AverageValue' : 'Utilization'], ['averageValue', qtyField(s, 'targetAverageValue')], ['averageUtilization', utilization])],
    ['container', container ? strField(s, 'container') : undefined],
  );
}

const V2_METRIC_STATUS: readonly (readonly [string, (source: ValueMap) => ValueMap])[] = [
  [
    'object',
    (s) =>
      struct(
        ['metric', metricIdentifier(strField(s, 'metricName'), mapField(s, 'selector'))],
        ['current', struct(['value', qtyField(s, 'currentValue') ?? '0'], ['averageValue', qtyField(s, 'averageValue')])],
        ['describedObject', reference(mapField(s, 'target'))],
      ),
  ],
  [
    'pods',
    (s) =>
      struct(['metric', metricIdentifier(strField(s, 'metricName'), mapField(s, 'selector'))], ['current', struct(['averageValue', qtyField(s, 'currentAverageValue') ?? '0'])]),
  ],
  ['resource', (s) => resourceStatus(s, false)],
  ['containerResource', (s) => resourceStatus(s, true)],
  [
    'external',
    (s) =>
      struct(
        ['metric', metricIdentifier(strField(s, 'metricName'), mapField(s, 'metricSelector'))],
        ['current', struct(['value', qtyField(s, 'currentValue') ?? '0'], ['averageValue', qtyField(s, 'currentAverageValue')])],
      ),
  ],
];

function resourceStatus(s: ValueMap, container: boolean): ValueMap {
  return struct(
    ['name', strField(s, 'name')],
    ['current', struct(['averageValue', qtyField(s, 'currentAverageValue') ?? '0'], ['averageUtilization', numField(s, 'currentAverageUtilization')])],
    ['container', container ? strField(s, 'container') : undefined],
  );
}

function metricFromV1(metric: Value, sources: typeof V2_METRIC_SPEC): ValueMap {
  if (!isMap(metric)) throw new Malformed('metric');
  const out = struct(['type', strField(metric, 'type')]);
  for (const [key, convert] of sources) {
    const source = mapField(metric, key);
    if (source) out[key] = convert(source);
  }
  return out;
}

function conditionFromV1(c: Value): ValueMap {
  if (!isMap(c)) throw new Malformed('condition');
  return struct(
    ['type', strField(c, 'type')],
    ['status', strField(c, 'status')],
    ['lastTransitionTime', fieldOf(c, 'lastTransitionTime', isString) ?? null],
    ['reason', fieldOf(c, 'reason', isString) || undefined],
    ['message', fieldOf(c, 'message', isString) || undefined],
  );
}

function rulesFromInternal(rules: ValueMap | undefined): ValueMap | undefined {
  if (!rules) return undefined;
  const policies = fieldOf(rules, 'Policies', isArray);
  return struct(
    ['stabilizationWindowSeconds', numField(rules, 'StabilizationWindowSeconds')],
    ['selectPolicy', fieldOf(rules, 'SelectPolicy', isString)],
    [
      'policies',
      policies?.map((p) => {
        if (!isMap(p)) throw new Malformed('policy');
        return struct(['type', strField(p, 'Type')], ['value', numField(p, 'Value') ?? 0], ['periodSeconds', numField(p, 'PeriodSeconds') ?? 0]);
      }),
    ],
  );
}

/** The decoded annotation, or undefined when it is absent or does not decode. */
function fromAnnotation<T>(annotations: ValueMap | undefined, key: string, decode: (v: Value) => T): T | undefined {
  const raw = annotations ? getKey(annotations, key) : undefined;
  if (typeof raw !== 'string') return undefined;
  try {
    return decode(parseJson(raw));
  } catch {
    return undefined; // not JSON, or not the Go type's shape: only well-formed data moves
  }
}

function listOf<T>(decodeItem: (v: Value) => T): (v: Value) => T[] {
  return (v) => {
    if (v === null) return [];
    if (!Array.isArray(v)) throw new Malformed('list');
    return v.map(decodeItem);
  };
}

// ------------------------------------------------------------------------------------------------
// The objects

function isCpuResource(metric: ValueMap): boolean {
  return text(metric, 'type') === 'Resource' && text(mapAt(metric, 'resource'), 'name') === 'cpu';
}

function cpuUtilizationMetric(utilization: Value): ValueMap {
  return struct(['type', 'Resource'], ['resource', struct(['name', 'cpu'], ['target', struct(['type', 'Utilization'], ['averageUtilization', utilization])])]);
}

/** `annotations` without the four that carry v2 data through v1 (undefined when none is left). */
function withoutRoundTrip(annotations: ValueMap | undefined): ValueMap | undefined {
  if (!annotations) return undefined;
  const out = newMap();
  for (const k of Object.keys(annotations)) if (!ROUND_TRIP_ANNOTATIONS.includes(k)) out[k] = annotations[k];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `obj` with `metadata.annotations` replaced (removed when undefined); the same object when nothing changes. */
function withAnnotations(obj: ValueMap, annotations: ValueMap | undefined): ValueMap {
  const meta = mapAt(obj, 'metadata');
  const before = mapAt(meta, 'annotations');
  if (before === annotations || (!meta && !annotations)) return obj;
  const m = newMap();
  for (const k of Object.keys(meta ?? {})) if (k !== 'annotations') m[k] = meta![k];
  if (annotations) m.annotations = annotations;
  const out = newMap();
  for (const k of Object.keys(obj)) out[k] = k === 'metadata' ? m : obj[k];
  if (!meta) out.metadata = m;
  return out;
}

/** A v2 object without the annotations only v1 uses (v2 ↔ internal drops them both ways). */
export function hpaWithoutRoundTripAnnotations(obj: ValueMap): ValueMap {
  const annotations = mapAt(mapAt(obj, 'metadata'), 'annotations');
  if (!annotations || !ROUND_TRIP_ANNOTATIONS.some((k) => getKey(annotations, k) !== undefined)) return obj;
  return withAnnotations(obj, withoutRoundTrip(annotations));
}

/** An autoscaling/v2 HorizontalPodAutoscaler as autoscaling/v1 shows it. */
export function hpaV2ToV1(obj: ValueMap): ValueMap {
  const spec = mapAt(obj, 'spec');
  const status = mapAt(obj, 'status');
  const metrics = list(spec, 'metrics');
  const currentMetrics = list(status, 'currentMetrics');
  const conditions = list(status, 'conditions');
  const behavior = mapAt(spec, 'behavior');

  const annotations = withoutRoundTrip(mapAt(mapAt(obj, 'metadata'), 'annotations')) ?? newMap();
  const others = metrics.filter((m) => !(isCpuResource(m) && present(mapAt(mapAt(m, 'resource'), 'target'), 'averageUtilization') !== undefined));
  if (others.length > 0) annotations[METRICS_ANNOTATION] = encodeGoStruct(others.map((m) => metricToV1(m, V1_METRIC_SPEC)));
  if (currentMetrics.length > 0) annotations[CURRENT_METRICS_ANNOTATION] = encodeGoStruct(currentMetrics.map((m) => metricToV1(m, V1_METRIC_STATUS)));
  if (behavior) {
    annotations[BEHAVIOR_ANNOTATION] = encodeGoStruct(
      struct(['ScaleUp', internalRules(mapAt(behavior, 'scaleUp'))], ['ScaleDown', internalRules(mapAt(behavior, 'scaleDown'))]),
    );
  }
  if (conditions.length > 0) annotations[CONDITIONS_ANNOTATION] = encodeGoStruct(conditions.map(conditionToV1));

  // The first cpu Resource metric decides the target; one without a utilization gives none.
  const cpu = metrics.find(isCpuResource);
  // Every cpu Resource current metric with a utilization is taken in turn: the last one stays.
  const currentCpu = currentMetrics.filter(isCpuResource).map((m) => present(mapAt(mapAt(m, 'resource'), 'current'), 'averageUtilization')).filter((u) => u !== undefined).pop();

  const out = newMap();
  for (const k of Object.keys(obj)) {
    if (k === 'spec' && spec) {
      out.spec = struct(
        ['scaleTargetRef', present(spec, 'scaleTargetRef')],
        ['minReplicas', present(spec, 'minReplicas')],
        ['maxReplicas', int(spec, 'maxReplicas')],
        ['targetCPUUtilizationPercentage', cpu ? present(mapAt(mapAt(cpu, 'resource'), 'target'), 'averageUtilization') : undefined],
      );
    } else if (k === 'status' && status) {
      out.status = struct(
        ['observedGeneration', present(status, 'observedGeneration')],
        ['lastScaleTime', present(status, 'lastScaleTime')],
        ['currentReplicas', int(status, 'currentReplicas')],
        ['desiredReplicas', int(status, 'desiredReplicas')],
        ['currentCPUUtilizationPercentage', currentCpu],
      );
    } else out[k] = obj[k];
  }
  out.apiVersion = 'autoscaling/v1';
  return withAnnotations(out, Object.keys(annotations).length > 0 ? annotations : undefined);
}

/** An autoscaling/v1 HorizontalPodAutoscaler as autoscaling/v2 holds it. */
export function hpaV1ToV2(obj: ValueMap): ValueMap {
  const spec = mapAt(obj, 'spec');
  const status = mapAt(obj, 'status');
  const annotations = mapAt(mapAt(obj, 'metadata'), 'annotations');

  const otherMetrics = fromAnnotation(annotations, METRICS_ANNOTATION, listOf((m) => metricFromV1(m, V2_METRIC_SPEC)));
  const target = present(spec, 'targetCPUUtilizationPercentage');
  let metrics = [...(otherMetrics ?? []), ...(target !== undefined ? [cpuUtilizationMetric(target)] : [])];
  if (metrics.length === 0) metrics = [cpuUtilizationMetric(DEFAULT_CPU_UTILIZATION)];
  const behaviorRules = fromAnnotation(annotations, BEHAVIOR_ANNOTATION, (v) => {
    if (!isMap(v)) throw new Malformed('behavior');
    return struct(['scaleUp', rulesFromInternal(mapField(v, 'ScaleUp'))], ['scaleDown', rulesFromInternal(mapField(v, 'ScaleDown'))]);
  });
  const behavior = behaviorRules && Object.keys(behaviorRules).length > 0 ? behaviorRules : undefined;

  const current = present(status, 'currentCPUUtilizationPercentage');
  const currentMetrics =
    fromAnnotation(annotations, CURRENT_METRICS_ANNOTATION, listOf((m) => metricFromV1(m, V2_METRIC_STATUS))) ??
    (current !== undefined ? [struct(['type', 'Resource'], ['resource', struct(['name', 'cpu'], ['current', struct(['averageUtilization', current])])])] : []);
  const conditions = fromAnnotation(annotations, CONDITIONS_ANNOTATION, listOf(conditionFromV1)) ?? [];

  const newSpec = struct(
    ['scaleTargetRef', present(spec, 'scaleTargetRef')],
    ['minReplicas', present(spec, 'minReplicas')],
    ['maxReplicas', int(spec, 'maxReplicas')],
    ['metrics', metrics],
    ['behavior', behavior],
  );
  const currentReplicas = int(status, 'currentReplicas');
  const newStatus = struct(
    ['observedGeneration', present(status, 'observedGeneration')],
    ['lastScaleTime', present(status, 'lastScaleTime')],
    // v2's currentReplicas is omitempty, its desiredReplicas is not.
    ['currentReplicas', currentReplicas === 0 ? undefined : currentReplicas],
    ['desiredReplicas', int(status, 'desiredReplicas')],
    // Go always writes v2's currentMetrics (null when there are none).
    ['currentMetrics', currentMetrics.length > 0 ? currentMetrics : null],
    ['conditions', conditions.length > 0 ? conditions : undefined],
  );
  // Keys keep their places; the internal type always has a spec (the metrics default needs one).
  const out = newMap();
  for (const k of Object.keys(obj)) out[k] = k === 'spec' ? newSpec : k === 'status' ? newStatus : obj[k];
  out.apiVersion = 'autoscaling/v2';
  if (!spec) out.spec = newSpec;
  return withAnnotations(out, withoutRoundTrip(annotations));
}
