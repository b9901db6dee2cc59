/**
 * The EKS story end to end (../shared/docs/the-eks-story.md): bootstrap by client-side apply, a
 * user's `kubectl set env`, then the add-on update under NONE, OVERWRITE and PRESERVE.
 */
import { describe, expect, it } from 'vitest';
import type { ClusterState } from '../../src/apiserver/types.js';
import { eksCreateAddon, eksUpdateAddon, kubectlApply, kubectlSetEnv } from '../../src/actors/index.js';
import { vpcCniManifest } from '../../src/actors/eks/addons/vpc-cni.js';
import { awsNode, containerOf, DS, entry, envValue, envVar, fields, getObject, initContainer, managedFields, newCluster, owns } from './support.js';

const BOOTSTRAP_UA = 'kubectl/v1.22.12 (linux/amd64) kubernetes/dade57b';
const OLD = 'v1.10.1-eksbuild.1';
const NEW = 'v1.11.4-eksbuild.1';
const REGISTRY = '602401143452.dkr.ecr.eu-west-1.amazonaws.com';

const CONFLICT_409 = `Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:
- .spec.template.spec.containers[name="aws-node"].image
- .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image`;

function bootstrapped(): ClusterState {
  const out = kubectlApply(newCluster(), { manifests: vpcCniManifest({ version: OLD }), userAgent: BOOTSTRAP_UA, now: '2022-09-01T10:00:00Z' });
  expect(out.exitCode).toBe(0);
  return out.state;
}

function withWarmIpTarget(): ClusterState {
  const out = kubectlSetEnv(bootstrapped(), {
    resource: 'daemonset',
    name: 'aws-node',
    namespace: 'kube-system',
    env: { WARM_IP_TARGET: '5' },
    now: '2022-09-02T10:00:00Z',
  });
  expect(out.exitCode).toBe(0);
  return out.state;
}

describe('1. bootstrap: kubectl apply (client-side) creates aws-node', () => {
  it('prints one created line per object and sends one POST each', () => {
    const out = kubectlApply(newCluster(), { manifests: vpcCniManifest({ version: OLD }), userAgent: BOOTSTRAP_UA });
    expect(out.stdout).toBe(
      'serviceaccount/aws-node created\n' +
        'clusterrole.rbac.authorization.k8s.io/aws-node created\n' +
        'clusterrolebinding.rbac.authorization.k8s.io/aws-node created\n' +
        'daemonset.apps/aws-node created\n',
    );
    expect(out.stderr).toBe('');
    expect(out.requests.map((r) => `${r.verb} ${r.uri} ${r.code}`)).toEqual([
      'POST /api/v1/namespaces/kube-system/serviceaccounts?fieldManager=kubectl-client-side-apply&fieldValidation=Strict 201',
      'POST /apis/rbac.authorization.k8s.io/v1/clusterroles?fieldManager=kubectl-client-side-apply&fieldValidation=Strict 201',
      'POST /apis/rbac.authorization.k8s.io/v1/clusterrolebindings?fieldManager=kubectl-client-side-apply&fieldValidation=Strict 201',
      'POST /apis/apps/v1/namespaces/kube-system/daemonsets?fieldManager=kubectl-client-side-apply&fieldValidation=Strict 201',
    ]);
  });

  it('leaves one Update entry, kubectl-client-side-apply, owning the manifest, the defaults and the annotation', () => {
    const ds = getObject(bootstrapped(), DS);
    const mf = managedFields(ds);
    expect(mf.map((e) => [e.manager, e.operation, e.apiVersion])).toEqual([['kubectl-client-side-apply', 'Update', 'apps/v1']]);
    const csa = mf[0];
    expect(owns(csa, ['f:metadata', 'f:annotations', 'f:kubectl.kubernetes.io/last-applied-configuration'])).toBe(true);
    expect(owns(csa, awsNode('f:image'))).toBe(true);
    expect(owns(csa, initContainer('f:image'))).toBe(true);
    expect(owns(csa, envVar('AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER', 'f:value'))).toBe(true);
    // A field the server defaulted at create (not in the manifest) is owned too.
    expect(owns(csa, awsNode('f:terminationMessagePath'))).toBe(true);
    const annotation = ((ds.metadata as Record<string, unknown>).annotations as Record<string, string>)['kubectl.kubernetes.io/last-applied-configuration'];
    expect(annotation.startsWith('{"apiVersion":"apps/v1","kind":"DaemonSet","metadata":{"annotations":{},"labels":{"k8s-app":"aws-node"},"name":"aws-node","namespace":"kube-system"},')).toBe(true);
    expect(annotation.endsWith('}\n')).toBe(true);
  });

  it('applying the same manifest again sends nothing and prints unchanged', () => {
    const out = kubectlApply(bootstrapped(), { manifests: vpcCniManifest({ version: OLD }) });
    expect(out.requests).toEqual([]);
    expect(out.stdout).toBe(
      'serviceaccount/aws-node unchanged\n' +
        'clusterrole.rbac.authorization.k8s.io/aws-node unchanged\n' +
        'clusterrolebinding.rbac.authorization.k8s.io/aws-node unchanged\n' +
        'daemonset.apps/aws-node unchanged\n',
    );
  });
});

