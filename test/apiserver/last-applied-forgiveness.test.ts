/**
 * The field manager's unit tests TestApplyUsingLastAppliedAnnotation, TestServiceApply,
 * TestReplicationControllerApply and TestPodApply
 * (staging/src/k8s.io/apimachinery/pkg/util/managedfields/internal/lastappliedmanager_test.go),
 * every case: `test_client_side_apply` creates the original object (an Update) carrying the
 * last-applied annotation (the case's own, or else the original itself); then the case's
 * manager applies without force. The conflicts left are exactly the case's set (all with
 * test_client_side_apply), or none; a forced apply then succeeds, and the live object holds what
 * was applied.
 */
import { describe, expect, it } from 'vitest';
import { LAST_APPLIED } from '../../src/apiserver/index.js';
import { parse as parseYaml } from 'yaml';
import { cluster, fail, obj, ok } from './helpers.js';

interface Case {
  readonly manager: string;
  readonly lastApplied?: string;
  readonly original: string;
  readonly applied: string;
  /**
   * The conflicting paths, in the order the server lists them: set order, where a node's own
   * members (an atomic .spec.selector) come before what lies under its children (.spec.ports[...]).
   */
  readonly conflicts?: readonly string[];
}

const DEPLOY = (labels: string, replicas: string, selector: string, tmplLabels: string, containers: string) => `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: my-deployment
${labels ? `  labels: {app: ${labels}}\n` : ''}spec:
  replicas: ${replicas}
${selector ? `  selector: {matchLabels: {app: ${selector}}}\n` : ''}  template:
    metadata:
      labels: {app: ${tmplLabels}}
    spec:
      containers: ${containers}
`;
const C = (image: string) => `[{name: my-c, image: ${image}}]`;
const SMALL = (replicas: number, apiVersion = 'apps/v1') => `{apiVersion: ${apiVersion}, kind: Deployment, metadata: {name: my-deployment}, spec: {replicas: ${replicas}}}`;

const DEPLOYMENT_CASES: readonly Case[] = [
  {
    manager: 'kubectl',
    lastApplied: DEPLOY('', '3', 'my-app', 'my-app', '[{name: my-c, image: my-image-v1}, {name: my-c2, image: my-image2}]'),
    original: DEPLOY('my-app', '100', 'my-app', 'my-app', C('my-image-v2')),
    applied: DEPLOY('my-new-label', '333', 'my-new-label', 'my-new-label', C('my-image-new')),
    conflicts: ['.metadata.labels.app', '.spec.replicas', '.spec.template.spec.containers[name="my-c"].image'],
  },
  {
    manager: 'kubectl',
    lastApplied: DEPLOY('my-app', '3', 'my-app', 'my-app', C('my-image')),
    original: DEPLOY('my-app', '100', 'my-app', 'my-app', C('my-image')),
    applied: DEPLOY('my-new-label', '3', '', 'my-app', C('my-image')),
    conflicts: ['.spec.replicas'],
  },
  { manager: 'kubectl', original: DEPLOY('my-app', '100', 'my-app', 'my-app', C('my-image')), applied: DEPLOY('my-app', '100', 'my-app', 'my-app', C('my-image')) },
  { manager: 'kubectl', original: DEPLOY('my-app', '3', 'my-app', 'my-app', C('my-image')), applied: DEPLOY('my-new-label', '333', 'my-new-label', 'my-new-label', C('my-image')) },
  {
    manager: 'not_kubectl',
    lastApplied: DEPLOY('my-app', '3', 'my-app', 'my-app', C('my-image-v1')),
    original: DEPLOY('my-app', '100', 'my-app', 'my-app', C('my-image-v2')),
    applied: DEPLOY('my-new-label', '333', 'my-new-label', 'my-new-label', C('my-image-new')),
    conflicts: ['.metadata.labels.app', '.spec.replicas', '.spec.selector', '.spec.template.metadata.labels.app', '.spec.template.spec.containers[name="my-c"].image'],
  },
  { manager: 'kubectl', original: DEPLOY('my-app', '3', 'my-app', 'my-app', C('my-image')), applied: DEPLOY('my-new-label', '3', 'my-app', 'my-app', C('my-new-image')) },
  {
    manager: 'not_kubectl',
    original: DEPLOY('my-app', '100', 'my-app', 'my-app', C('my-image')),
    applied: DEPLOY('my-new-label', '3', 'my-app', 'my-app', C('my-new-image')),
    conflicts: ['.metadata.labels.app', '.spec.replicas', '.spec.template.spec.containers[name="my-c"].image'],
  },
  { manager: 'kubectl', original: SMALL(3), applied: SMALL(100) },
  { manager: 'kubectl', lastApplied: SMALL(3, 'extensions/v1beta1'), original: SMALL(3), applied: SMALL(100), conflicts: ['.spec.replicas'] },
  { manager: 'kubectl', lastApplied: '{apiVersion: foo, kind: bar, spec: expect conflict due to invalid object}', original: SMALL(3), applied: SMALL(100), conflicts: ['.spec.replicas'] },
  { manager: 'kubectl', lastApplied: '{}', original: SMALL(3), applied: SMALL(100), conflicts: ['.spec.replicas'] },
];

const SVC = (targetPort: number, selector: string) =>
  `{apiVersion: v1, kind: Service, metadata: {name: test}, spec: {ports: [{name: https, port: 443, protocol: TCP, targetPort: ${targetPort}}], selector: ${selector}}}`;
