/**
 * Kubernetes' CEL quantity library (k8s.io/apiserver 1.32 pkg/cel/library/quantity.go) on the
 * evaluator: `quantity(string)` (a parse error is the rule's evaluation error, with
 * resource.ParseQuantity's text), `isQuantity(string)`, and of a quantity `sign()`,
 * `isGreaterThan`, `isLessThan`, `compareTo`, `asApproximateFloat()`, `asInteger()` (`cannot
 * convert value to integer` unless it is an integer in int64), `isInteger()`, `add` and `sub` (of a
 * quantity or an int); two quantities are equal when their values are (Quantity.Equal).
 * Values are exact (quantity.ts).
 */
import type { Environment } from '@marcbachmann/cel-js';
import { addQuantities, compareQuantities, parseQuantity, type Quantity } from '../quantity.js';

const TYPE = 'kubernetes.Quantity';

/** A quantity as the evaluator holds it. */
class CelQuantity {
  constructor(readonly q: Quantity) {}
}

function parsed(text: string): CelQuantity {
  const r = parseQuantity(text);
  if (!r.ok) throw new Error(r.error);
  return new CelQuantity(r.quantity);
}

function ofInt(n: bigint): Quantity {
  return { mantissa: n, exponent: 0, format: 'DecimalExponent' };
}

function negated(q: Quantity): Quantity {
  return { ...q, mantissa: -q.mantissa, text: undefined };
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** AsInt64: the value when it is an integer within int64. */
function asInt64(q: Quantity): bigint | undefined {
  let v: bigint;
  if (q.exponent >= 0) v = q.mantissa * 10n ** BigInt(q.exponent);
  else {
    const d = 10n ** BigInt(-q.exponent);
    if (q.mantissa % d !== 0n) return undefined;
    v = q.mantissa / d;
  }
  return v >= INT64_MIN && v <= INT64_MAX ? v : undefined;
}

export function registerQuantityLibrary(env: Environment): void {
  env.registerType(TYPE, CelQuantity);
  env.registerFunction(`quantity(string): ${TYPE}`, parsed);
  env.registerFunction('isQuantity(string): bool', (s: string) => parseQuantity(s).ok);
  const member = (name: string, returnType: string, params: string[], handler: (...args: never[]) => unknown) =>
    env.registerFunction({ name, receiverType: TYPE, returnType, params: params.map((type, i) => ({ name: `a${i}`, type })), handler: handler as (...args: unknown[]) => unknown });
  member('sign', 'int', [], (a: CelQuantity) => BigInt(Math.sign(Number(a.q.mantissa))));
  member('isGreaterThan', 'bool', [TYPE], (a: CelQuantity, b: CelQuantity) => compareQuantities(a.q, b.q) === 1);
  member('isLessThan', 'bool', [TYPE], (a: CelQuantity, b: CelQuantity) => compareQuantities(a.q, b.q) === -1);
  member('compareTo', 'int', [TYPE], (a: CelQuantity, b: CelQuantity) => BigInt(compareQuantities(a.q, b.q)));
  member('asApproximateFloat', 'double', [], (a: CelQuantity) => Number(a.q.mantissa) * 10 ** a.q.exponent);
  member('isInteger', 'bool', [], (a: CelQuantity) => asInt64(a.q) !== undefined);
  member('asInteger', 'int', [], (a: CelQuantity) => {
    const v = asInt64(a.q);
    if (v === undefined) throw new Error('cannot convert value to integer');
    return v;
  });
  member('add', TYPE, [TYPE], (a: CelQuantity, b: CelQuantity) => new CelQuantity(addQuantities(a.q, b.q)));
  member('add', TYPE, ['int'], (a: CelQuantity, n: bigint) => new CelQuantity(addQuantities(a.q, ofInt(n))));
  member('sub', TYPE, [TYPE], (a: CelQuantity, b: CelQuantity) => new CelQuantity(addQuantities(a.q, negated(b.q))));
  member('sub', TYPE, ['int'], (a: CelQuantity, n: bigint) => new CelQuantity(addQuantities(a.q, negated(ofInt(n)))));
  env.registerOperator(`${TYPE} == ${TYPE}`, (a: CelQuantity, b: CelQuantity) => compareQuantities(a.q, b.q) === 0);
}