describe('2. the user sets WARM_IP_TARGET=5 with kubectl set env', () => {
  it('prints env updated and records kubectl-set as owner of the new variable', () => {
    const out = kubectlSetEnv(bootstrapped(), { resource: 'daemonset', name: 'aws-node', namespace: 'kube-system', env: { WARM_IP_TARGET: '5' } });
    expect(out.stdout).toBe('daemonset.apps/aws-node env updated\n');
    expect(out.requests).toHaveLength(1);
    expect(out.requests[0]).toMatchObject({
      verb: 'PATCH',
      uri: '/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?fieldManager=kubectl-set',
      contentType: 'application/strategic-merge-patch+json',
      effectiveManager: 'kubectl-set',
      code: 200,
    });
    const ds = getObject(out.state, DS);
    expect(envValue(ds, 'WARM_IP_TARGET')).toBe('5');
    const set = entry(ds, 'kubectl-set', 'Update');
    expect(owns(set, envVar('WARM_IP_TARGET', 'f:value'))).toBe(true);
    expect(owns(entry(ds, 'kubectl-client-side-apply'), envVar('WARM_IP_TARGET'))).toBe(false);
  });
});

describe('2b. re-applying the bootstrap manifest after kubectl set env', () => {
  it("keeps the user's variable; kubectl still says configured, its patch holding only $setElementOrder (the env lists differ in length)", () => {
    const out = kubectlApply(withWarmIpTarget(), { manifests: vpcCniManifest({ version: OLD }) });
    expect(out.stdout.split('\n')[3]).toBe('daemonset.apps/aws-node configured');
    expect(JSON.stringify(out.requests[0].body).includes('"value"')).toBe(false);
    const ds = getObject(out.state, DS);
    expect(envValue(ds, 'WARM_IP_TARGET')).toBe('5');
    expect(owns(entry(ds, 'kubectl-set'), envVar('WARM_IP_TARGET', 'f:value'))).toBe(true);
  });
});

