/**
 * `kubectl get ... -o yaml --show-managed-fields | ssa-sim fieldset decode` as users type it: one
 * object, several (`---` documents, or the List kubectl prints without a name), or an object
 * captured without --show-managed-fields.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const cm = (name: string, manager: string, key: string) => `apiVersion: v1
kind: ConfigMap
metadata:
  name: ${name}
  namespace: default
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:${key}: {}
    manager: ${manager}
    operation: Update
    time: "2022-08-22T23:08:23Z"
data:
  ${key}: v
`;

const indent = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l, i) => (i === 0 ? `- ${l}` : `  ${l}`))
    .join('\n');

const TWO = 'configmap/a -n default:\n  m1 (Update, v1, 2022-08-22T23:08:23Z):\n    .data.x\nconfigmap/b -n default:\n  m2 (Update, v1, 2022-08-22T23:08:23Z):\n    .data.z\n';

describe('fieldset decode: objects', () => {
  it('several documents: each object named, its entries under it', async () => {
    const r = await runCli(['fieldset', 'decode'], { stdin: `${cm('a', 'm1', 'x')}---\n${cm('b', 'm2', 'z')}` });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(TWO);
  });

  it('a List, as kubectl get prints several objects', async () => {
    const list = `apiVersion: v1\nkind: List\nmetadata:\n  resourceVersion: ""\nitems:\n${indent(cm('a', 'm1', 'x'))}\n${indent(cm('b', 'm2', 'z'))}\n`;
    const r = await runCli(['fieldset', 'decode'], { stdin: list });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(TWO);
  });

  it('an object captured without --show-managed-fields: the usual warning, no paths', async () => {
    const r = await runCli(['fieldset', 'decode'], { stdin: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('warning: <stdin>:1:1: configmap/settings has no metadata.managedFields: did you forget --show-managed-fields?\n');
  });
});