const SERVICE_CASES: readonly Case[] = [
  { manager: 'kubectl', original: SVC(8443, '{old: test}'), applied: SVC(8444, '{new: test}') },
  { manager: 'kubectl', original: SVC(8443, '{old: test}'), applied: SVC(8444, '{}') },
  { manager: 'not_kubectl', original: SVC(8443, '{old: test}'), applied: SVC(8444, '{new: test}'), conflicts: ['.spec.selector', '.spec.ports[port=443,protocol="TCP"].targetPort'] },
];

const RC = (replicas: number, selector: string) => `{apiVersion: v1, kind: ReplicationController, metadata: {name: test}, spec: {replicas: ${replicas}, selector: ${selector}}}`;
const RC_CASES: readonly Case[] = [
  { manager: 'kubectl', original: RC(0, '{old: test}'), applied: RC(3, '{new: test}') },
  { manager: 'not_kubectl', original: RC(0, '{old: test}'), applied: RC(3, '{new: test}'), conflicts: ['.spec.replicas', '.spec.selector'] },
];

const POD = (nodeName: string | undefined, nodeSelector: string) => `
apiVersion: v1
kind: Pod
metadata: {name: test, namespace: test}
spec:
  containers:
  - {args: [-v=2], command: [controller], image: "some.registry/app:latest", name: doJob}
${nodeName ? `  nodeName: ${nodeName}\n` : ''}  nodeSelector: ${nodeSelector}
`;
const POD_CASES: readonly Case[] = [
  { manager: 'kubectl', original: POD('definetlyControlPlane', '{node-role.kubernetes.io/master: ""}'), applied: POD(undefined, '{node-role.kubernetes.io/worker: ""}') },
  {
    manager: 'not_kubectl',
    original: POD('definetlyControlPlane', '{node-role.kubernetes.io/master: ""}'),
    applied: POD('definetlyControlPlane', '{node-role.kubernetes.io/master: "", otherNodeType: ""}'),
    conflicts: ['.spec.nodeSelector'],
  },
  { manager: 'not_kubectl', original: POD('definetlyControlPlane', '{node-role.kubernetes.io/master: ""}'), applied: POD('another', '{}'), conflicts: ['.spec.nodeName', '.spec.nodeSelector'] },
  { manager: 'kubectl', original: POD('definetlyControlPlane', '{node-role.kubernetes.io/master: ""}'), applied: POD('another', '{}') },
];

const yaml = (text: string) => parseYaml(text) as Record<string, unknown>;

/** The 409 text for these conflicts, all with test_client_side_apply at apiVersion. */
function conflictMessage(apiVersion: string, paths: readonly string[]): string {
  const who = `"test_client_side_apply" using ${apiVersion}`;
  return paths.length === 1
    ? `Apply failed with 1 conflict: conflict with ${who}: ${paths[0]}`
    : `Apply failed with ${paths.length} conflicts: conflicts with ${who}:\n${paths.map((p) => `- ${p}`).join('\n')}`;
}

/** `want` is contained in `got` (Go's DeepDerivative: an empty map or list in `want` matches anything). */
function derivative(want: unknown, got: unknown): boolean {
  if (want && typeof want === 'object' && !Array.isArray(want)) {
    const keys = Object.keys(want);
    if (keys.length === 0) return true;
    return !!got && typeof got === 'object' && keys.every((k) => derivative((want as Record<string, unknown>)[k], (got as Record<string, unknown>)[k]));
  }
  if (Array.isArray(want)) return want.length === 0 || (Array.isArray(got) && want.length === got.length && want.every((w, i) => derivative(w, got[i])));
  return want === got;
}

function run(cases: readonly Case[]) {
  cases.forEach((tc, i) => {
    it(`case ${i}: ${tc.manager}${tc.conflicts ? ` conflicts on ${tc.conflicts.join(', ')}` : ', no conflict'}`, () => {
      const c = cluster({ now: '2024-02-24T15:24:00Z' });
      const original = yaml(tc.original);
      const lastApplied = JSON.stringify(yaml(tc.lastApplied ?? tc.original));
      const metadata = original.metadata as Record<string, unknown>;
      ok(c.create(obj({ ...original, metadata: { ...metadata, annotations: { [LAST_APPLIED]: lastApplied } } }), { fieldManager: 'test_client_side_apply' }));
      const applied = yaml(tc.applied);
      const r = c.apply(obj(applied), { fieldManager: tc.manager, force: false });
      let live = r.ok ? r.object : undefined;
      if (tc.conflicts) {
        const f = fail(r);
        expect(f.code).toBe(409);
        expect(f.message).toBe(conflictMessage(String(applied.apiVersion), tc.conflicts));
        live = ok(c.apply(obj(applied), { fieldManager: tc.manager, force: true }));
      } else {
        ok(r);
      }
      expect(derivative(applied, JSON.parse(JSON.stringify(live)))).toBe(true);
    });
  });
}

describe('TestApplyUsingLastAppliedAnnotation (Deployment)', () => run(DEPLOYMENT_CASES));
describe('TestServiceApply', () => run(SERVICE_CASES));
describe('TestReplicationControllerApply', () => run(RC_CASES));
describe('TestPodApply', () => run(POD_CASES));
