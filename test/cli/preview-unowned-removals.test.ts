/**
 * A field nobody owns can still leave the object: kubectl's client-side apply deletes what its
 * last-applied annotation names and the manifest no longer has, owned or not. preview (and run,
 * and the playground, which word ownership changes the same way) must say so: the object after
 * the apply (the API server's answer, `-o yaml`) lacks it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-unowned-removals-');

const LIVE = `apiVersion: v1
kind: ConfigMap
metadata:
  name: c
  namespace: default
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"a":"1","x":"9"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"c","namespace":"default"}}
  managedFields:
  - manager: kubectl-client-side-apply
    operation: Update
    apiVersion: v1
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        .: {}
        f:a: {}
      f:metadata:
        f:annotations:
          .: {}
          f:kubectl.kubernetes.io/last-applied-configuration: {}
data:
  a: "1"
  x: "9"
`;

const live = join(dir, 'live.yaml');
const manifest = join(dir, 'm.yaml');
writeFileSync(live, LIVE);
writeFileSync(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\ndata:\n  a: "1"\n');
const args = ['preview', '-f', manifest, '--live', live, '--client-side', '--now', '2026-01-10T00:00:00Z'];

describe('preview: a removed field nobody owned', () => {
  it('the API server\'s answer lacks it', async () => {
    const r = await runCli([...args, '-o', 'yaml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('data:\n  a: "1"\nkind: ConfigMap\n');
  });

  it('is said as a removal, with its value, not as "no change in ownership"', async () => {
    const r = await runCli(args);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'field manager "kubectl-client-side-apply", client-side apply (three-way patch)',
        'configmap/c configured',
        'configmap/c -n default:',
        '  removed .data.x: no manager left',
        '    .data.x: "9" -> (removed)',
        '',
      ].join('\n'),
    );
  });

  it('-o json: in removals and valueChanges', async () => {
    const r = await runCli([...args, '-o', 'json']);
    const report = JSON.parse(r.stdout);
    expect(report.removals).toEqual([{ object: 'configmap/c -n default', path: '.data.x' }]);
    expect(report.valueChanges).toEqual([{ object: 'configmap/c -n default', path: '.data.x', before: '9', after: null }]);
  });
});
