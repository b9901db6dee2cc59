/**
 * A new object's name, generateName, labels and annotations are checked as kube-apiserver 1.32
 * checks them on create (ValidateObjectMeta with the kind's name rule, then the generic check):
 * the 422 texts of k8s.io/apimachinery's validation, as kubectl prints them.
 */
import { describe, expect, it } from 'vitest';
import { newClusterState } from '../../src/server/initial-state.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { kubectlAvailable, serverWithKubectl } from './kubectl-harness.js';
import { call, JSON_HEADERS, start } from './http-client.js';
import { openWidgetCrd } from './open-widget-crd.js';

const available = kubectlAvailable();

const SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035 =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const LABEL_VALUE =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const QUALIFIED_NAME =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

describe.skipIf(!available)('real kubectl: invalid names and labels on create', () => {
  const s = serverWithKubectl({ state: newClusterState(builtinCatalog(), '2024-01-01T00:00:00Z') });

  it('a name with capital letters', { timeout: 120_000 }, async () => {
    expect(await s.k.run(['create', 'configmap', 'BadName', '--from-literal=a=b'])).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: failed to create configmap: ConfigMap "BadName" is invalid: metadata.name: Invalid value: "BadName": ${SUBDOMAIN}\n`,
    });
    expect((await s.k.run(['get', 'configmaps', '-o', 'name'])).stdout).not.toContain('BadName');
  });

  it('a label value too long, through client-side and server-side apply', { timeout: 120_000 }, async () => {
    const long = 'a'.repeat(64);
    const file = s.k.file('long.yaml', `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: longlabel\n  labels: {tier: ${long}}\n`);
    const body = `metadata.labels: Invalid value: "${long}": must be no more than 63 characters`;
    expect(await s.k.run(['apply', '-f', file])).toEqual({ code: 1, stdout: '', stderr: `The ConfigMap "longlabel" is invalid: ${body}\n` });
    expect(await s.k.run(['apply', '--server-side', '-f', file])).toEqual({ code: 1, stdout: '', stderr: `The ConfigMap "longlabel" is invalid: ${body}\n` });
  });

  it('a Service name must be a DNS-1035 label; several errors are listed', { timeout: 120_000 }, async () => {
    const file = s.k.file('svc.yaml', 'apiVersion: v1\nkind: Service\nmetadata:\n  name: 1svc\n  labels: {"bad key": "x y"}\nspec:\n  ports: [{port: 80}]\n');
    expect(await s.k.run(['apply', '-f', file])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'The Service "1svc" is invalid: \n' +
        `* metadata.name: Invalid value: "1svc": ${DNS1035}\n` +
        `* metadata.labels: Invalid value: "bad key": ${QUALIFIED_NAME}\n` +
        `* metadata.labels: Invalid value: "x y": ${LABEL_VALUE}\n`,
    });
  });

  it('a CRD must be named <plural>.<group>; it is not served then', { timeout: 120_000 }, async () => {
    const crd = { ...openWidgetCrd(), metadata: { name: 'widgets.example.org' } };
    const file = s.k.file('misnamed-crd.json', JSON.stringify(crd));
    expect(await s.k.run(['apply', '-f', file])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'The CustomResourceDefinition "widgets.example.org" is invalid: metadata.name: Invalid value: "widgets.example.org": must be spec.names.plural+"."+spec.group\n',
    });
    expect((await s.k.run(['get', 'crd', '-o', 'name'])).stdout).toBe('');
  });

  it('names the kinds allow are accepted: a ClusterRole name is a path segment', { timeout: 120_000 }, async () => {
    expect((await s.k.run(['create', 'clusterrole', 'System:Viewer', '--verb=get', '--resource=pods'])).stdout).toBe('clusterrole.rbac.authorization.k8s.io/System:Viewer created\n');
  });
});

describe('the 422s of invalid metadata on create', () => {
  const post = (server: Awaited<ReturnType<typeof start>>, path: string, body: object) => call(server, 'POST', path, JSON.stringify(body), JSON_HEADERS);

  it('a namespace name is a DNS label; a generated name is checked with its generateName', async () => {
    const server = await start();
    const ns = await post(server, '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team.a' } });
    expect([ns.status, ns.json.message, ns.json.details]).toEqual([
      422,
      'Namespace "team.a" is invalid: metadata.name: Invalid value: "team.a": must not contain dots',
      { name: 'team.a', kind: 'Namespace', causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "team.a": must not contain dots', field: 'metadata.name' }] },
    ]);
    const gen = await post(server, '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'Web-' } });
    expect(gen.status).toBe(422);
    expect(gen.json.message).toMatch(new RegExp(`^ConfigMap "Web-[a-z0-9]{5}" is invalid: \\[metadata.generateName: Invalid value: "Web-": ${escape(SUBDOMAIN)}, metadata.name: Invalid value: "Web-[a-z0-9]{5}": ${escape(SUBDOMAIN)}\\]$`));
  });

  it('annotation keys are qualified names (any case); their total size is limited', async () => {
    const server = await start();
    const ok = await post(server, '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'ok', annotations: { 'Example.COM/Note': 'x' } } });
    expect(ok.status).toBe(201);
    const big = await post(server, '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'big', annotations: { a: 'x'.repeat(256 * 1024) } } });
    expect([big.status, big.json.message]).toEqual([422, 'ConfigMap "big" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes']);
    const key = await post(server, '/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'key', annotations: { '/x': '1' } } });
    expect(key.json.message).toBe('ConfigMap "key" is invalid: metadata.annotations: Invalid value: "/x": prefix part must be non-empty');
  });

  it('a custom resource\'s name is an RFC 1123 subdomain; a kind without a modelled rule gets the generic one', async () => {
    const server = await start();
    expect((await post(server, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', openWidgetCrd())).status).toBe(201);
    const w = await post(server, '/apis/example.com/v1/namespaces/default/widgets', { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'W_1' } });
    expect([w.status, w.json.message]).toEqual([422, `Widget.example.com "W_1" is invalid: metadata.name: Invalid value: "W_1": ${SUBDOMAIN}`]);
    // A Lease's own rule is not modelled: only what every name must be (a path segment) is checked.
    const lease = await post(server, '/apis/coordination.k8s.io/v1/namespaces/default/leases', { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'Holder', labels: { 'a/b/c': 'x' } } });
    expect([lease.status, lease.json.message]).toEqual([
      422,
      `Lease.coordination.k8s.io "Holder" is invalid: metadata.labels: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
