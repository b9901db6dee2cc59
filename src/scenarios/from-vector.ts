/**
 * A reference vector case (one line of the vectors' JSON Lines, see the vectors README) written
 * as an engine scenario: the same schema and steps, and after every step the reference's result
 * as expectations (exact object, exact managers, the conflicts, or that the step fails).
 */
import { Document } from 'yaml';
import { getKey, isList, isMap, type Value } from '../value/value.js';

export interface VectorCase {
  readonly where?: string;
  readonly schema?: string;
  readonly type?: string;
  readonly steps: readonly Value[];
  readonly expect?: readonly Value[];
}

/** The scenario text; objects keep their exact values (YAML 1.1-ambiguous strings are quoted). */
export function vectorToScenarioText(vector: VectorCase, opts: { name?: string; description?: string } = {}): string {
  const schema = vector.schema ?? '';
  const doc: Record<string, unknown> = {
    name: opts.name ?? vector.where ?? 'reference case',
  };
  if (opts.description) doc.description = opts.description;
  doc.mode = 'engine';
  doc.schema = schema.trim() === '' ? 'deduced' : { type: vector.type ?? '', yaml: schema };
  doc.steps = vector.steps.map((s, i) => {
    const step = s as Record<string, Value>;
    const action = step.op === 'update' ? 'update' : 'apply';
    const args: Record<string, Value> = { manager: step.manager, apiVersion: step.apiVersion, object: step.object ?? null };
    if (action === 'apply' && step.force === true) args.force = true;
    const out: Record<string, unknown> = { [action]: args };
    const expected = vector.expect?.[i];
    if (expected !== undefined && isMap(expected)) out.expect = expectationsOf(expected);
    return out;
  });
  return new Document(doc, { version: '1.1' }).toString({ lineWidth: 0 });
}

function expectationsOf(result: Record<string, Value>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const error = getKey(result, 'error');
  const conflicts = getKey(result, 'conflicts');
  if (error !== undefined) out.succeeds = false;
  if (isList(conflicts) && conflicts.length > 0) out.conflicts = conflicts;
  out.objectExactly = getKey(result, 'object') ?? null;
  const managed = getKey(result, 'managed');
  out.managedFieldsExactly = isList(managed)
    ? managed.map((m) => {
        const e = m as Record<string, Value>;
        return { manager: e.manager, operation: e.applied ? 'Apply' : 'Update', apiVersion: e.apiVersion, fieldsV1: e.fieldsV1 };
      })
    : [];
  return out;
}