describe('3. the add-on update to v1.11.4 under NONE', () => {
  const out = eksUpdateAddon(withWarmIpTarget(), { addonVersion: NEW, resolveConflicts: 'NONE', now: '2022-09-03T10:00:00Z' });

  it('dry-runs the DaemonSet apply as eks without force and gets the 409, byte for byte', () => {
    const dry = out.requests.find((r) => r.uri.includes('/daemonsets/aws-node'))!;
    expect(dry.uri).toBe('/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?dryRun=All&fieldManager=eks&force=false&timeout=10s');
    expect(dry.userAgent).toBe('Go-http-client/1.1');
    expect(dry.contentType).toBe('application/apply-patch+yaml');
    expect(dry.code).toBe(409);
    expect(dry.failure?.reason).toBe('Conflict');
    expect(dry.failure?.message).toBe(CONFLICT_409);
    expect(dry.failure?.causes).toEqual([
      { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: '.spec.template.spec.containers[name="aws-node"].image' },
      {
        reason: 'FieldManagerConflict',
        message: 'conflict with "kubectl-client-side-apply" using apps/v1',
        field: '.spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
      },
    ]);
  });

  it('fails the add-on with UPDATE_FAILED and ConfigurationConflict, applying nothing', () => {
    expect(out.exitCode).toBe(1);
    expect(out.addon?.status).toBe('UPDATE_FAILED');
    expect(out.addon?.health.issues).toEqual([
      {
        code: 'ConfigurationConflict',
        message:
          'Conflicts found when trying to apply. Will not continue due to resolve conflicts mode. Conflicts: ' +
          'DaemonSet.apps aws-node - .spec.template.spec.containers[name="aws-node"].image ' +
          'DaemonSet.apps aws-node - .spec.template.spec.initContainers[name="aws-vpc-cni-init"].image',
        resourceIds: ['DaemonSet.apps aws-node'],
      },
    ]);
    expect(out.stderr.startsWith('Error: addon status transitioned to "UPDATE_FAILED"\n')).toBe(true);
    expect(out.requests.every((r) => r.dryRun)).toBe(true);
    const ds = getObject(out.state, DS);
    expect(containerOf(ds, 'containers', 'aws-node').image).toBe(`${REGISTRY}/amazon-k8s-cni:${OLD}`);
    expect(entry(ds, 'eks')).toBeUndefined();
  });

  it('on create, the same conflicts give CREATE_FAILED', () => {
    const created = eksCreateAddon(withWarmIpTarget(), { addonVersion: NEW });
    expect(created.addon?.status).toBe('CREATE_FAILED');
    expect(created.stderr.startsWith('Error: addon status transitioned to "CREATE_FAILED"\n')).toBe(true);
    // PRESERVE on create is "similar to NONE" (users-and-peers §3.2).
    expect(eksCreateAddon(withWarmIpTarget(), { addonVersion: NEW, resolveConflicts: 'PRESERVE' }).addon?.status).toBe('CREATE_FAILED');
  });
});

describe('4-5. OVERWRITE: eks takes the images; WARM_IP_TARGET survives, still kubectl-set\'s', () => {
  const out = eksUpdateAddon(withWarmIpTarget(), { addonVersion: NEW, resolveConflicts: 'OVERWRITE', now: '2022-09-04T10:00:00Z' });
  const ds = getObject(out.state, DS);
  const eks = entry(ds, 'eks', 'Apply');
  const csa = entry(ds, 'kubectl-client-side-apply', 'Update');

  it('sends the apply with force=true and succeeds', () => {
    expect(out.exitCode).toBe(0);
    expect(out.addon?.status).toBe('ACTIVE');
    const dsApply = out.requests.find((r) => r.uri.includes('/daemonsets/aws-node'))!;
    expect(dsApply.uri).toBe('/apis/apps/v1/namespaces/kube-system/daemonsets/aws-node?fieldManager=eks&force=true&timeout=10s');
    expect(dsApply.code).toBe(200);
    expect(out.stdout).toBe('addon "vpc-cni" v1.11.4-eksbuild.1 is ACTIVE (resolveConflicts OVERWRITE)\n');
  });

  it('eks owns the images alone; the fields both agree on stay shared', () => {
    expect(containerOf(ds, 'containers', 'aws-node').image).toBe(`${REGISTRY}/amazon-k8s-cni:${NEW}`);
    expect(containerOf(ds, 'initContainers', 'aws-vpc-cni-init').image).toBe(`${REGISTRY}/amazon-k8s-cni-init:${NEW}`);
    expect(eks?.apiVersion).toBe('apps/v1');
    expect(eks?.time).toBe('2022-09-04T10:00:00Z');
    expect(owns(eks, awsNode('f:image'))).toBe(true);
    expect(owns(eks, initContainer('f:image'))).toBe(true);
    expect(owns(csa, awsNode('f:image'))).toBe(false);
    expect(owns(csa, initContainer('f:image'))).toBe(false);
    expect(owns(eks, envVar('AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER', 'f:value'))).toBe(true);
    expect(owns(csa, envVar('AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER', 'f:value'))).toBe(true);
    expect(owns(eks, ['f:spec', 'f:template', 'f:spec', 'f:affinity', 'f:nodeAffinity', 'f:requiredDuringSchedulingIgnoredDuringExecution'])).toBe(true);
    expect(fields(eks).includes('"k:{\\"name\\":\\"AWS_VPC_K8S_CNI_CONFIGURE_RPFILTER\\"}":{".":{},"f:name":{},"f:value":{}}')).toBe(true);
  });

  it('WARM_IP_TARGET is untouched and owned by kubectl-set only', () => {
    expect(envValue(ds, 'WARM_IP_TARGET')).toBe('5');
    expect(owns(entry(ds, 'kubectl-set', 'Update'), envVar('WARM_IP_TARGET', 'f:value'))).toBe(true);
    expect(owns(eks, envVar('WARM_IP_TARGET'))).toBe(false);
  });
});

