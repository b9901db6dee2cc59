/**
 * Every kubectl command actor: the managedFields entry it creates and its exact output line
 * (apiserver-semantics §6), plus the controller, autoscaler and webhook actors.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterState } from '../../src/apiserver/types.js';
import {
  autoscalerScale,
  controllerWriteStatus,
  kubectlAnnotate,
  kubectlApply,
  kubectlCreate,
  kubectlEdit,
  kubectlLabel,
  kubectlPatch,
  kubectlRolloutRestart,
  kubectlScale,
  kubectlSetEnv,
  kubectlSetImage,
  mutatingWebhook,
  runAction,
} from '../../src/actors/index.js';
import { entry, fields, getObject, managedFields, newCluster, NGINX, NGINX_DEPLOYMENT, owns } from './support.js';

const deployment = NGINX_DEPLOYMENT;

function created(): ClusterState {
  const out = kubectlCreate(newCluster(), { manifests: deployment, now: '2024-01-01T00:00:00Z' });
  expect(out.stdout).toBe('deployment.apps/nginx created\n');
  return out.state;
}

const target = { resource: 'deployment', name: 'nginx' };

describe('kubectl create', () => {
  it('kubectl-create owns every field, defaults included; a second create is AlreadyExists', () => {
    const s = created();
    const d = getObject(s, NGINX);
    const e = entry(d, 'kubectl-create', 'Update');
    expect(e?.apiVersion).toBe('apps/v1');
    expect(e?.time).toBe('2024-01-01T00:00:00Z');
    expect(owns(e, ['f:spec', 'f:replicas'])).toBe(true);
    expect(owns(e, ['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"nginx"}', 'f:imagePullPolicy'])).toBe(true);
    const again = kubectlCreate(s, { manifests: deployment });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe('Error from server (AlreadyExists): error when creating "STDIN": deployments.apps "nginx" already exists\n');
  });
});

describe('kubectl label / annotate', () => {
  it('label: merge patch under kubectl-label, line "labeled"', () => {
    const out = kubectlLabel(created(), { ...target, labels: { tier: 'web' } });
    expect(out.stdout).toBe('deployment.apps/nginx labeled\n');
    expect(out.requests[0]).toMatchObject({ contentType: 'application/merge-patch+json', fieldManager: 'kubectl-label', body: { metadata: { labels: { tier: 'web' } } } });
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-label', 'Update'))).toBe('{"f:metadata":{"f:labels":{"f:tier":{}}}}');
  });

  it('label without --overwrite refuses to change a value; removal prints "unlabeled"', () => {
    const s = created();
    const refused = kubectlLabel(s, { ...target, labels: { app: 'other' } });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toBe("error: 'app' already has a value (nginx), and --overwrite is false\n");
    expect(refused.requests).toEqual([]);
    const labeled = kubectlLabel(s, { ...target, labels: { tier: 'web' } });
    expect(kubectlLabel(labeled.state, { ...target, labels: { tier: null } }).stdout).toBe('deployment.apps/nginx unlabeled\n');
    expect(kubectlLabel(labeled.state, { ...target, labels: { tier: 'web' } }).stdout).toBe('deployment.apps/nginx not labeled\n');
  });

  it('annotate: kubectl-annotate creates the annotations map, line "annotated"', () => {
    const out = kubectlAnnotate(created(), { ...target, annotations: { owner: 'team-a' } });
    expect(out.stdout).toBe('deployment.apps/nginx annotated\n');
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-annotate', 'Update'))).toBe('{"f:metadata":{"f:annotations":{".":{},"f:owner":{}}}}');
    const refused = kubectlAnnotate(out.state, { ...target, annotations: { owner: 'team-b' } });
    expect(refused.stderr).toBe("error: --overwrite is false but found the following declared annotation(s): 'owner' already has a value (team-a)\n");
  });
});

describe('kubectl set image / set env', () => {
  it('set image: kubectl-set owns the image, line "image updated"', () => {
    const out = kubectlSetImage(created(), { resource: 'deployment/nginx', images: { nginx: 'nginx:1.26' } });
    expect(out.stdout).toBe('deployment.apps/nginx image updated\n');
    const d = getObject(out.state, NGINX);
    expect(fields(entry(d, 'kubectl-set', 'Update'))).toBe('{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:image":{}}}}}}}');
    expect(owns(entry(d, 'kubectl-create'), ['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"nginx"}', 'f:image'])).toBe(false);
    expect(kubectlSetImage(created(), { resource: 'deployment/nginx', images: { nope: 'x' } }).stderr).toBe('error: unable to find container named "nope"\n');
  });

  it('set env: kubectl-set owns the new variable; setting the same value again sends nothing', () => {
    const out = kubectlSetEnv(created(), { ...target, env: { LOG: 'debug' } });
    expect(out.stdout).toBe('deployment.apps/nginx env updated\n');
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-set', 'Update'))).toBe(
      '{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:env":{"k:{\\"name\\":\\"LOG\\"}":{".":{},"f:name":{},"f:value":{}}}}}}}}}',
    );
    const again = kubectlSetEnv(out.state, { ...target, env: { LOG: 'debug' } });
    expect(again.requests).toEqual([]);
    expect(again.stdout).toBe('');
  });
});

describe('kubectl edit', () => {
  it('kubectl-edit owns what the edit changed, line "edited"; no change: "Edit cancelled"', () => {
    const out = kubectlEdit(created(), { ...target, changes: { spec: { replicas: 4 } } });
    expect(out.stdout).toBe('deployment.apps/nginx edited\n');
    expect(out.requests[0].contentType).toBe('application/strategic-merge-patch+json');
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-edit', 'Update'))).toBe('{"f:spec":{"f:replicas":{}}}');
    const none = kubectlEdit(out.state, { ...target, changes: { spec: { replicas: 4 } } });
    expect(none.requests).toEqual([]);
    expect(none.stderr).toBe('Edit cancelled, no changes made.\n');
    expect(none.exitCode).toBe(0);
  });
});

describe('kubectl patch', () => {
  it('merge patch: kubectl-patch owns the changed field; the same patch again is "(no change)"', () => {
    const out = kubectlPatch(created(), { ...target, type: 'merge', patch: '{"spec":{"replicas":3}}' });
    expect(out.stdout).toBe('deployment.apps/nginx patched\n');
    expect(fields(entry(getObject(out.state, NGINX), 'kubectl-patch', 'Update'))).toBe('{"f:spec":{"f:replicas":{}}}');
    expect(kubectlPatch(out.state, { ...target, type: 'merge', patch: { spec: { replicas: 3 } } }).stdout).toBe('deployment.apps/nginx patched (no change)\n');
  });

  it('JSON patch (apiserver-semantics §6 example): takes a, removes b from every entry', () => {
    const cm = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n  b: "2"\n';
    const applied = kubectlApply(newCluster(), { manifests: cm, now: '2024-01-01T00:00:00Z' });
    const out = kubectlPatch(applied.state, {
      resource: 'cm',
      name: 'x',
      type: 'json',
      patch: '[{"op":"replace","path":"/data/a","value":"9"},{"op":"remove","path":"/data/b"}]',
      now: '2024-01-02T00:00:00Z',
    });
    expect(out.stdout).toBe('configmap/x patched\n');
    const obj = getObject(out.state, { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'x' });
    const patch = entry(obj, 'kubectl-patch', 'Update');
    expect(fields(patch)).toBe('{"f:data":{"f:a":{}}}');
    expect(patch?.time).toBe('2024-01-02T00:00:00Z');
    const csa = entry(obj, 'kubectl-client-side-apply', 'Update');
    // It keeps the data map itself, now a leaf (apiserver-semantics §1.4 encoding).
    expect(fields(csa)).toBe('{"f:data":{},"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}');
    expect(csa?.time).toBe('2024-01-01T00:00:00Z');
  });
});

describe('kubectl scale', () => {
  it('goes through /scale with no field manager: recorded as kubectl, subresource scale, no time', () => {
    const out = kubectlScale(created(), { ...target, replicas: 5 });
    expect(out.stdout).toBe('deployment.apps/nginx scaled\n');
    expect(out.requests[0]).toMatchObject({
      verb: 'PATCH',
      uri: '/apis/apps/v1/namespaces/default/deployments/nginx/scale',
      contentType: 'application/merge-patch+json',
      effectiveManager: 'kubectl',
      subresource: 'scale',
      body: { spec: { replicas: 5 } },
    });
    expect(out.requests[0].fieldManager).toBeUndefined();
    const d = getObject(out.state, NGINX);
    expect((d.spec as { replicas: number }).replicas).toBe(5);
    const e = entry(d, 'kubectl', 'Update', 'scale');
    expect(e?.apiVersion).toBe('apps/v1');
    expect(e?.time).toBeUndefined();
    expect(fields(e)).toBe('{"f:spec":{"f:replicas":{}}}');
    expect(owns(entry(d, 'kubectl-create'), ['f:spec', 'f:replicas'])).toBe(false);
  });

  it('--current-replicas to 0: the Scale it PUTs has an empty spec (autoscaling/v1 ScaleSpec.replicas is omitempty)', () => {
    const out = kubectlScale(created(), { ...target, currentReplicas: 2, replicas: 0 });
    expect(out.stdout).toBe('deployment.apps/nginx scaled\n');
    expect(out.requests[0]).toMatchObject({ verb: 'PUT', subresource: 'scale' });
    const body = out.requests[0].body as { spec: Record<string, unknown>; status: Record<string, unknown> };
    expect(body.spec).toEqual({});
    expect(body.status.replicas).toBe(0);
    expect((getObject(out.state, NGINX).spec as { replicas: number }).replicas).toBe(0);
  });
});

describe('kubectl rollout restart', () => {
  it('kubectl-rollout owns the restartedAt annotation, line "restarted"', () => {
    const out = kubectlRolloutRestart(created(), { ...target, now: '2024-01-03T00:00:00Z' });
    expect(out.stdout).toBe('deployment.apps/nginx restarted\n');
    const d = getObject(out.state, NGINX);
    expect(fields(entry(d, 'kubectl-rollout', 'Update'))).toBe(
      '{"f:spec":{"f:template":{"f:metadata":{"f:annotations":{".":{},"f:kubectl.kubernetes.io/restartedAt":{}}}}}}',
    );
    const tpl = (d.spec as { template: { metadata: { annotations: Record<string, string> } } }).template;
    expect(tpl.metadata.annotations['kubectl.kubernetes.io/restartedAt']).toBe('2024-01-03T00:00:00Z');
  });
});

describe('kubectl apply lines: created, configured, unchanged', () => {
  it('client-side apply of a Deployment three times', () => {
    const a = kubectlApply(newCluster(), { manifests: deployment });
    expect(a.stdout).toBe('deployment.apps/nginx created\n');
    expect(managedFields(getObject(a.state, NGINX)).map((e) => e.manager)).toEqual(['kubectl-client-side-apply']);
    const b = kubectlApply(a.state, { manifests: deployment.replace('replicas: 2', 'replicas: 3') });
    expect(b.stdout).toBe('deployment.apps/nginx configured\n');
    const c = kubectlApply(b.state, { manifests: deployment.replace('replicas: 2', 'replicas: 3') });
    expect(c.stdout).toBe('deployment.apps/nginx unchanged\n');
    expect(c.requests).toEqual([]);
  });

  it('on an object created without the annotation, kubectl warns and patches it in', () => {
    const out = kubectlApply(created(), { manifests: deployment });
    expect(out.stderr).toBe(
      'Warning: resource deployments/nginx is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply. ' +
        'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
        'The missing annotation will be patched automatically.\n',
    );
    expect(out.stdout).toBe('deployment.apps/nginx configured\n');
  });
});

describe('controllers, autoscaler, webhook', () => {
  it('controller status write: kube-controller-manager, Update, subresource status', () => {
    const out = controllerWriteStatus(created(), { ...NGINX, status: { replicas: 2, readyReplicas: 2 } });
    expect(out.exitCode).toBe(0);
    expect(out.requests[0].uri).toBe('/apis/apps/v1/namespaces/default/deployments/nginx/status');
    const e = entry(getObject(out.state, NGINX), 'kube-controller-manager', 'Update', 'status');
    expect(owns(e, ['f:status', 'f:replicas'])).toBe(true);
    expect(owns(e, ['f:status', 'f:readyReplicas'])).toBe(true);
  });

  it('autoscaler: GET + PUT of the Scale, kube-controller-manager with subresource scale', () => {
    const out = autoscalerScale(created(), { ...NGINX, replicas: 7 });
    expect(out.requests.map((r) => `${r.verb} ${r.uri}`)).toEqual(['PUT /apis/apps/v1/namespaces/default/deployments/nginx/scale']);
    const d = getObject(out.state, NGINX);
    expect((d.spec as { replicas: number }).replicas).toBe(7);
    expect(owns(entry(d, 'kube-controller-manager', 'Update', 'scale'), ['f:spec', 'f:replicas'])).toBe(true);
  });

  it('mutating webhook: the fields it adds are owned by nobody', () => {
    const hooked = mutatingWebhook(newCluster(), {
      name: 'vpc-resource-mutating-webhook',
      match: { kind: 'Pod' },
      patch: [
        { op: 'add', path: '/spec/containers/0/resources/limits', value: { 'vpc.amazonaws.com/pod-eni': '1' } },
        { op: 'add', path: '/spec/containers/0/resources/requests', value: { 'vpc.amazonaws.com/pod-eni': '1' } },
      ],
    });
    expect(hooked.requests).toEqual([]);
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: app\nspec:\n  containers:\n  - name: app\n    image: busybox\n';
    const out = kubectlApply(hooked.state, { manifests: pod });
    const p = getObject(out.state, { apiVersion: 'v1', kind: 'Pod', namespace: 'default', name: 'app' });
    const c = (p.spec as { containers: { resources: Record<string, unknown> }[] }).containers[0];
    expect(c.resources.limits).toEqual({ 'vpc.amazonaws.com/pod-eni': '1' });
    for (const e of managedFields(p)) expect(JSON.stringify(e.fieldsV1).includes('pod-eni')).toBe(false);
  });

  it('a controller named by its user agent: eks-vpc-resource-controller writes node capacity as "controller"', () => {
    // (With labels: a node whose creator owned nothing would be untracked, and so would the status write.)
    const node = kubectlCreate(newCluster(), { manifests: 'apiVersion: v1\nkind: Node\nmetadata:\n  name: ip-10-0-1-1\n  labels:\n    kubernetes.io/os: linux\n' });
    const out = controllerWriteStatus(node.state, {
      apiVersion: 'v1',
      kind: 'Node',
      name: 'ip-10-0-1-1',
      status: { capacity: { 'vpc.amazonaws.com/pod-eni': '9' } },
      userAgent: 'controller/v0.0.0 (linux/amd64) kubernetes/$Format',
    });
    expect(out.requests[0]).toMatchObject({ uri: '/api/v1/nodes/ip-10-0-1-1/status', effectiveManager: 'controller' });
    const n = getObject(out.state, { apiVersion: 'v1', kind: 'Node', name: 'ip-10-0-1-1' });
    expect(owns(entry(n, 'controller', 'Update', 'status'), ['f:status', 'f:capacity', 'f:vpc.amazonaws.com/pod-eni'])).toBe(true);
  });

  it('vpcLambda creating aws-auth (the-eks-story.md §7): manager from the user agent, the exact entry', () => {
    const out = runAction('client-update', newCluster(), {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'kube-system',
      name: 'aws-auth',
      method: 'create',
      object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'aws-auth', namespace: 'kube-system' }, data: { mapRoles: '- rolearn: x\n' } },
      userAgent: 'vpcLambda/1.0',
    });
    const cm = getObject(out.state, { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'kube-system', name: 'aws-auth' });
    const e = entry(cm, 'vpcLambda', 'Update');
    expect(e?.apiVersion).toBe('v1');
    expect(fields(e)).toBe('{"f:data":{".":{},"f:mapRoles":{}}}');
  });

  it('runAction dispatches by name', () => {
    const out = runAction('kubectl-label', created(), { ...target, labels: { tier: 'web' } });
    expect(out.stdout).toBe('deployment.apps/nginx labeled\n');
  });
});
