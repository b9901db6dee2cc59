/**
 * A CRD's `x-kubernetes-validations` (CEL rules) on its custom resources, as apiextensions-apiserver
 * 1.32 evaluates them (pkg/apiserver/schema/cel/validation.go): `self` typed from the structural
 * schema, the default message `failed rule: <rule>`, message, messageExpression, reason and
 * fieldPath, transition rules with `oldSelf` only on update where an old value correlates, the
 * rules only after the schema's blocking errors, and the 422 texts; a rule we cannot evaluate
 * is a warning, never a silent pass.
 */
import { describe, expect, it } from 'vitest';
import { createCluster, serve, withExistingObject } from '../../src/apiserver/server.js';
import type { ApiRequest, ClusterState, KubeObject } from '../../src/apiserver/types.js';
import { builtinCatalog } from '../../src/schema/builtin/builtin-catalog.js';
import { celName } from '../../src/apiserver/cel/escape.js';
import { kubectlApply } from '../../src/actors/index.js';
import { celEngine } from '../../src/apiserver/cel/engine.js';
import { widgetCrdObject } from '../support/widget-crd.js';

const spec = {
  type: 'object',
  'x-kubernetes-validations': [{ rule: 'self.minReplicas <= self.maxReplicas' }, { rule: '!has(self.note) || self.note.size() > 0', message: 'note must not be empty' }],
  properties: {
    minReplicas: { type: 'integer' },
    maxReplicas: { type: 'integer' },
    name: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'name is immutable' }] },
    size: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.startsWith('s-')", messageExpression: "'size ' + self + ' must start with s-'" }] },
    owner: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self != "root"', reason: 'FieldValueForbidden', message: 'root may not own a widget' }] },
    mode: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self != ""', reason: 'FieldValueRequired', message: 'mode must be set' }] },
    tag: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self != "dup"', reason: 'FieldValueDuplicate' }] },
    ratio: { type: 'number', 'x-kubernetes-validations': [{ rule: 'self < 1.5' }] },
    quota: {
      type: 'integer',
      'x-kubernetes-validations': [
        { rule: 'self <= 10', messageExpression: "'quota %d is over %s (%.1f times the limit)'.format([self, 'ten', double(self) / 10.0])" },
        { rule: 'self != 11', messageExpression: 'self.url()', message: 'eleven is not allowed' },
      ],
    },
    limits: {
      type: 'object',
      properties: { cpu: { type: 'integer' }, 'max-cpu': { type: 'integer' }, namespace: { type: 'string' } },
      'x-kubernetes-validations': [
        { rule: '!has(self.cpu) || self.cpu <= self.max__dash__cpu', fieldPath: '.cpu', message: 'cpu over max-cpu' },
        { rule: "!has(self.__namespace__) || self.__namespace__ != 'kube-system'" },
      ],
    },
    items: {
      type: 'array',
      'x-kubernetes-validations': [{ rule: 'self.all(i, i.weight >= 0)', message: 'weights must not be negative' }, { rule: "self.exists(i, i.name == 'main')" }],
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, weight: { type: 'integer' } },
        'x-kubernetes-validations': [{ rule: 'self.weight <= 100' }],
      },
    },
    labels: { type: 'object', additionalProperties: { type: 'string' }, 'x-kubernetes-validations': [{ rule: "self.all(k, k.startsWith('app'))" }] },
    when: { type: 'string', format: 'date-time', 'x-kubernetes-validations': [{ rule: "self > timestamp('2020-01-01T00:00:00Z')" }] },
    pick: { type: 'string', 'x-kubernetes-validations': [{ rule: 'self.someUnknownFunction()' }] },
    host: { type: 'string', 'x-kubernetes-validations': [{ rule: '!format.dns1123Subdomain().validate(self).hasValue()', message: 'host must be a DNS subdomain' }] },
    note: { type: 'string', nullable: true, 'x-kubernetes-validations': [{ rule: 'self == oldSelf || oldSelf == null' }] },
    memory: { type: 'string', 'x-kubernetes-validations': [{ rule: "quantity(self).isLessThan(quantity('1Gi'))", message: 'memory must be under 1Gi' }] },
    zones: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' }, 'x-kubernetes-validations': [{ rule: 'self == oldSelf', message: 'zones are immutable' }, { rule: 'self.isSorted() || size(self) != 3' }] },
    first: { type: 'array', items: { type: 'string' }, 'x-kubernetes-validations': [{ rule: "self[1] != 'x'" }] },
    word: { type: 'string', maxLength: 5, 'x-kubernetes-validations': [{ rule: 'self.lowerAscii() == self' }] },
    port: { 'x-kubernetes-int-or-string': true, 'x-kubernetes-validations': [{ rule: "type(self) == int ? self < 1024 : self.startsWith('http')" }] },
    counts: { type: 'array', items: { type: 'integer' }, 'x-kubernetes-validations': [{ rule: 'self.isSorted() && self.sum() <= 10 && self.max() < 8' }] },
    code: { type: 'string', 'x-kubernetes-validations': [{ rule: "self.charAt(0) == 'c' && self.find('[0-9]+') == '42' && self.replace('-', '') == 'c42'" }, { rule: "matches(self, r'^c-\\d+$') && self.matches('^c')" }] },
    slots: {
      type: 'array',
      'x-kubernetes-list-type': 'map',
      'x-kubernetes-list-map-keys': ['id'],
      items: { type: 'object', required: ['id'], properties: { id: { type: 'string' }, size: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= oldSelf', message: 'a slot may only grow' }] } } },
    },
    epoch: { type: 'integer', 'x-kubernetes-validations': [{ rule: '!oldSelf.hasValue() || self > oldSelf.value()', optionalOldSelf: true, message: 'epoch must increase' }, { rule: 'self != 13' }] },
  },
};
const CRD = widgetCrdObject({
  type: 'object',
  'x-kubernetes-validations': [{ rule: "self.metadata.name != 'forbidden'", message: 'that name is taken' }],
  properties: {
    spec,
    status: { type: 'object', properties: { ready: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= 0' }] } } },
  },
}, { status: {} }) as unknown as KubeObject;

const target = { apiVersion: 'example.com/v1', kind: 'Widget', namespace: 'default', name: 'w' };
const widget = (s: Record<string, unknown>, name = 'w') => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name, namespace: 'default' }, spec: s }) as unknown as KubeObject;

