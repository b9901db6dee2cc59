/**
 * Standard input can be read once. `explain - PATH -f -` read the live object from it and then an
 * empty manifest, and gave a verdict ("NO CHANGE") for an apply of nothing; preview already
 * refuses the same (`-f and --live cannot both read standard input`).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const LIVE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:color: {}
    manager: m
    operation: Update
    time: "2024-01-01T00:00:00Z"
data:
  color: blue
`;

describe('standard input for both the live objects and the manifest', () => {
  it('explain - PATH -f -: a usage error, exit 2, nothing on stdout', async () => {
    const r = await runCli(['explain', '-', '.data.color', '-f', '-', '--field-manager', 'x'], { stdin: LIVE });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^ssa-sim explain: -f and the live objects cannot both read standard input\n/);
  });

  it('explain --live - PATH -f -: the same', async () => {
    const r = await runCli(['explain', '.data.color', '--live', '-', '-f', '-', '--field-manager', 'x'], { stdin: LIVE });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^ssa-sim explain: -f and the live objects cannot both read standard input\n/);
  });

  it('explain with the manifest from a file still reads the live object from standard input', async () => {
    const r = await runCli(['explain', '-', '.data.color'], { stdin: LIVE });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('configmap/settings .data.color\n');
  });
});
