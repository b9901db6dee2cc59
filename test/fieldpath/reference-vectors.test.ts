import { describe, expect, test } from 'vitest';
import { decodeFieldsV1, decodeFieldsV1Value } from '../../src/fieldpath/fieldsv1-decode.js';
import { encodeFieldsV1 } from '../../src/fieldpath/fieldsv1-encode.js';
import type { Value } from '../../src/value/value.js';
import { readShared } from '../support/shared.js';
import { pathStrings } from './helpers.js';

// The reference vectors live in ../shared beside the checkout (read in place, never copied);
// without them this fails, like every other vector test.

interface Managed {
  manager: string;
  fieldsV1: Value;
}
interface Result {
  error?: string;
  conflicts?: { manager: string; path: string }[];
  managed?: Managed[];
}

function* cases(): Generator<{ file: string; expect: Result[] }> {
  for (const file of ['suite.jsonl', 'k8s.jsonl', 'random.jsonl']) {
    for (const line of readShared('reference', 'vectors', file).split('\n')) {
      if (line.trim()) yield { file, expect: (JSON.parse(line) as { expect: Result[] }).expect };
    }
  }
}

describe('reference vectors (structured-merge-diff v6.4.2 results)', () => {
  test('every managedFields entry decodes, and re-encodes to the same JSON value', () => {
    let n = 0;
    for (const c of cases()) {
      for (const r of c.expect) {
        for (const m of r.managed ?? []) {
          const s = decodeFieldsV1Value(m.fieldsV1);
          const text = encodeFieldsV1(s);
          expect(JSON.parse(text)).toEqual(m.fieldsV1);
          expect(decodeFieldsV1(JSON.stringify(m.fieldsV1)).equals(s)).toBe(true);
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(20000);
  });

  test('conflict paths print as the reference prints them, in its order', () => {
    let n = 0;
    for (const c of cases()) {
      let managed: Managed[] = [];
      for (const r of c.expect) {
        const lastIndex = new Map<string, number>();
        for (const conflict of r.conflicts ?? []) {
          // Conflicts are members of the other manager's set as it was before the step.
          const owner = managed.find((m) => m.manager === conflict.manager);
          expect(owner, `${c.file}: ${conflict.manager} owns nothing`).toBeDefined();
          const index = pathStrings(decodeFieldsV1Value(owner!.fieldsV1)).indexOf(conflict.path);
          expect(index, `${c.file}: ${conflict.path}`).toBeGreaterThanOrEqual(0);
          expect(index).toBeGreaterThan(lastIndex.get(conflict.manager) ?? -1);
          lastIndex.set(conflict.manager, index);
          n++;
        }
        if (r.error === undefined) managed = r.managed ?? [];
      }
    }
    expect(n).toBeGreaterThan(3000);
  });
});
