/**
 * The TARGETS cell of `kubectl get hpa`: each metric's current value over its target, as
 * kube-apiserver 1.32's printer writes them (formatHPAMetrics in pkg/printers/internalversion):
 * `cpu: 42%/50%` for a utilization, `memory: 200Mi/500Mi` for a resource value, `<unknown>` for
 * a current value the status does not have, ` (avg)` after an average target of an Object or
 * External metric, two metrics at most and then `+ N more...`. The objects are autoscaling/v2's.
 */
import { getPath } from '../apiserver/object-paths.js';
import { isList, isMap, type Value, type ValueMap } from '../value/value.js';

const UNKNOWN = '<unknown>';
const SHOWN = 2;

function at(v: Value | undefined, ...path: string[]): Value | undefined {
  return isMap(v) ? getPath(v, path) : undefined;
}

/** A Quantity pointer as Go's String() writes it (stored quantities are canonical already; nil is `<nil>`). */
const quantity = (v: Value | undefined): string => (v === undefined || v === null ? '<nil>' : String(v));
const percent = (v: Value | undefined): string | undefined => (typeof v === 'number' || typeof v === 'bigint' ? `${v}%` : undefined);

/** One metric of `spec.metrics` against the current metric at the same index. */
function target(spec: ValueMap, status: ValueMap | undefined): string {
  switch (at(spec, 'type')) {
    case 'External':
    case 'Object': {
      const source = at(spec, 'type') === 'External' ? 'external' : 'object';
      const average = at(spec, source, 'target', 'averageValue');
      const current = at(status, source);
      if (average !== undefined && average !== null) {
        const value = at(current, 'current', 'averageValue');
        return `${value !== undefined && value !== null ? quantity(value) : UNKNOWN}/${quantity(average)} (avg)`;
      }
      return `${current !== undefined && current !== null ? quantity(at(current, 'current', 'value')) : UNKNOWN}/${quantity(at(spec, source, 'target', 'value'))}`;
    }
    case 'Pods': {
      const current = at(status, 'pods');
      return `${current !== undefined && current !== null ? quantity(at(current, 'current', 'averageValue')) : UNKNOWN}/${quantity(at(spec, 'pods', 'target', 'averageValue'))}`;
    }
    case 'Resource':
    case 'ContainerResource': {
      const source = at(spec, 'type') === 'Resource' ? 'resource' : 'containerResource';
      const name = String(at(spec, source, 'name') ?? '');
      const average = at(spec, source, 'target', 'averageValue');
      const current = at(status, source);
      if (average !== undefined && average !== null) {
        return `${name}: ${current !== undefined && current !== null ? quantity(at(current, 'current', 'averageValue')) : UNKNOWN}/${quantity(average)}`;
      }
      const now = percent(at(current, 'current', 'averageUtilization')) ?? UNKNOWN;
      return `${name}: ${now}/${percent(at(spec, source, 'target', 'averageUtilization')) ?? '<auto>'}`;
    }
    default:
      return '<unknown type>';
  }
}

/** The TARGETS cell of an autoscaling/v2 HorizontalPodAutoscaler. */
export function hpaTargets(hpa: ValueMap): string {
  const specs = getPath(hpa, ['spec', 'metrics']);
  const statuses = getPath(hpa, ['status', 'currentMetrics']);
  if (!isList(specs) || specs.length === 0) return '<none>';
  const current = isList(statuses) ? statuses : [];
  const all = specs.map((s, i) => (isMap(s) ? target(s, isMap(current[i]) ? current[i] : undefined) : '<unknown type>'));
  const text = all.slice(0, SHOWN).join(', ');
  return all.length > SHOWN ? `${text} + ${all.length - SHOWN} more...` : text;
}
