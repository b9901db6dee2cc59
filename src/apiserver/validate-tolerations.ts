/**
 * kube-apiserver 1.32's `ValidateTolerations`: a key that is a qualified name, an empty key only
 * with `Exists`, `tolerationSeconds` only with the `NoExecute` effect, an `Equal` (or empty)
 * operator's value a label value, the operator and effect from their supported values. The value
 * beside `Exists` is not checked: the 422 upstream gives for it has printed the toleration's Go
 * struct.
 */
import { getKey, isMap, type Value } from '../value/value.js';
import { invalidValue, notSupported } from './field-error.js';
import { isQualifiedName, isValidLabelValue } from './name-validation.js';
import type { FieldError } from './status.js';

const text = (v: Value | undefined, key: string): string => {
  const s = isMap(v) ? getKey(v, key) : undefined;
  return typeof s === 'string' ? s : '';
};

const OPERATORS = ['Equal', 'Exists'];
const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

export function tolerationsErrors(tolerations: Value | undefined, field: string): FieldError[] {
  if (!Array.isArray(tolerations)) return [];
  return tolerations.flatMap((t, i) => {
    const path = `${field}[${i}]`;
    const errors: FieldError[] = [];
    const key = text(t, 'key');
    const operator = text(t, 'operator');
    const effect = text(t, 'effect');
    if (key !== '') errors.push(...isQualifiedName(key).map((msg) => invalidValue(`${path}.key`, key, msg)));
    if (key === '' && operator !== 'Exists') {
      errors.push(invalidValue(`${path}.operator`, operator, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    }
    const seconds = isMap(t) ? getKey(t, 'tolerationSeconds') : undefined;
    if (seconds != null && effect !== 'NoExecute') errors.push(invalidValue(`${path}.effect`, effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    if (operator === 'Equal' || operator === '') {
      const value = text(t, 'value');
      const msgs = isValidLabelValue(value);
      if (msgs.length > 0) errors.push(invalidValue(`${path}.operator`, value, msgs.join(';')));
    } else if (operator !== 'Exists') {
      errors.push(notSupported(`${path}.operator`, operator, OPERATORS));
    }
    if (effect !== '' && !EFFECTS.includes(effect)) errors.push(notSupported(`${path}.effect`, effect, EFFECTS));
    return errors;
  });
}
