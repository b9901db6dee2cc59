/**
 * What kubectl v1.32 puts on the wire and prints, per ../shared/docs/kubectl-on-the-wire.md:
 * field validation, subresource follow-ups, label removal, wrapped file errors, the Scale's kind,
 * and the number format of the last-applied annotation.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterState } from '../../src/apiserver/types.js';
import {
  KUBECTL_USER_AGENT,
  kubectlAnnotate,
  kubectlApply,
  kubectlCreate,
  kubectlEdit,
  kubectlLabel,
  kubectlPatch,
  LAST_APPLIED,
} from '../../src/actors/index.js';
import { getObject, newCluster, NGINX, NGINX_DEPLOYMENT, tryGet } from './support.js';

const deployment = NGINX_DEPLOYMENT;
const withUnknown = deployment.replace('  replicas: 2\n', '  replicas: 2\n  replicaz: 3\n');

function applied(): ClusterState {
  return kubectlApply(newCluster(), { manifests: deployment }).state;
}

describe('field validation (kubectl v1.32 sends fieldValidation=Strict by default)', () => {
  it('the user agent is kubectl v1.32', () => {
    expect(KUBECTL_USER_AGENT).toBe('kubectl/v1.32.4 (linux/amd64) kubernetes/4cb5f07');
  });

  it('apply, create and edit send fieldValidation=Strict; --validate picks Warn or Ignore', () => {
    const csa = kubectlApply(newCluster(), { manifests: deployment });
    expect(csa.requests[0].uri).toBe('/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-client-side-apply&fieldValidation=Strict');
    const patched = kubectlApply(csa.state, { manifests: deployment.replace('replicas: 2', 'replicas: 3') });
    expect(patched.requests[0].uri).toBe('/apis/apps/v1/namespaces/default/deployments/nginx?fieldManager=kubectl-client-side-apply&fieldValidation=Strict');
    const ssa = kubectlApply(csa.state, { manifests: deployment, serverSide: true });
    expect(ssa.requests.map((r) => r.uri.split('?')[1])).toEqual([
      'fieldManager=kubectl&fieldValidation=Strict&force=false',
      'fieldManager=kubectl-last-applied&fieldValidation=Strict',
      'fieldManager=kubectl&fieldValidation=Strict',
      'fieldManager=kubectl&fieldValidation=Strict&force=false',
    ]);
    const created = kubectlCreate(newCluster(), { manifests: deployment });
    expect(created.requests[0].uri).toBe('/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-create&fieldValidation=Strict');
    const edited = kubectlEdit(csa.state, { resource: 'deployment/nginx', changes: { spec: { replicas: 5 } } });
    expect(edited.requests[0].uri).toBe('/apis/apps/v1/namespaces/default/deployments/nginx?fieldManager=kubectl-edit&fieldValidation=Strict');
    for (const [validate, sent] of [
      ['strict', 'Strict'],
      ['true', 'Strict'],
      [true, 'Strict'],
      ['warn', 'Warn'],
      ['ignore', 'Ignore'],
      ['false', 'Ignore'],
      [false, 'Ignore'],
    ] as const) {
      const out = kubectlCreate(newCluster(), { manifests: deployment, validate });
      expect(out.requests[0].uri).toBe(`/apis/apps/v1/namespaces/default/deployments?fieldManager=kubectl-create&fieldValidation=${sent}`);
    }
  });

  it('an invalid --validate value is refused as kubectl refuses it', () => {
    const out = kubectlApply(newCluster(), { manifests: deployment, validate: 'loose' as never });
    expect(out.exitCode).toBe(1);
    expect(out.requests).toEqual([]);
    expect(out.stderr).toBe('error: invalid - validate option "loose"; must be one of: strict (or true), warn, ignore (or false)\n');
  });

  it('an unknown field is a 400 strict decoding error and nothing is written', () => {
    const out = kubectlApply(newCluster(), { manifests: withUnknown, filename: 'nginx.yaml' });
    expect(out.exitCode).toBe(1);
    expect(out.requests[0].code).toBe(400);
    expect(out.stderr).toBe('Error from server (BadRequest): error when creating "nginx.yaml": strict decoding error: unknown field "spec.replicaz"\n');
    expect(tryGet(out.state, NGINX)).toBeUndefined();
    // server-side apply: refused by the server's typed conversion, and not wrapped by kubectl
    const ssa = kubectlApply(newCluster(), { manifests: withUnknown, serverSide: true, filename: 'nginx.yaml' });
    expect(ssa.exitCode).toBe(1);
    expect(ssa.requests[0].uri).toContain('fieldValidation=Strict');
    expect(ssa.stderr).toBe(`Error from server: ${ssa.requests[0].failure!.message}\n`);
    expect(tryGet(ssa.state, NGINX)).toBeUndefined();
    const warned = kubectlCreate(newCluster(), { manifests: withUnknown, validate: 'warn' });
    expect(warned.exitCode).toBe(0);
    expect(warned.stderr).toBe('Warning: unknown field "spec.replicaz"\n');
  });
});

describe('apply --server-side --subresource=status', () => {
  it('sends the last-applied apply and the migration patch to the subresource too', () => {
    const status = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\nstatus:\n  replicas: 2\n';
    const out = kubectlApply(applied(), { manifests: status, serverSide: true, subresource: 'status' });
    expect(out.exitCode).toBe(0);
    expect(out.requests.map((r) => `${r.verb} ${r.uri.split('?')[0]}`)).toEqual(
      out.requests.map(() => 'PATCH /apis/apps/v1/namespaces/default/deployments/nginx/status'),
    );
    expect(out.requests.length).toBeGreaterThan(1);
  });
});

describe('label / annotate KEY- on the last key', () => {
  it('sends {"metadata":{"labels":{"KEY":null}}}, not {"labels":null}', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n';
    const s = kubectlCreate(newCluster(), { manifests: cm }).state;
    const labeled = kubectlLabel(s, { resource: 'cm/x', labels: { tier: 'web' } });
    const unlabeled = kubectlLabel(labeled.state, { resource: 'cm/x', labels: { tier: null } });
    expect(unlabeled.requests[0].body).toEqual({ metadata: { labels: { tier: null } } });
    const annotated = kubectlAnnotate(s, { resource: 'cm/x', annotations: { note: 'n' } });
    const unannotated = kubectlAnnotate(annotated.state, { resource: 'cm/x', annotations: { note: null } });
    expect(unannotated.requests[0].body).toEqual({ metadata: { annotations: { note: null } } });
  });
});

describe('failed file-based writes are wrapped as kubectl wraps them', () => {
  it('create of an existing object: error when creating "FILE"', () => {
    const s = kubectlCreate(newCluster(), { manifests: deployment }).state;
    const again = kubectlCreate(s, { manifests: deployment, filename: 'deploy.yaml' });
    expect(again.stderr).toBe('Error from server (AlreadyExists): error when creating "deploy.yaml": deployments.apps "nginx" already exists\n');
  });

  it('without a file name the source is STDIN', () => {
    const s = kubectlCreate(newCluster(), { manifests: deployment }).state;
    expect(kubectlCreate(s, { manifests: deployment }).stderr).toBe(
      'Error from server (AlreadyExists): error when creating "STDIN": deployments.apps "nginx" already exists\n',
    );
  });

  it('a client-side apply patch the server refuses as Invalid: kubectl prints the cause, not its wrapped message', () => {
    // replicas "two" does not fit the Deployment's int32: kube-apiserver's strategic merge patch
    // path answers 422 with the converter's text under `patch` (handlers/patch.go), and kubectl's
    // checkErr prints an Invalid status from its causes, so the "error when applying patch ..."
    // kubectl added to the message does not show.
    const bad = deployment.replace('replicas: 2', 'replicas: "two"');
    const out = kubectlApply(applied(), { manifests: bad, filename: 'deploy.yaml', validate: 'ignore' });
    expect(out.exitCode).toBe(1);
    const r = out.requests[0];
    expect(r.code).toBe(422);
    expect(r.failure!.message).toMatch(/^ "" is invalid: patch: Invalid value: /);
    expect(out.stderr).toMatch(/^The request is invalid: patch: Invalid value: "map\[.*spec:map\[replicas:two\]\]": unrecognized type: int32\n$/s);
  });

  it('a JSON patch that does not apply: the generic 422 has no kind, name or causes, so kubectl prints its message', () => {
    // kube-apiserver answers with errors.NewGenericServerResponse(422) and empty details;
    // test/server/kubectl-json-patch-errors.test.ts has real kubectl print the same text.
    const out = kubectlPatch(applied(), { resource: 'deployment/nginx', type: 'json', patch: '[{"op":"test","path":"/spec/replicas","value":7}]' });
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toBe('The request is invalid: the server rejected our request due to an error in our request\n');
  });

  it('a server-side apply conflict stays unwrapped', () => {
    const s = applied();
    const out = kubectlApply(s, { manifests: deployment.replace('replicas: 2', 'replicas: 4'), serverSide: true, fieldManager: 'other', filename: 'deploy.yaml' });
    expect(out.exitCode).toBe(1);
    expect(out.stderr.startsWith('error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply"')).toBe(true);
  });
});

describe('kubectl patch --subresource=scale', () => {
  it('prints the kind of the response: scale.autoscaling/nginx patched', () => {
    const out = kubectlPatch(applied(), { resource: 'deployment/nginx', subresource: 'scale', type: 'merge', patch: '{"spec":{"replicas":4}}' });
    expect(out.stdout).toBe('scale.autoscaling/nginx patched\n');
    expect((getObject(out.state, NGINX).spec as { replicas: number }).replicas).toBe(4);
  });
});

describe('numbers in the last-applied annotation follow encoding/json', () => {
  it('1.5e-7 and 1e+21, not 1.5e-07', () => {
    // the server drops the unknown `extra` (validate=ignore); the annotation keeps the manifest as written
    const out = kubectlApply(newCluster(), {
      manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'n' }, data: { a: '1' }, extra: { small: 1.5e-7, big: 1e21, mid: 0.25 } } as never],
      validate: 'ignore',
    });
    const obj = getObject(out.state, { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'n' });
    const annotation = ((obj.metadata as { annotations: Record<string, string> }).annotations)[LAST_APPLIED];
    expect(annotation).toContain('"extra":{"big":1e+21,"mid":0.25,"small":1.5e-7}');
  });
});

describe('kubectl patch -p: the bytes kubectl sends', () => {
  it('a JSON object is sent as typed; a JSON patch list or YAML is re-encoded with sorted keys', () => {
    const typed = '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}';
    expect(kubectlPatch(applied(), { resource: 'deployment/nginx', patch: typed }).requests[0].body).toBe(typed);
    const list = kubectlPatch(applied(), { resource: 'deployment/nginx', type: 'json', patch: '[{"value":3,"path":"/spec/replicas","op":"replace"}]' });
    expect(list.requests[0].body).toEqual([{ op: 'replace', path: '/spec/replicas', value: 3 }]);
    expect(list.stdout).toBe('deployment.apps/nginx patched\n');
  });
});
