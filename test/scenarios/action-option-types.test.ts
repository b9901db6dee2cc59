/**
 * Every option value of an actor action has a declared type (src/actors/action-options.ts) and is
 * checked where the scenario file gives it: a wrong type is an error at the file's line and
 * column naming the step, the option and what was expected, before any step runs, never an
 * internal error (exit 70) when the actor trips over it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenarios/parse-scenario.js';
import { getKey, isMap } from '../../src/value/value.js';
import { runCli } from '../cli/run-io.js';
import { parseErrorOf } from './parse-error.js';

const errorOf = (text: string): string => parseErrorOf(text);

/** A cluster scenario whose one step is `step` (a flow map on line 3). */
const oneStep = (step: string) => `name: n\nsteps:\n  - ${step}\n`;
const ds = 'resource: daemonset/aws-node, namespace: kube-system';

describe('action option values: a wrong type is an error at line:column naming the step, the option and the type', () => {
  it('a string option given a map, a list or a number', () => {
    expect(errorOf(oneStep(`kubectl-set-env: {${ds}, container: {a: 1}, env: {A: "1"}}`))).toMatch(
      /^x\.yaml:3:\d+: steps\[0\]\.kubectl-set-env\.container: expected a string, found a map$/,
    );
    expect(errorOf(oneStep('kubectl-apply: {manifests: [], fieldManager: [a]}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-apply\.fieldManager: expected a string, found a list$/);
    expect(errorOf(oneStep('kubectl-scale: {resource: 7, replicas: 1}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-scale\.resource: expected .*string.*, found the number 7$/);
  });
  it('a boolean option given text or a map', () => {
    expect(errorOf(oneStep('kubectl-apply: {manifests: [], serverSide: "true"}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-apply\.serverSide: expected true or false, found the string "true"$/);
    expect(errorOf(oneStep('server-side-apply: {manifests: [], fieldManager: f, force: {}}'))).toMatch(/steps\[0\]\.server-side-apply\.force: expected true or false, found a map$/);
  });
  it('a whole number given text, a fraction or a map', () => {
    expect(errorOf(oneStep('kubectl-scale: {resource: deploy/web, replicas: "3"}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-scale\.replicas: expected a whole number, found the string "3"$/);
    expect(errorOf(oneStep('kubectl-scale: {resource: deploy/web, replicas: 1.5}'))).toMatch(/steps\[0\]\.kubectl-scale\.replicas: expected a whole number, found the number 1\.5$/);
    expect(errorOf(oneStep('autoscaler-scale: {apiVersion: apps/v1, kind: Deployment, name: web, replicas: {a: 1}}'))).toMatch(/steps\[0\]\.autoscaler-scale\.replicas: expected a whole number, found a map$/);
  });
  it('one of fixed words given another word or another type', () => {
    expect(errorOf(oneStep('kubectl-apply: {manifests: [], dryRun: serverr}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-apply\.dryRun: expected one of none, server, client, found the string "serverr"$/);
    expect(errorOf(oneStep('eks-update-addon: {resolveConflicts: [NONE]}'))).toMatch(/steps\[0\]\.eks-update-addon\.resolveConflicts: expected one of NONE, OVERWRITE, PRESERVE, found a list$/);
    expect(errorOf(oneStep('kubectl-patch: {resource: deploy/web, type: {}, patch: "{}"}'))).toMatch(/steps\[0\]\.kubectl-patch\.type: expected one of json, merge, strategic, found a map$/);
    expect(errorOf(oneStep('client-update: {apiVersion: v1, kind: ConfigMap, name: c, method: 1}'))).toMatch(/steps\[0\]\.client-update\.method: expected one of merge, json, strategic, put, create, found the number 1$/);
  });
  it('a map of strings (env, images) given a list, or an entry that is not a string', () => {
    expect(errorOf(oneStep(`kubectl-set-env: {${ds}, env: [A]}`))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-set-env\.env: expected a map from variable names to values, found a list$/);
    expect(errorOf(oneStep(`kubectl-set-env: {${ds}, env: {A: 5}}`))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-set-env\.env\.A: expected a string \(quote numbers: "5"\), found the number 5$/);
    expect(errorOf(oneStep(`kubectl-set-image: {${ds}, images: {aws-node: {tag: 1}}}`))).toMatch(/steps\[0\]\.kubectl-set-image\.images\.aws-node: expected a string.*, found a map$/);
  });
  it('labels and annotations: a string or null for each key', () => {
    expect(errorOf(oneStep('kubectl-label: {resource: cm/c, labels: {a: [x]}}'))).toMatch(/steps\[0\]\.kubectl-label\.labels\.a: expected a string \(or null to remove the key\), found a list$/);
    expect(() => parseScenario(oneStep('kubectl-label: {resource: cm/c, labels: {a: null, b: x}}'), 'x.yaml')).not.toThrow();
    expect(errorOf(oneStep('kubectl-annotate: {resource: cm/c, annotations: "a=b"}'))).toMatch(/steps\[0\]\.kubectl-annotate\.annotations: expected a map from keys to values.*, found the string "a=b"$/);
  });
  it('a list of strings given a string or a list with a map', () => {
    expect(errorOf(oneStep(`kubectl-set-env: {${ds}, remove: A}`))).toMatch(/steps\[0\]\.kubectl-set-env\.remove: expected a list of variable names, found the string "A"$/);
    expect(errorOf(oneStep(`kubectl-set-env: {${ds}, remove: [A, {B: 1}]}`))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-set-env\.remove\[1\]: expected a string, found a map$/);
  });
  it('an object (a map) given a scalar or a list', () => {
    expect(errorOf(oneStep('controller-write-status: {apiVersion: apps/v1, kind: Deployment, name: web, status: 3}'))).toMatch(/steps\[0\]\.controller-write-status\.status: expected a map.*, found the number 3$/);
    expect(errorOf(oneStep('kubectl-edit: {resource: cm/c, changes: [a]}'))).toMatch(/steps\[0\]\.kubectl-edit\.changes: expected a map.*, found a list$/);
    expect(errorOf(oneStep('client-update: {apiVersion: v1, kind: ConfigMap, name: c, method: put, object: x}'))).toMatch(/steps\[0\]\.client-update\.object: expected a map.*, found the string "x"$/);
  });
  it('manifests: text, a list of objects, {file} or {addon, version}; nothing else', () => {
    expect(errorOf(oneStep('kubectl-apply: {manifests: 5}'))).toMatch(/steps\[0\]\.kubectl-apply\.manifests: expected YAML text, a list of objects, \{file\} or \{addon, version\}, found the number 5$/);
    expect(errorOf(oneStep('kubectl-apply: {manifests: [{apiVersion: v1}, x]}'))).toMatch(/^x\.yaml:3:\d+: steps\[0\]\.kubectl-apply\.manifests\[1\]: expected an object \(a map with apiVersion and kind\), found the string "x"$/);
    expect(errorOf(oneStep('kubectl-apply: {manifests: {file: [a.yaml]}}'))).toMatch(/steps\[0\]\.kubectl-apply\.manifests\.file: expected a file name, found a list$/);
    expect(errorOf(oneStep('kubectl-apply: {manifests: {addon: vpc-cni, version: 1}}'))).toMatch(/steps\[0\]\.kubectl-apply\.manifests\.version: expected the add-on version, such as v1\.10\.1-eksbuild\.1, found the number 1$/);
  });
  it("a webhook's match and JSON patch", () => {
    const hook = (rest: string) => oneStep(`mutating-webhook: {name: w, ${rest}}`);
    expect(errorOf(hook('match: {kind: {a: 1}}, patch: []'))).toMatch(/steps\[0\]\.mutating-webhook\.match\.kind: expected a string, found a map$/);
    expect(errorOf(hook('match: {kind: Pod, operations: [CREATE, DELETE]}, patch: []'))).toMatch(/steps\[0\]\.mutating-webhook\.match\.operations\[1\]: expected one of CREATE, UPDATE, found the string "DELETE"$/);
    expect(errorOf(hook('match: {kind: Pod}, patch: {op: add}'))).toMatch(/steps\[0\]\.mutating-webhook\.patch: expected a JSON patch: a list of \{op, path, value\}, found a map$/);
    expect(errorOf(hook('match: {kind: Pod}, patch: [{op: ad, path: /a}]'))).toMatch(/steps\[0\]\.mutating-webhook\.patch\[0\]\.op: expected one of add, remove, replace, move, copy, test, found the string "ad"$/);
    expect(errorOf(hook('match: {kind: Pod}, patch: [{op: add, path: [a]}]'))).toMatch(/steps\[0\]\.mutating-webhook\.patch\[0\]\.path: expected a JSON pointer such as \/metadata\/labels\/a, found a list$/);
    expect(errorOf(hook('match: {kind: Pod}, patch: [{op: add, path: /a, valu: 1}]'))).toMatch(/steps\[0\]\.mutating-webhook\.patch\[0\]\.valu: unknown key "valu" \(did you mean "value"\?\)/);
  });
  it('now: an RFC 3339 time', () => {
    expect(errorOf(oneStep('kubectl-scale: {resource: deploy/web, replicas: 1, now: yesterday}'))).toMatch(/steps\[0\]\.kubectl-scale\.now: expected an RFC 3339 time such as 2022-08-23T10:00:00Z, found the string "yesterday"$/);
  });
  it('validate: a word or a boolean (the actor checks the word, as kubectl does)', () => {
    expect(errorOf(oneStep('kubectl-apply: {manifests: [], validate: [strict]}'))).toMatch(/steps\[0\]\.kubectl-apply\.validate: expected strict, warn, ignore, true or false, found a list$/);
    expect(() => parseScenario(oneStep('kubectl-apply: {manifests: [], validate: false}'), 'x.yaml')).not.toThrow();
  });
  it('text options take YAML 1.1 boolean words as written, and the actor gets the text', () => {
    const s = parseScenario(oneStep('kubectl-set-env: {resource: daemonset/aws-node, namespace: no, env: {A: yes}}'), 'x.yaml');
    const args = s.steps[0].args;
    expect(isMap(args) && getKey(args, 'namespace')).toBe('no');
    const env = isMap(args) ? getKey(args, 'env') : undefined;
    expect(isMap(env) && getKey(env, 'A')).toBe('yes');
  });
});

describe('found by npm run fuzz (seed 1): wrong option types were exit 70 in `ssa-sim run`', () => {
  const scenario = (env: string) =>
    `name: n\nobjects:\n  - {apiVersion: apps/v1, kind: DaemonSet, metadata: {name: aws-node, namespace: kube-system}, spec: {selector: {matchLabels: {a: b}}, template: {metadata: {labels: {a: b}}, spec: {containers: [{name: aws-node, image: x}]}}}}\nsteps:\n  - kubectl-set-env:\n      resource: daemonset/aws-node\n      namespace: kube-system\n      env:\n${env}`;
  const run = async (env: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'ssa-sim-option-types-'));
    writeFileSync(join(dir, 's.yaml'), scenario(env));
    return runCli(['run', join(dir, 's.yaml')]);
  };
  it('case 1126: a long key whose value is a map', async () => {
    const r = await run(`        ${'k'.repeat(300)}:\n          ENABLE_PREFIX_DELEGATION: "true"\n`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/s\.yaml:10:11: steps\[0\]\.kubectl-set-env\.env\.k{300}: expected a string, found a map\n$/);
  });
  it('case 11122: a variable whose value is a list of maps', async () => {
    const r = await run('        ENABLE_PREFIX_DELEGATION:\n          - name: n0\n            value: 0\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/s\.yaml:10:11: steps\[0\]\.kubectl-set-env\.env\.ENABLE_PREFIX_DELEGATION: expected a string, found a list\n$/);
  });
  it('case 19515: __proto__ and constructor as variable names, holding maps', async () => {
    const r = await run('        {"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/s\.yaml:9:23: steps\[0\]\.kubectl-set-env\.env\.__proto__: expected a string, found a map\n$/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