describe('6. PRESERVE on an update where the user changed an env var EKS applies', () => {
  // The add-on installed by EKS on a cluster without a self-managed aws-node, then the user's edit.
  function installedThenEdited(): ClusterState {
    const install = eksCreateAddon(newCluster(), { addonVersion: OLD, resolveConflicts: 'NONE', now: '2022-09-01T10:00:00Z' });
    expect(install.addon?.status).toBe('ACTIVE');
    expect(install.requests.some((r) => r.dryRun)).toBe(false);
    const edit = kubectlSetEnv(install.state, {
      resource: 'ds/aws-node',
      namespace: 'kube-system',
      container: 'aws-node',
      env: { ENABLE_PREFIX_DELEGATION: 'true' },
      now: '2022-09-02T10:00:00Z',
    });
    expect(edit.exitCode).toBe(0);
    return edit.state;
  }
  const path = '.spec.template.spec.containers[name="aws-node"].env[name="ENABLE_PREFIX_DELEGATION"].value';

  it('NONE fails on exactly that path', () => {
    const out = eksUpdateAddon(installedThenEdited(), { addonVersion: NEW });
    expect(out.addon?.status).toBe('UPDATE_FAILED');
    expect(out.addon?.health.issues[0].message).toBe(
      `Conflicts found when trying to apply. Will not continue due to resolve conflicts mode. Conflicts: DaemonSet.apps aws-node - ${path}`,
    );
  });

  it('PRESERVE, default model: the user keeps the value and sole ownership; the images update', () => {
    const out = eksUpdateAddon(installedThenEdited(), { addonVersion: NEW, resolveConflicts: 'PRESERVE', now: '2022-09-03T10:00:00Z' });
    expect(out.exitCode).toBe(0);
    expect(out.addon).toMatchObject({
      status: 'ACTIVE',
      preserveModel: 'drop-conflicting-paths',
      preserved: [{ object: 'DaemonSet.apps aws-node', path, owners: ['kubectl-set'] }],
    });
    expect(out.notes?.some((n) => n.includes('drop-conflicting-paths'))).toBe(true);
    expect(out.stdout).toContain('PRESERVE model: drop-conflicting-paths');
    const ds = getObject(out.state, DS);
    expect(envValue(ds, 'ENABLE_PREFIX_DELEGATION')).toBe('true');
    expect(containerOf(ds, 'containers', 'aws-node').image).toBe(`${REGISTRY}/amazon-k8s-cni:${NEW}`);
    expect(owns(entry(ds, 'kubectl-set'), envVar('ENABLE_PREFIX_DELEGATION', 'f:value'))).toBe(true);
    expect(owns(entry(ds, 'eks', 'Apply'), envVar('ENABLE_PREFIX_DELEGATION', 'f:value'))).toBe(false);
    expect(owns(entry(ds, 'eks', 'Apply'), awsNode('f:image'))).toBe(true);
  });

  it('PRESERVE, apply-live-values: same object, but eks co-owns the value', () => {
    const a = eksUpdateAddon(installedThenEdited(), { addonVersion: NEW, resolveConflicts: 'PRESERVE' });
    const b = eksUpdateAddon(installedThenEdited(), { addonVersion: NEW, resolveConflicts: 'PRESERVE', preserveModel: 'apply-live-values' });
    expect(b.addon?.preserveModel).toBe('apply-live-values');
    const dsA = getObject(a.state, DS);
    const dsB = getObject(b.state, DS);
    const strip = (o: Record<string, unknown>) => JSON.stringify({ ...o, metadata: { ...(o.metadata as object), managedFields: undefined, resourceVersion: undefined } });
    expect(strip(dsB)).toBe(strip(dsA));
    expect(owns(entry(dsB, 'eks', 'Apply'), envVar('ENABLE_PREFIX_DELEGATION', 'f:value'))).toBe(true);
    expect(owns(entry(dsB, 'kubectl-set'), envVar('ENABLE_PREFIX_DELEGATION', 'f:value'))).toBe(true);
  });

  it('OVERWRITE resets the value to EKS\'s and makes eks its sole owner', () => {
    const out = eksUpdateAddon(installedThenEdited(), { addonVersion: NEW, resolveConflicts: 'OVERWRITE' });
    const ds = getObject(out.state, DS);
    expect(envValue(ds, 'ENABLE_PREFIX_DELEGATION')).toBe('false');
    expect(owns(entry(ds, 'kubectl-set'), envVar('ENABLE_PREFIX_DELEGATION', 'f:value'))).toBe(false);
    expect(owns(entry(ds, 'eks', 'Apply'), envVar('ENABLE_PREFIX_DELEGATION', 'f:value'))).toBe(true);
  });
});

