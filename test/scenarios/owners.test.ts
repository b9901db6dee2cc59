import { describe, expect, it } from 'vitest';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import { ownersFromObject } from '../../src/scenarios/owners.js';
import { parseJson } from '../../src/apiserver/object-paths.js';
import type { Value } from '../../src/value/value.js';

const captured = (fieldsV1: string): Value =>
  parseJson(`{"kind":"ConfigMap","metadata":{"name":"c","managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":${fieldsV1}}]}}`);

describe('owners read from an object', () => {
  it('keep the stored fieldsV1 as read (its text is made only where it is compared)', () => {
    const obj = captured('{"f:data":{".":{},"f:a":{}}}');
    const stored = ((obj as { metadata: { managedFields: { fieldsV1: Value }[] } }).metadata.managedFields[0]).fieldsV1;
    const [owner] = ownersFromObject(obj);
    expect(owner.fieldsV1).toBe(stored);
    expect(owner.set.paths()).toHaveLength(2);
  });

  it('the stored form can differ from the set encoded again (numbers are float64s in a set)', () => {
    const obj = captured('{"f:spec":{"f:ports":{"k:{\\"port\\":9007199254740993}":{}}}}');
    const [owner] = ownersFromObject(obj);
    expect(encodeFieldsV1(owner.set)).toBe('{"f:spec":{"f:ports":{"k:{\\"port\\":9007199254740992}":{}}}}');
    expect(owner.fieldsV1).toEqual(parseJson('{"f:spec":{"f:ports":{"k:{\\"port\\":9007199254740993}":{}}}}'));
  });
});