/**
 * Evaluates `expr` with `self` bound, as the CR validation compiles a rule: its value, or
 * `error: <first line of the evaluation error>`.
 */
function run(expr: string, self: unknown = null): unknown {
  const engine = celEngine();
  if (!engine) throw new Error('no evaluator');
  const compiled = engine.compile(expr, false);
  if ('unsupported' in compiled) throw new Error(compiled.unsupported);
  try {
    return compiled.run({ self });
  } catch (e) {
    return `error: ${(e as Error).message.split('\n')[0]}`;
  }
}

function cluster(): ClusterState {
  const r = serve(createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' }), { verb: 'create', body: CRD, options: { fieldManager: 'admin' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
function answer(state: ClusterState, request: ApiRequest): [number, string] | 'ok' {
  const r = serve(state, request);
  return r.response.ok ? 'ok' : [r.response.code, r.response.status.message];
}
const create = (s: Record<string, unknown>, name?: string) => answer(cluster(), { verb: 'create', body: widget(s, name), options: { fieldManager: 'm' } });
const invalid = (text: string): [number, string] => [422, `Widget.example.com "w" is invalid: ${text}`];
function created(s: Record<string, unknown>): ClusterState {
  const r = serve(cluster(), { verb: 'create', body: widget(s), options: { fieldManager: 'm' } });
  if (!r.response.ok) throw new Error(r.response.status.message);
  return r.state;
}
const base = { minReplicas: 1, maxReplicas: 3 };

describe('a rule on spec', () => {
  it('self.minReplicas <= self.maxReplicas: a breaking create is the 422 kube gives, a fitting one is created', () => {
    expect(create({ minReplicas: 5, maxReplicas: 3 })).toEqual(invalid('spec: Invalid value: "object": failed rule: self.minReplicas <= self.maxReplicas'));
    expect(create(base)).toBe('ok');
  });
  it('the 422 has one cause of reason FieldValueInvalid at spec', () => {
    const r = serve(cluster(), { verb: 'create', body: widget({ minReplicas: 5, maxReplicas: 3 }), options: { fieldManager: 'm' } });
    expect(r.response.ok).toBe(false);
    if (r.response.ok) return;
    expect(r.response.status.details?.causes).toEqual([{ reason: 'FieldValueInvalid', message: 'Invalid value: "object": failed rule: self.minReplicas <= self.maxReplicas', field: 'spec' }]);
  });
  it('a field the rule reads that is absent is `no such key` evaluating the rule', () => {
    expect(create({ minReplicas: 1 })).toEqual(invalid('spec: Invalid value: "object": no such key: maxReplicas evaluating rule: self.minReplicas <= self.maxReplicas'));
  });
  it('a null nullable property is absent to has(); a list index past the end is `index out of bounds`', () => {
    const absent = serve(cluster(), { verb: 'create', body: widget({ ...base, note: null }), options: { fieldManager: 'm' } });
    expect([absent.response.ok, absent.response.warnings]).toEqual([true, []]);
    expect(create({ ...base, note: '' })).toEqual(invalid('spec: Invalid value: "object": note must not be empty'));
    expect(create({ ...base, first: ['a'] })).toEqual(invalid('spec.first: Invalid value: "array": index out of bounds: 1 evaluating rule: self[1] != \'x\''));
  });
  it('the root rule sees metadata.name (WithTypeAndObjectMeta) and its errors are at <nil>', () => {
    expect(create(base, 'forbidden')).toEqual([422, 'Widget.example.com "forbidden" is invalid: <nil>: Invalid value: "object": that name is taken']);
  });
});

describe('message, messageExpression, reason, fieldPath', () => {
  it('message replaces the default; messageExpression is evaluated', () => {
    expect(create({ ...base, size: 'big' })).toEqual(invalid('spec.size: Invalid value: "string": size big must start with s-'));
    expect(create({ ...base, size: 's-big' })).toBe('ok');
  });
  it('messageExpression with format (cel-go strings): %d, %s, %.1f; one we cannot evaluate falls back to the message, with a warning', () => {
    expect(create({ ...base, quota: 12 })).toEqual(invalid('spec.quota: Invalid value: "integer": quota 12 is over ten (1.2 times the limit)'));
    const r = serve(cluster(), { verb: 'create', body: widget({ ...base, quota: 11 }), options: { fieldManager: 'm' } });
    expect(r.response.ok ? 'ok' : r.response.status.message).toBe('Widget.example.com "w" is invalid: [spec.quota: Invalid value: "integer": quota 11 is over ten (1.1 times the limit), spec.quota: Invalid value: "integer": eleven is not allowed]');
    expect(r.response.warnings).toEqual(["spec.quota: x-kubernetes-validations messageExpression not evaluated by ssa-sim (found no matching overload for 'dyn.url()'): self.url()"]);
  });
  it('reason FieldValueForbidden, FieldValueRequired, FieldValueDuplicate make the cause of that type', () => {
    expect(create({ ...base, owner: 'root' })).toEqual(invalid('spec.owner: Forbidden: root may not own a widget'));
    expect(create({ ...base, mode: '' })).toEqual(invalid('spec.mode: Required value: mode must be set'));
    expect(create({ ...base, tag: 'dup' })).toEqual(invalid('spec.tag: Duplicate value: "string"'));
  });
  it('fieldPath puts the error under the rule\'s node; a property with a dash is escaped as __dash__, a keyword as __keyword__', () => {
    expect(create({ ...base, limits: { cpu: 4, 'max-cpu': 2 } })).toEqual(invalid('spec.limits.cpu: Invalid value: "object": cpu over max-cpu'));
    expect(create({ ...base, limits: { cpu: 1, 'max-cpu': 2 } })).toBe('ok');
    expect(create({ ...base, limits: { namespace: 'kube-system' } })).toEqual(
      invalid('spec.limits: Invalid value: "object": failed rule: !has(self.__namespace__) || self.__namespace__ != \'kube-system\''),
    );
  });
  it('number is a double: an integer written for it compares with 1.5', () => {
    expect(create({ ...base, ratio: 2 })).toEqual(invalid('spec.ratio: Invalid value: "number": failed rule: self < 1.5'));
    expect(create({ ...base, ratio: 1 })).toBe('ok');
  });
  it('a date-time string is a timestamp', () => {
    expect(create({ ...base, when: '2019-06-01T00:00:00Z' })).toEqual(invalid('spec.when: Invalid value: "string": failed rule: self > timestamp(\'2020-01-01T00:00:00Z\')'));
    expect(create({ ...base, when: '2021-06-01T00:00:00Z' })).toBe('ok');
  });
});

describe('lists and maps', () => {
  it('all() and exists() on a list, a rule on each item at its index', () => {
    expect(create({ ...base, items: [{ name: 'main', weight: -1 }] })).toEqual(invalid('spec.items: Invalid value: "array": weights must not be negative'));
    expect(create({ ...base, items: [{ name: 'side', weight: 1 }] })).toEqual(invalid('spec.items: Invalid value: "array": failed rule: self.exists(i, i.name == \'main\')'));
    expect(create({ ...base, items: [{ name: 'main', weight: 1 }, { name: 'x', weight: 200 }] })).toEqual(invalid('spec.items[1]: Invalid value: "object": failed rule: self.weight <= 100'));
    expect(create({ ...base, items: [{ name: 'main', weight: 1 }] })).toBe('ok');
  });
  it('a map (additionalProperties) iterates its keys', () => {
    expect(create({ ...base, labels: { app: 'a', tier: 'b' } })).toEqual(invalid('spec.labels: Invalid value: "object": failed rule: self.all(k, k.startsWith(\'app\'))'));
    expect(create({ ...base, labels: { app: 'a', appx: 'b' } })).toBe('ok');
  });
  it('several failing rules are listed in the schema\'s order', () => {
    expect(create({ minReplicas: 5, maxReplicas: 3, owner: 'root' })).toEqual(
      invalid('[spec: Invalid value: "object": failed rule: self.minReplicas <= self.maxReplicas, spec.owner: Forbidden: root may not own a widget]'),
    );
  });
});

describe('the types of self and the Kubernetes library functions', () => {
  it('int-or-string is an int or a string', () => {
    expect(create({ ...base, port: 2000 })).toEqual(invalid('spec.port: Invalid value: "": failed rule: type(self) == int ? self < 1024 : self.startsWith(\'http\')'));
    expect(create({ ...base, port: 80 })).toBe('ok');
    expect(create({ ...base, port: 'http-web' })).toBe('ok');
  });
  it('lists: isSorted, sum, max', () => {
    expect(create({ ...base, counts: [1, 2, 3] })).toBe('ok');
    expect(create({ ...base, counts: [3, 2] })).toEqual(invalid('spec.counts: Invalid value: "array": failed rule: self.isSorted() && self.sum() <= 10 && self.max() < 8'));
    expect(create({ ...base, counts: [1, 9] })).toEqual(invalid('spec.counts: Invalid value: "array": failed rule: self.isSorted() && self.sum() <= 10 && self.max() < 8'));
  });
  it('strings and regex: charAt, find, replace, matches (Go regular expressions)', () => {
    const ok = serve(cluster(), { verb: 'create', body: widget({ ...base, code: 'c-42' }), options: { fieldManager: 'm' } });
    expect([ok.response.ok, ok.response.warnings]).toEqual([true, []]);
    expect(create({ ...base, code: 'c-4x2' })).toEqual(
      invalid("[spec.code: Invalid value: \"string\": failed rule: self.charAt(0) == 'c' && self.find('[0-9]+') == '42' && self.replace('-', '') == 'c42', spec.code: Invalid value: \"string\": failed rule: matches(self, r'^c-\\d+$') && self.matches('^c')]"),
    );
  });
});

describe('transition rules (oldSelf)', () => {
  const patch = (state: ClusterState, p: Record<string, unknown>) => answer(state, { verb: 'patch', patchType: 'merge', target, patch: p as KubeObject, options: { fieldManager: 'm' } });
  it('self == oldSelf is not evaluated on create, and refuses a change on update (patch and apply)', () => {
    expect(create({ ...base, name: 'a' })).toBe('ok');
    const state = created({ ...base, name: 'a' });
    expect(patch(state, { spec: { name: 'b' } })).toEqual(invalid('spec.name: Invalid value: "string": name is immutable'));
    expect(patch(state, { spec: { name: 'a', minReplicas: 2 } })).toBe('ok');
    const apply = answer(state, { verb: 'apply', body: widget({ ...base, name: 'c' }), target, options: { fieldManager: 'other', force: true } });
    expect(apply).toEqual(invalid('spec.name: Invalid value: "string": name is immutable'));
  });
  it('an item of a map list correlates with the old item of the same key; a new item has no oldSelf', () => {
    const state = created({ ...base, slots: [{ id: 'a', size: 5 }] });
    expect(patch(state, { spec: { slots: [{ id: 'a', size: 4 }] } })).toEqual(invalid('spec.slots[0].size: Invalid value: "integer": a slot may only grow'));
    expect(patch(state, { spec: { slots: [{ id: 'b', size: 1 }, { id: 'a', size: 6 }] } })).toBe('ok');
  });
  it('optionalOldSelf: the rule runs on create too, oldSelf an optional', () => {
    expect(create({ ...base, epoch: 13 })).toEqual(invalid('spec.epoch: Invalid value: "integer": failed rule: self != 13'));
    expect(create({ ...base, epoch: 1 })).toBe('ok');
    const state = created({ ...base, epoch: 5 });
    expect(patch(state, { spec: { epoch: 6 } })).toBe('ok');
    expect(patch(state, { spec: { epoch: 4 } })).toEqual(invalid('spec.epoch: Invalid value: "integer": epoch must increase'));
  });
  it('a set list equals another of the same items in any order (unstructuredSetList)', () => {
    const state = created({ ...base, zones: ['a', 'b'] });
    expect(patch(state, { spec: { zones: ['b', 'a'] } })).toBe('ok');
    expect(patch(state, { spec: { zones: ['a', 'c'] } })).toEqual(invalid('spec.zones: Invalid value: "array": zones are immutable'));
    expect(create({ ...base, zones: ['c', 'b', 'a'] })).toEqual(invalid('spec.zones: Invalid value: "array": failed rule: self.isSorted() || size(self) != 3'));
  });
  it('a null old value is no old value: the transition rule is not evaluated', () => {
    const seeded = withExistingObject(cluster(), { ...(widget({ ...base, note: null }) as Record<string, unknown>), metadata: { name: 'w', namespace: 'default', resourceVersion: '5', uid: 'u1' } } as unknown as KubeObject);
    if ('problem' in seeded) throw new Error(seeded.problem);
    const r = serve(seeded.state, { verb: 'patch', patchType: 'merge', target, patch: { spec: { note: 'x' } } as unknown as KubeObject, options: { fieldManager: 'm' } });
    expect([r.response.ok, r.response.warnings]).toEqual([true, []]);
  });
  it('a field added by the update has no old value: its transition rule is not evaluated', () => {
    expect(patch(created(base), { spec: { name: 'new' } })).toBe('ok');
  });
  it('an unchanged value keeps its non-transition errors as warnings (ratcheting); a changed one is refused', () => {
    const seeded = withExistingObject(cluster(), { ...(widget({ minReplicas: 5, maxReplicas: 3, owner: 'root' }) as Record<string, unknown>), metadata: { name: 'w', namespace: 'default', resourceVersion: '5', uid: 'u1' } } as unknown as KubeObject);
    if ('problem' in seeded) throw new Error(seeded.problem);
    const r = serve(seeded.state, { verb: 'patch', patchType: 'merge', target, patch: { spec: { owner: 'root', size: 's-1' } } as unknown as KubeObject, options: { fieldManager: 'm' } });
    // spec changed (size), so its rule is not ratcheted; owner did not change: its error is a warning.
    expect(r.response.ok ? 'ok' : r.response.status.message).toBe('Widget.example.com "w" is invalid: spec: Invalid value: "object": failed rule: self.minReplicas <= self.maxReplicas');
    const fixed = serve(seeded.state, { verb: 'patch', patchType: 'merge', target, patch: { spec: { maxReplicas: 9 } } as unknown as KubeObject, options: { fieldManager: 'm' } });
    expect(fixed.response.ok).toBe(true);
    expect(fixed.response.warnings).toEqual(['spec.owner: Forbidden: root may not own a widget']);
  });
});

describe('the rules run after the schema', () => {
  it('a blocking schema error (TooLong) skips the rules and says so', () => {
    expect(create({ ...base, word: 'ABCDEFG' })).toEqual(
      invalid('[spec.word: Too long: may not be more than 5 bytes, <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]'),
    );
  });
  it('a rule on status runs on a /status write', () => {
    const state = created(base);
    const r = answer(state, { verb: 'patch', patchType: 'merge', target, patch: { status: { ready: -1 } } as unknown as KubeObject, options: { fieldManager: 'm', subresource: 'status' } });
    expect(r).toEqual(invalid('status.ready: Invalid value: "integer": failed rule: self >= 0'));
  });
});

describe('what cannot be evaluated is a warning, never a silent pass', () => {
  it('an unknown function: the object is stored with a Warning naming the rule and its field path', () => {
    const r = serve(cluster(), { verb: 'create', body: widget({ ...base, pick: 'x' }), options: { fieldManager: 'm' } });
    expect(r.response.ok).toBe(true);
    expect(r.response.warnings).toEqual(['spec.pick: x-kubernetes-validations rule not evaluated by ssa-sim (found no matching overload for \'dyn.someUnknownFunction()\'): self.someUnknownFunction()']);
  });
});

describe('escaping of property names (k8s.io/apiserver pkg/cel/escaping.go)', () => {
  it('keywords, dashes, dots, slashes and double underscores; names no identifier can carry are not accessible', () => {
    expect(['namespace', 'max-cpu', 'a.b', 'a/b', 'a__b', 'plain', '1x', 'a b', 'true'].map(celName)).toEqual([
      '__namespace__',
      'max__dash__cpu',
      'a__dot__b',
      'a__slash__b',
      'a__underscores__b',
      'plain',
      undefined,
      undefined,
      '__true__',
    ]);
  });
});

describe('kubectl (the in-process model) prints the 422 as kubectl v1.32 does', () => {
  it('apply -f of a Widget that breaks a rule: The Widget "x" is invalid: spec: Invalid value: "object": ...', () => {
    const crd = kubectlApply(createCluster({ catalog: builtinCatalog(), now: '2024-03-01T09:00:00Z' }), { manifests: JSON.stringify(CRD) });
    expect(crd.exitCode).toBe(0);
    const one = kubectlApply(crd.state, { manifests: JSON.stringify(widget({ minReplicas: 5, maxReplicas: 3 }, 'x')), filename: 'x.yaml' });
    expect(one.stderr).toBe('The Widget "x" is invalid: spec: Invalid value: "object": failed rule: self.minReplicas <= self.maxReplicas\n');
    expect(one.exitCode).toBe(1);
    const two = kubectlApply(crd.state, { manifests: JSON.stringify(widget({ minReplicas: 5, maxReplicas: 3, owner: 'root' }, 'x')), filename: 'x.yaml' });
    expect(two.stderr).toBe('The Widget "x" is invalid: \n* spec: Invalid value: "object": failed rule: self.minReplicas <= self.maxReplicas\n* spec.owner: Forbidden: root may not own a widget\n');
  });
});

describe('regular expressions are Go\'s (RE2) in the method form too', () => {
  it("s.matches(re) reads a pattern as Go's regexp does, where JavaScript reads it otherwise", () => {
    // (?i) is a flag group in RE2 and an invalid group in JavaScript; \\z is RE2's end of text.
    expect(run("'ABC'.matches('(?i)^abc$') && matches('ABC', '(?i)^abc$')")).toBe(true);
    expect(run("['abc'.matches('^abc\\\\z'), 'abc\\n'.matches('^abc\\\\z')]")).toEqual([true, false]);
    // A pattern Go refuses is an evaluation error, as the function form's.
    expect(run("'a'.matches('(?<=a)b')")).toBe(run("matches('a', '(?<=a)b')"));
  });
  it('what does not compile is said with the names the rule was written with', () => {
    expect(celEngine()?.compile('sets.contains(1, 2)', false)).toEqual({ unsupported: "found no matching overload for 'sets.contains(int, int)'" });
  });
});

describe('the quantity library', () => {
  it('compares, adds and converts exactly', () => {
    expect(run("quantity('1Gi').isGreaterThan(quantity('1000Mi')) && quantity('500m').isLessThan(quantity('1'))")).toBe(true);
    expect(run("quantity('1') == quantity('1000m') && quantity('1Ki').compareTo(quantity('1024')) == 0")).toBe(true);
    expect(run("quantity('1.5').add(quantity('500m')).asInteger() == 2 && quantity('3').sub(1).asInteger() == 2")).toBe(true);
    expect(run("[quantity('1.5').isInteger(), quantity('2k').isInteger(), quantity('-1').sign(), quantity('0').sign()]")).toEqual([false, true, -1n, 0n]);
    expect(run("quantity('250m').asApproximateFloat()")).toBe(0.25);
    expect(run("[isQuantity('1Gi'), isQuantity('1 Gi')]")).toEqual([true, false]);
  });
  it('errors: a string that is no quantity, and asInteger of a fraction', () => {
    expect(run("quantity('x') == quantity('1')")).toBe("error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
    expect(run("quantity('1.5').asInteger() == 1")).toBe('error: cannot convert value to integer');
  });
  it('a rule with quantities on a custom resource', () => {
    const state = cluster();
    const r = serve(state, { verb: 'create', body: widget({ ...base, memory: '2Gi' }), options: { fieldManager: 'm' } });
    expect(r.response.ok ? 'ok' : r.response.status.message).toBe('Widget.example.com "w" is invalid: spec.memory: Invalid value: "string": memory must be under 1Gi');
    expect(create({ ...base, memory: '512Mi' })).toBe('ok');
  });
});

describe('the URL library', () => {
  it('the parts of a URL', () => {
    expect(run("[url('HTTPS://user@example.com:8443/a%20b/c?x=1&x=2&y=z#f').getScheme(), url('https://example.com:8443/p').getHost(), url('https://example.com:8443/p').getHostname(), url('https://[::1]:80/').getHostname(), url('https://[::1]:80/').getPort(), url('https://example.com/').getPort()]")).toEqual([
      'https',
      'example.com:8443',
      'example.com',
      '::1',
      '80',
      '',
    ]);
    expect(run("url('https://example.com/a%20b').getEscapedPath()")).toBe('/a%20b');
    expect(run("url('https://example.com/?x=1&x=2&y=a+b').getQuery()")).toEqual(new Map([['x', ['1', '2']], ['y', ['a b']]]));
    expect(run("[isURL('https://example.com'), isURL('example.com'), isURL('/relative')]")).toEqual([true, false, true]);
  });
  it('a string ParseRequestURI refuses is an error', () => {
    expect(run("url('example.com').getScheme() == ''")).toBe('error: URL parse error during conversion from string: parse "example.com": invalid URI for request');
  });
});

describe('the IP and CIDR libraries', () => {
  it('ip(): family and netip\'s predicates', () => {
    expect(run("[ip('10.0.0.1').family(), ip('2001:db8::1').family(), ip('0.0.0.0').isUnspecified(), ip('::').isUnspecified(), ip('127.1.2.3').isLoopback(), ip('::1').isLoopback()]")).toEqual([4n, 6n, true, true, true, true]);
    expect(run("[ip('224.0.0.5').isLinkLocalMulticast(), ip('ff02::1').isLinkLocalMulticast(), ip('169.254.1.1').isLinkLocalUnicast(), ip('fe80::1').isLinkLocalUnicast(), ip('fec0::1').isLinkLocalUnicast()]")).toEqual([true, true, true, true, false]);
    expect(run("[ip('10.0.0.1').isGlobalUnicast(), ip('255.255.255.255').isGlobalUnicast(), ip('224.0.0.1').isGlobalUnicast(), ip('2001:db8::1').isGlobalUnicast()]")).toEqual([true, false, false, true]);
    expect(run("ip('2001:DB8::1') == ip('2001:db8:0::1')")).toBe(true);
    expect(run("[isIP('1.2.3.4'), isIP('1.2.3'), isIP('::ffff:1.2.3.4'), isIP('fe80::1%eth0'), isIP('01.2.3.4')]")).toEqual([true, false, false, false, false]);
  });
  it('ip() errors are netip\'s, wrapped as the library wraps them', () => {
    expect(run("ip('01.2.3.4').family() == 4")).toBe('error: IP Address "01.2.3.4" parse error during conversion from string: ParseAddr("01.2.3.4"): IPv4 field has octet with leading zero');
    expect(run("ip('1.2.3.4.5').family() == 4")).toBe('error: IP Address "1.2.3.4.5" parse error during conversion from string: ParseAddr("1.2.3.4.5"): IPv4 address too long');
    expect(run("ip('1:2::3::4').family() == 6")).toBe('error: IP Address "1:2::3::4" parse error during conversion from string: ParseAddr("1:2::3::4"): multiple :: in address (at ":4")');
    expect(run("ip('fe80::1%eth0').family() == 6")).toBe('error: IP address "fe80::1%eth0" with zone value is not allowed');
    expect(run("ip('::ffff:1.2.3.4').family() == 6")).toBe('error: IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed');
  });
  it('cidr(): containsIP, containsCIDR, ip, masked, prefixLength', () => {
    expect(run("[cidr('10.0.0.0/8').containsIP(ip('10.1.2.3')), cidr('10.0.0.0/8').containsIP('11.0.0.1'), cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16'), cidr('10.1.0.0/16').containsCIDR(cidr('10.0.0.0/8'))]")).toEqual([true, false, true, false]);
    expect(run("[cidr('10.1.2.3/8').ip() == ip('10.1.2.3'), cidr('10.1.2.3/8').masked() == cidr('10.0.0.0/8'), cidr('2001:db8::/32').prefixLength(), cidr('10.0.0.0/8').containsIP('2001:db8::1')]")).toEqual([true, true, 32n, false]);
    expect(run("[isCIDR('10.0.0.0/8'), isCIDR('10.0.0.0'), isCIDR('10.0.0.0/33'), isCIDR('10.0.0.0/08')]")).toEqual([true, false, false, false]);
    // parseCIDR wraps ParsePrefix's error and stringToCIDR wraps it again.
    expect(run("cidr('10.0.0.0/33').prefixLength() == 1")).toBe(
      'error: network address parse error during conversion from string: network address parse error during conversion from string: netip.ParsePrefix("10.0.0.0/33"): prefix length out of range',
    );
    expect(run("cidr('::ffff:1.2.3.0/120').prefixLength() == 1")).toBe('error: network address parse error during conversion from string: IPv4-mapped IPv6 address "::ffff:1.2.3.0/120" is not allowed');
  });
});

describe('the namespaced functions: sets, strings.quote, ip.isCanonical', () => {
  it('sets.contains, sets.equivalent, sets.intersects with CEL equality (1 == 1.0)', () => {
    expect(run("[sets.contains([1, 2, 3], [3, 1]), sets.contains([1], [2]), sets.equivalent([1, 2, 2], [2, 1]), sets.intersects([1, 2], [2.0, 5]), sets.intersects(['a'], [])]")).toEqual([true, false, true, true, false]);
  });
  it('strings.quote escapes only what cel-go escapes; a literal that looks like a call is left alone', () => {
    expect(run('strings.quote("a\\tb\\"c é")')).toBe('"a\\tb\\"c é"');
    expect(run("'sets.contains([1],[2])' + strings.quote('x')")).toBe('sets.contains([1],[2])"x"');
  });
  it('ip.isCanonical: netip\'s own text of the address', () => {
    expect(run("[ip.isCanonical('10.0.0.1'), ip.isCanonical('2001:db8::1'), ip.isCanonical('2001:DB8::1'), ip.isCanonical('2001:db8:0:0:1:0:0:1'), ip.isCanonical('2001:db8::1:0:0:1'), ip.isCanonical('::')]")).toEqual([true, true, false, false, true, true]);
  });
});

describe('the format library', () => {
  it('validate: none when the string fits, else apimachinery\'s messages', () => {
    expect(run("!format.dns1123Label().validate('my-name').hasValue()")).toBe(true);
    expect(run("format.dns1123Label().validate('My_Name').value()")).toEqual([
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    expect(run("[format.dns1123LabelPrefix().validate('abc-').hasValue(), format.labelValue().validate('ok').hasValue(), format.uuid().validate('x').value()]")).toEqual([false, false, ['does not match the UUID format']]);
    expect(run("format.named('dns1035Label').value().validate('1abc').hasValue() && !format.named('nope').hasValue()")).toBe(true);
    expect(run("format.uri().validate('example.com').value()")).toEqual(['parse "example.com": invalid URI for request']);
  });
  it('a rule on a custom resource', () => {
    const state = cluster();
    const r = serve(state, { verb: 'create', body: widget({ ...base, host: 'Bad_Host' }), options: { fieldManager: 'm' } });
    expect(r.response.ok ? 'ok' : r.response.status.message).toBe('Widget.example.com "w" is invalid: spec.host: Invalid value: "string": host must be a DNS subdomain');
    expect(create({ ...base, host: 'good.example.com' })).toBe('ok');
  });
});

describe('string.format as cel-go 1.32 formats', () => {
  it('%s of a double is string(): the shortest digits, Go\'s exponent form from 1e6 on and below 1e-4', () => {
    expect(run("'%s %s %s %s %s'.format([2.5, 1000000.0, 123456.0, 0.00001, 0.0001])")).toBe('2.5 1e+06 123456 1e-05 0.0001');
  });
  it('%f is grouped as the en_US printer groups it; %e has a two-digit exponent', () => {
    expect(run("'%f|%.2f|%e|%.1e'.format([1234.5, -1234567.891, 1234.5, 0.5])")).toBe('1,234.500000|-1,234,567.89|1.234500e+03|5.0e-01');
  });
  it('%d of an int, %x of an int and a string, %o, %b of an int and a bool, %%', () => {
    expect(run("'%d %x %X %x %o %b %b 100%%'.format([42, 255, 255, 'hi', 8, 5, true])")).toBe('42 ff FF 6869 10 101 1 100%');
  });
  it('a clause of the wrong type is an error', () => {
    expect(run("'%d'.format([1.5])")).toBe('error: error during formatting: decimal clause can only be used on integers, was given double');
    expect(run("'%f'.format([1])")).toBe('error: error during formatting: fixed-point clause can only be used on doubles, was given int');
  });
});