describe('create where none of the add-on exists', () => {
  it('installs with EKS values whatever the mode: no dry run, eks the only owner', () => {
    for (const mode of ['NONE', 'OVERWRITE', 'PRESERVE'] as const) {
      const out = eksCreateAddon(newCluster(), { addonVersion: NEW, resolveConflicts: mode });
      expect(out.addon?.status).toBe('ACTIVE');
      expect(out.requests.map((r) => r.code)).toEqual([201, 201, 201, 201]);
      expect(out.requests.some((r) => r.dryRun)).toBe(false);
      expect(managedFields(getObject(out.state, DS)).map((e) => [e.manager, e.operation])).toEqual([['eks', 'Apply']]);
    }
  });
});

describe('configurationValues become eks-owned', () => {
  it('a WARM_IP_TARGET configured through EKS is applied, hence owned, by eks; a later kubectl set env then conflicts', () => {
    const install = eksCreateAddon(newCluster(), { addonVersion: OLD, configurationValues: '{"env":{"WARM_IP_TARGET":"5"}}' });
    expect(install.addon?.configurationValues).toBe('{"env":{"WARM_IP_TARGET":"5"}}');
    const ds = getObject(install.state, DS);
    expect(envValue(ds, 'WARM_IP_TARGET')).toBe('5');
    expect(owns(entry(ds, 'eks', 'Apply'), envVar('WARM_IP_TARGET', 'f:value'))).toBe(true);

    const edit = kubectlSetEnv(install.state, { resource: 'ds/aws-node', namespace: 'kube-system', container: 'aws-node', env: { WARM_IP_TARGET: '10' } });
    const update = eksUpdateAddon(edit.state, { addonVersion: NEW, current: install.addon! });
    expect(update.addon?.status).toBe('UPDATE_FAILED');
    expect(update.addon?.health.issues[0].message).toContain('env[name="WARM_IP_TARGET"].value');
  });

  it('YAML works too; unknown keys and non-string env values are InvalidParameterException', () => {
    const yaml = eksCreateAddon(newCluster(), { addonVersion: OLD, configurationValues: 'env:\n  ENABLE_PREFIX_DELEGATION: "true"\n' });
    expect(envValue(getObject(yaml.state, DS), 'ENABLE_PREFIX_DELEGATION')).toBe('true');
    const bad = eksCreateAddon(newCluster(), { addonVersion: OLD, configurationValues: '{"replicaCount":3}' });
    expect(bad.exitCode).toBe(1);
    expect(bad.requests).toEqual([]);
    expect(bad.stderr).toBe(
      'An error occurred (InvalidParameterException) when calling the CreateAddon operation: ConfigurationValue provided in request is not supported: ' +
        'Json schema validation failed with error: [$.replicaCount: is not defined in the schema and the schema does not allow additional properties]\n',
    );
    const notString = eksCreateAddon(newCluster(), { addonVersion: OLD, configurationValues: '{"env":{"WARM_IP_TARGET":5}}' });
    expect(notString.stderr).toContain('[$.env.WARM_IP_TARGET: integer found, string expected]');
  });
});
