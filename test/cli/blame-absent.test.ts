/**
 * Fields a managedFields entry owns that the object does not have are ownership too: an apply
 * that sets one conflicts with its owner (the API server's answer, checked with preview). blame
 * prints them after the object's lines, each with its owners; -o json lists them as `absent`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { dir } = scratchDir('ssa-sim-blame-absent-');

const LIVE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
  managedFields:
  - manager: alice
    operation: Apply
    apiVersion: apps/v1
    time: "2026-01-01T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:selector: {}
        f:template:
          f:spec:
            f:containers:
              k:{"name":"app"}:
                .: {}
                f:name: {}
              k:{"name":"gone"}:
                .: {}
                f:name: {}
                f:image: {}
  - manager: bob
    operation: Update
    apiVersion: apps/v1
    time: "2026-01-03T00:00:00Z"
    fieldsType: FieldsV1
    fieldsV1:
      f:metadata:
        f:annotations:
          f:example.com/a.b: {}
      f:spec:
        f:paused: {}
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: nginx
`;

const live = join(dir, 'live.yaml');
writeFileSync(live, LIVE);
const manifest = join(dir, 'paused.yaml');
writeFileSync(manifest, 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: default}\nspec:\n  paused: true\n');

describe('blame: owned fields the object does not have', () => {
  it('are listed after the object, topmost first, with their owners', async () => {
    // The API server's answer: bob's ownership of .spec.paused, absent, still conflicts.
    const p = await runCli(['preview', '-f', manifest, '--live', live, '--field-manager', 'carol']);
    expect(p.stderr).toContain('conflict with "bob" using apps/v1: .spec.paused');
    const r = await runCli(['blame', live, '--time', 'none', '--color', 'never']);
    expect(r.code).toBe(0);
    const tail = r.stdout.split('\n').slice(-5).join('\n');
    expect(tail).toBe(
      [
        '              | # owned, not in the object:',
        'bob (Update)  | #   .metadata.annotations.example.com/a.b',
        'bob (Update)  | #   .spec.paused',
        'alice (Apply) | #   .spec.template.spec.containers[name="gone"] (and 2 fields under it)',
        '',
      ].join('\n'),
    );
  });

  it('-o json: `absent`, each path with its owners by index into entries', async () => {
    const r = await runCli(['blame', live, '-o', 'json']);
    const o = JSON.parse(r.stdout).objects[0];
    expect(o.absent).toEqual([
      { path: '.metadata.annotations.example.com/a.b', owners: [1], fields: 1 },
      { path: '.spec.paused', owners: [1], fields: 1 },
      { path: '.spec.template.spec.containers[name="gone"]', owners: [0], fields: 3 },
    ]);
  });

  it('an object whose owned fields it all has gets no such section', async () => {
    const full = join(dir, 'full.yaml');
    writeFileSync(full, LIVE.replace(/ {14}k:\{"name":"gone"\}:\n(?: {16}.*\n)+/, '').replace(/ {6}f:metadata:\n(?: {8}.*\n)+/, '').replace('        f:paused: {}\n', ''));
    const r = await runCli(['blame', full, '--time', 'none', '--color', 'never']);
    expect(r.stdout).not.toContain('not in the object');
    const j = await runCli(['blame', full, '-o', 'json']);
    expect(JSON.parse(j.stdout).objects[0].absent).toEqual([]);
  });
});
