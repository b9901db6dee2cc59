/**
 * A scenario's cluster stands for a real one: it has the namespaces every cluster has (and those
 * its objects live in), and the API server's NamespaceLifecycle plugin refuses what a cluster
 * refuses: a write into a missing namespace (404) and a create into a Terminating one (403).
 */
import { describe, expect, it } from 'vitest';
import { modeRunner, parseScenario, runScenario } from '../../src/scenarios/index.js';

function responses(text: string): { code: number | undefined; error: string | undefined }[] {
  const scenario = parseScenario(text, 'x.yaml');
  return runScenario(scenario, modeRunner(scenario, { readFile: () => '' })).steps.map((s) => ({ code: s.result.response?.code, error: s.result.error }));
}

const cm = (name: string, namespace: string) => `{apiVersion: v1, kind: ConfigMap, metadata: {name: ${name}, namespace: ${namespace}}, data: {a: "1"}}`;
const apply = (name: string, namespace: string) => `  - request: {verb: apply, body: ${cm(name, namespace)}, options: {fieldManager: m}}\n`;
const create = (name: string, namespace: string) => `  - request: {verb: create, body: ${cm(name, namespace)}}\n`;

describe('namespaces in a scenario cluster', () => {
  it('a write into a namespace nobody created is kube\'s 404; into default, kube-system or a namespace created first, it is stored', () => {
    const text =
      'name: n\nsteps:\n' +
      apply('c', 'nowhere') +
      apply('c', 'default') +
      apply('c', 'kube-system') +
      '  - request: {verb: create, body: {apiVersion: v1, kind: Namespace, metadata: {name: nowhere}}}\n' +
      apply('c', 'nowhere');
    expect(responses(text)).toEqual([
      { code: 404, error: 'namespaces "nowhere" not found' },
      { code: 201, error: undefined },
      { code: 201, error: undefined },
      { code: 201, error: undefined },
      { code: 201, error: undefined },
    ]);
  });

  it('an object the scenario starts with brings its namespace', () => {
    const text = `name: n\nobjects:\n  - ${cm('seeded', 'prod')}\nsteps:\n` + create('c', 'prod');
    expect(responses(text)).toEqual([{ code: 201, error: undefined }]);
  });

  it('nothing new is created in a Terminating namespace: kube\'s 403', () => {
    const text =
      'name: n\nobjects:\n  - {apiVersion: v1, kind: Namespace, metadata: {name: old, deletionTimestamp: "2024-01-01T00:00:00Z"}, spec: {finalizers: [kubernetes]}, status: {phase: Terminating}}\nsteps:\n' +
      create('c', 'old');
    expect(responses(text)).toEqual([{ code: 403, error: 'configmaps "c" is forbidden: unable to create new content in namespace old because it is being terminated' }]);
  });
});
