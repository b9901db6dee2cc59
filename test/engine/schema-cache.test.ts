import { describe, expect, it } from 'vitest';
import { answerEngineLine } from '../../src/cli/commands/engine.js';
import { SCHEMA_CACHE_LIMITS, SchemaSource } from '../../src/protocol/schema-source.js';

// issue 16 item 4: a long-lived `ssa-sim engine` fed distinct schemas must not keep every one.

function schemaText(i: number, padding = 0): string {
  return `types:\n- name: root\n  map:\n    fields:\n    - name: f${i}\n      type: {scalar: numeric}\n${'#'.repeat(padding)}\n`;
}

function request(i: number, padding = 0): string {
  return JSON.stringify({ schema: schemaText(i, padding), type: 'root', steps: [{ op: 'apply', manager: 'm', apiVersion: 'v1', object: { [`f${i}`]: i } }] });
}

const expected = (i: number) => `{"steps":[{"managed":[{"apiVersion":"v1","applied":true,"fieldsV1":{"f:f${i}":{}},"manager":"m"}],"object":{"f${i}":${i}}}]}`;

describe('the engine protocol schema cache', () => {
  it('keeps at most its count of schemas however many distinct ones come, and still answers each', () => {
    const schemas = new SchemaSource();
    const n = SCHEMA_CACHE_LIMITS.entries * 5;
    for (let i = 0; i < n; i++) {
      expect(answerEngineLine(request(i), schemas)).toBe(expected(i));
      expect(schemas.cachedSchemas()).toBeLessThanOrEqual(SCHEMA_CACHE_LIMITS.entries);
    }
    expect(schemas.cachedSchemas()).toBe(SCHEMA_CACHE_LIMITS.entries);
    // An evicted schema is parsed again; a recent one is reused.
    expect(answerEngineLine(request(0), schemas)).toBe(expected(0));
    expect(answerEngineLine(request(n - 1), schemas)).toBe(expected(n - 1));
  });

  it('keeps at most its size of schema text, and never caches one schema larger than that', () => {
    const limits = { entries: 100, textChars: 30_000 };
    const schemas = new SchemaSource(limits);
    const big = Math.ceil(limits.textChars / 3);
    for (let i = 0; i < 10; i++) {
      expect(answerEngineLine(request(i, big), schemas)).toBe(expected(i));
      expect(schemas.cachedTextChars()).toBeLessThanOrEqual(limits.textChars);
    }
    expect(schemas.cachedSchemas()).toBe(2);
    expect(answerEngineLine(request(99, limits.textChars), schemas)).toBe(expected(99));
    expect(schemas.cachedSchemas()).toBe(2);
    expect(schemas.cachedTextChars()).toBeLessThanOrEqual(limits.textChars);
  });

  it('a schema used again stays (least recently used goes first)', () => {
    const schemas = new SchemaSource();
    const first = schemas.schemaFor(schemaText(0));
    for (let i = 1; i < SCHEMA_CACHE_LIMITS.entries * 3; i++) {
      schemas.schemaFor(schemaText(i));
      expect(schemas.schemaFor(schemaText(0))).toBe(first);
    }
  });
});
