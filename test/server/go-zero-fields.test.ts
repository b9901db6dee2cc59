/**
 * Go's zero fields (src/server/go-zero-fields.ts): the rule on each kind of field, the generated
 * table the API server reads against the protobuf tables it is derived from, and a handful of
 * kinds against their Go types (k8s.io/api types.go at v0.32.0, read for this test: Role's
 * `rules` has no omitempty, ClusterRoleBinding's `subjects` has and its `roleRef` struct's three
 * strings have not, LeaseSpec's fields all have, ...).
 */
import { describe, expect, it } from 'vitest';
import { GO_ZERO_FIELD_ROWS } from '../../src/apiserver/go-zero-fields.generated.js';
import { goZeroObject } from '../../src/apiserver/go-zero-fields.js';
import { goZeroFieldTable } from '../../src/server/go-zero-fields.js';
import { ProtoTables } from '../../src/apiserver/protobuf-messages.js';

const zeroOf = (tables: ProtoTables, name: string) => {
  const row = goZeroFieldTable(tables).find(([n]) => n === name);
  return row ? JSON.parse(row[1]) : undefined;
};

describe("Go's zero fields, rule by rule", () => {
  // One message per rule, in the protobuf tables' notation.
  const tables = new ProtoTables([
    'test.v1.Kind metadata=1:@apimachinery.pkg.apis.meta.v1.ObjectMeta spec=2:@test.v1.Spec status=3:@test.v1.Status~',
    'test.v1.Spec text=1:s! optionalText=2:s count=3:i32! on=4:b! list=5:[s]! optionalList=6:[s] labels=7:{s:s}! ref=8:@test.v1.Ref?! optionalRef=9:@test.v1.Ref? count32=10:i32?! optionalCount=11:i32? at=12:@apimachinery.pkg.apis.meta.v1.Time port=13:@apimachinery.pkg.util.intstr.IntOrString size=14:@apimachinery.pkg.api.resource.Quantity source=15:@test.v1.Source^ raw=16:y',
    'test.v1.Ref name=1:s!',
    'test.v1.Source path=1:s! kind=2:s',
    'test.v1.Status phase=1:s',
    'apimachinery.pkg.apis.meta.v1.ObjectMeta name=1:s creationTimestamp=8:@apimachinery.pkg.apis.meta.v1.Time',
    'apimachinery.pkg.apis.meta.v1.Time seconds=1:i64 nanos=2:i32',
    'apimachinery.pkg.util.intstr.IntOrString type=1:i64 intVal=2:i32 strVal=3:s',
    'apimachinery.pkg.api.resource.Quantity string=1:s',
  ]);
  const spec = zeroOf(tables, 'io.k8s.test.v1.Spec');

  it('a string, number or bool without omitempty is its zero; with omitempty, absent', () => {
    expect(spec).toMatchObject({ text: '', count: 0, on: false });
    expect(spec).not.toHaveProperty('optionalText');
  });

  it('a slice, map or pointer without omitempty is null (Go nil); with omitempty, absent', () => {
    expect(spec).toMatchObject({ list: null, labels: null, ref: null, count32: null });
    for (const k of ['optionalList', 'optionalRef', 'optionalCount', 'raw']) expect(spec).not.toHaveProperty(k);
  });

  it('a struct that is not a pointer is always there, as its own zero; an inlined one gives its fields to its parent', () => {
    expect(spec).toMatchObject({ at: null, port: 0, size: '0', path: '' });
    expect(spec).not.toHaveProperty('source');
    expect(spec).not.toHaveProperty('kind');
    const kind = zeroOf(tables, 'io.k8s.test.v1.Kind');
    expect(kind.metadata).toEqual({ creationTimestamp: null });
    expect(kind.spec).toEqual(spec);
    // omitzero drops a zero struct.
    expect(kind).not.toHaveProperty('status');
  });

  it('types whose JSON is not an object, and structs with no such field, have no row', () => {
    const names = goZeroFieldTable(tables).map(([n]) => n);
    expect(names).not.toContain('io.k8s.apimachinery.pkg.apis.meta.v1.Time');
    expect(names).not.toContain('io.k8s.test.v1.Status');
  });
});

describe('the generated table', () => {
  it('is what the protobuf tables give (regenerate with tools/gen-go-zero-fields.mjs)', () => {
    expect(GO_ZERO_FIELD_ROWS.map(([n, j]) => [n, j])).toEqual(goZeroFieldTable(new ProtoTables()));
  });

  it('gives the kinds their Go zero values, as k8s.io/api 1.32 declares them', () => {
    const zero = (t: string) => JSON.parse(JSON.stringify(goZeroObject(t)));
    const meta = { creationTimestamp: null };
    expect(zero('io.k8s.api.rbac.v1.Role')).toEqual({ metadata: meta, rules: null });
    expect(zero('io.k8s.api.rbac.v1.ClusterRole')).toEqual({ metadata: meta, rules: null });
    expect(zero('io.k8s.api.rbac.v1.ClusterRoleBinding')).toEqual({ metadata: meta, roleRef: { apiGroup: '', kind: '', name: '' } });
    expect(zero('io.k8s.api.rbac.v1.PolicyRule')).toEqual({ verbs: null });
    expect(zero('io.k8s.api.core.v1.Service')).toEqual({ metadata: meta, spec: {}, status: { loadBalancer: {} } });
    expect(zero('io.k8s.api.core.v1.Pod')).toEqual({ metadata: meta, spec: { containers: null }, status: {} });
    expect(zero('io.k8s.api.apps.v1.Deployment')).toEqual({
      metadata: meta,
      spec: { selector: null, template: { metadata: meta, spec: { containers: null } }, strategy: {} },
      status: {},
    });
    expect(zero('io.k8s.api.core.v1.Event')).toEqual({
      metadata: meta,
      involvedObject: {},
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      eventTime: null,
      reportingComponent: '',
      reportingInstance: '',
    });
    expect(zero('io.k8s.api.coordination.v1.Lease')).toEqual({ metadata: meta, spec: {} });
    expect(zero('io.k8s.api.core.v1.ConfigMap')).toEqual({ metadata: meta });
    expect(zero('io.k8s.api.core.v1.PodCondition')).toEqual({ type: '', status: '', lastProbeTime: null, lastTransitionTime: null });
    expect(zero('io.k8s.api.autoscaling.v1.Scale')).toEqual({ metadata: meta, spec: {}, status: { replicas: 0 } });
  });
});
