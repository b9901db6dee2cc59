/**
 * Kubernetes' integration test TestApplyStatus (test/integration/apiserver/apply/status_test.go),
 * for every built-in kind we serve with a /status subresource: create_test creates the object,
 * apply_status_test force-applies a status through /status, and both managers then have an
 * entry. The status applied per kind is upstream's table where it has one, else its default
 * (a condition) for kinds whose status has conditions; `status-test` is created with a label only
 * (upstream creates each kind's full storage stub, which only gives create_test more fields), but
 * for the CRD, whose name must be `<plural>.<group>` and so comes with the spec naming it (and, as
 * upstream's stub, a schema: a v1 CRD needs one per version), and the
 * apps workloads, the Pod and the Job, which come with the selector, template, container and
 * restart policy validation requires.
 */
import { describe, expect, it } from 'vitest';
import { createCluster } from '../../src/apiserver/index.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { cluster, obj, ok } from './helpers.js';

const NOW = '2024-02-24T15:24:00Z';

/** Upstream's status per resource (group/resource), where it is not the default condition. */
const STATUS_DATA: Record<string, unknown> = {
  '/persistentvolumes': { message: 'hello' },
  '/resourcequotas': { used: { cpu: '5M' } },
  '/services': { loadBalancer: { ingress: [{ ip: '127.0.0.1' }] } },
  'networking.k8s.io/ingresses': { loadBalancer: { ingress: [{ ip: '127.0.0.1' }] } },
  'batch/cronjobs': { lastScheduleTime: null },
  'storage.k8s.io/volumeattachments': { attached: true },
  'policy/poddisruptionbudgets': { currentHealthy: 5 },
  'certificates.k8s.io/certificatesigningrequests': { conditions: [{ type: 'MyStatus', status: 'True' }] },
  // From upstream's resetFieldsStatusData (reset_fields_test.go): its status has no conditions.
  'resource.k8s.io/resourceclaims': {
    allocation: { nodeSelector: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'some-label', operator: 'In', values: ['some-value'] }] }] } },
  },
};

/**
 * Resources whose /status strategy resets the very fields applied: the CertificateSigningRequest's
 * status strategy resets status.conditions (conditions change through /approval), so the applier
 * owns nothing and has no entry. Upstream's reset_fields_test.go says as much ("both spec and
 * status get wiped for CSRs, nothing is expected to be managed for it").
 */
const STATUS_APPLIER_OWNS_NOTHING = new Set(['certificates.k8s.io/certificatesigningrequests']);
const STATUS_DEFAULT = { conditions: [{ type: 'MyStatus', status: 'true' }] };

/** The apps workloads (and a Pod) must be valid to be created (a selector matching the template, a container), as upstream's stubs are. */
const WORKLOAD_SPEC = { selector: { matchLabels: { app: 'status-test' } }, template: { metadata: { labels: { app: 'status-test' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } };

const resources = createCluster({ catalog: builtinCatalog() }).config.resources.filter((r) => !r.custom && r.status);

describe('TestApplyStatus: a status applied through /status is owned next to the creator', () => {
  it('has kinds with a status subresource', () => expect(resources.length).toBeGreaterThan(10));
  for (const r of resources) {
    const apiVersion = r.group ? `${r.group}/${r.versions[0]}` : r.versions[0];
    it(`${r.group}/${r.resource}`, () => {
      const c = cluster({ harness: false, now: NOW });
      // A CRD must be named <plural>.<group> (as upstream's stub is), so it gets the spec that names it.
      const crd = r.kind === 'CustomResourceDefinition';
      const metadata = { name: crd ? 'statustests.example.com' : 'status-test', ...(r.namespaced ? { namespace: 'default' } : {}) };
      const spec = crd
        ? { spec: { group: 'example.com', names: { plural: 'statustests', kind: 'StatusTest' }, scope: 'Cluster', versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }] } }
        : r.group === 'apps'
          ? { spec: WORKLOAD_SPEC }
          : r.group === '' && r.kind === 'Pod'
            ? { spec: WORKLOAD_SPEC.template.spec }
            : r.group === 'batch' && r.kind === 'Job'
              ? { spec: { template: { spec: { ...WORKLOAD_SPEC.template.spec, restartPolicy: 'Never' } } } }
              : {};
      ok(c.create(obj({ apiVersion, kind: r.kind, metadata: { ...metadata, labels: { created: 'by-create-test' } }, ...spec }), { fieldManager: 'create_test' }));
      const status = STATUS_DATA[`${r.group}/${r.resource}`] ?? STATUS_DEFAULT;
      const after = ok(
        c.apply(obj({ apiVersion, kind: r.kind, metadata, status }), {
          target: { apiVersion, kind: r.kind, ...metadata },
          fieldManager: 'apply_status_test',
          subresource: 'status',
          force: true,
        }),
      );
      const managers = ((after.metadata as { managedFields?: { manager: string }[] }).managedFields ?? []).map((e) => e.manager);
      expect(managers).toContain('create_test');
      if (STATUS_APPLIER_OWNS_NOTHING.has(`${r.group}/${r.resource}`)) expect(managers).not.toContain('apply_status_test');
      else expect(managers).toContain('apply_status_test');
    });
  }
});
