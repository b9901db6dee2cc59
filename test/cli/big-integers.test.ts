/**
 * Integers beyond 2^53 end to end through the CLI: `preview -o yaml` prints the object and its
 * FieldsV1 with every digit of an int64 (a float64 where the manifest's integer does not fit one),
 * and `ssa-sim engine` keeps them in its line protocol, in and out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const CRD = join(process.cwd(), 'scenarios', 'schemas', 'big-integers-crd.yaml');

const MANIFEST = `apiVersion: example.com/v1
kind: Counter
metadata: {name: c, namespace: default}
spec:
  total: 9007199254740993
  ratio: 9223372036854775808
  seen: [9223372036854775807, -9223372036854775808, 9007199254740993]
  shards:
  - {id: 9007199254740993, owner: a}
`;

const EXPECTED_YAML = `apiVersion: example.com/v1
kind: Counter
metadata:
  creationTimestamp: "2024-01-01T00:00:00Z"
  generation: 1
  managedFields:
  - apiVersion: example.com/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:ratio: {}
        f:seen:
          v:-9223372036854775808: {}
          v:9007199254740993: {}
          v:9223372036854775807: {}
        f:shards:
          k:{"id":9007199254740993}:
            .: {}
            f:id: {}
            f:owner: {}
        f:total: {}
    manager: kubectl
    operation: Apply
    time: "2024-01-01T00:00:00Z"
  name: c
  namespace: default
  resourceVersion: "1"
  uid: 00000000-0000-4000-8000-000000000001
spec:
  ratio: 9223372036854776000
  seen:
  - 9223372036854775807
  - -9223372036854775808
  - 9007199254740993
  shards:
  - id: 9007199254740993
    owner: a
  total: 9007199254740993
`;

const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-bigint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('big integers through the CLI', () => {
  it('preview -o yaml prints every digit of the object and of its FieldsV1', async () => {
    writeFileSync(join(dir, 'm.yaml'), MANIFEST);
    writeFileSync(join(dir, 'live.yaml'), 'apiVersion: v1\nkind: List\nitems: []\n');
    const r = await runCli(['preview', '-f', join(dir, 'm.yaml'), '--live', join(dir, 'live.yaml'), '--crd', CRD, '-o', 'yaml', '--show-managed-fields', '--now', '2024-01-01T00:00:00Z']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(EXPECTED_YAML);
  });

  it('ssa-sim engine reads and writes them exactly', async () => {
    const request = {
      schema: '',
      type: '',
      steps: [{ op: 'apply', manager: 'm', apiVersion: 'v1', object: { n: 0, s: [0] } }],
    };
    const line = JSON.stringify(request).replace('"n":0', '"n":9007199254740993').replace('"s":[0]', '"s":[-9223372036854775808]');
    const r = await runCli(['engine'], { stdin: line + '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"object":{"n":9007199254740993,"s":[-9223372036854775808]}');
    expect(r.stdout).not.toContain('9007199254740992');
  });
});
