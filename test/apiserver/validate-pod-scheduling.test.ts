/**
 * The scheduling constraints kube-apiserver 1.32 validates in a pod spec
 * (pkg/apis/core/validation/validation.go: validateAffinity, ValidateNodeSelector,
 * ValidateNodeSelectorRequirement, ValidateNodeFieldSelectorRequirement,
 * ValidatePreferredSchedulingTerms, validatePodAffinityTerm,
 * validateMatchLabelKeysAndMismatchLabelKeys, validateTopologySpreadConstraints). The cases are
 * of the kinds validation_test.go's TestValidatePodSpec (affinity failure cases) and
 * TestValidateTopologySpreadConstraints table: one broken field each, with the path and text the
 * sources above give for it.
 */
import { describe, expect, it } from 'vitest';
import { cluster, fail, obj, ok } from './helpers.js';

const real = () => cluster({ harness: false, now: '2024-02-24T15:24:00Z' });
const web = { name: 'web', image: 'nginx' };
const pod = (spec: Record<string, unknown>) => obj({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [web], ...spec } });
const podMessage = (spec: Record<string, unknown>) => fail(real().create(pod(spec), { fieldManager: 'm' })).message;
const podInvalid = (...errors: string[]) => `Pod "p" is invalid: ${errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`}`;
const accepted = (spec: Record<string, unknown>) => ok(real().create(pod(spec), { fieldManager: 'm' }));

const QNAME_REGEX = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const REQ = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution';

describe('node affinity', () => {
  it('a required selector needs a term; each expression an operator with its value count and a qualified key', () => {
    expect(podMessage({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } })).toBe(
      podInvalid(`${REQ}.nodeSelectorTerms: Required value: must have at least one node selector term`),
    );
    expect(
      podMessage({
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [
                {
                  matchExpressions: [
                    { key: 'zone', operator: '', values: ['a'] },
                    { key: 'zone', operator: 'In' },
                    { key: 'gpu', operator: 'Exists', values: ['x'] },
                    { key: 'cores', operator: 'Gt', values: ['1', '2'] },
                    { key: 'bad key', operator: 'DoesNotExist' },
                  ],
                },
              ],
            },
          },
        },
      }),
    ).toBe(
      podInvalid(
        `${REQ}.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "": not a valid selector operator`,
        `${REQ}.nodeSelectorTerms[0].matchExpressions[1].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
        `${REQ}.nodeSelectorTerms[0].matchExpressions[2].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
        `${REQ}.nodeSelectorTerms[0].matchExpressions[3].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
        `${REQ}.nodeSelectorTerms[0].matchExpressions[4].key: Invalid value: "bad key": ${QNAME_REGEX}`,
      ),
    );
  });

  it('1.32 does not check a required expression\'s values against the label value rules', () => {
    accepted({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['not a label value!'] }] }] } } } });
  });

  it('matchFields: only metadata.name, one node name under In or NotIn', () => {
    expect(
      podMessage({
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1', 'node-2'] }, { key: 'metadata.namespace', operator: 'Exists' }, { key: 'metadata.name', operator: 'NotIn', values: ['Node_1'] }] }],
            },
          },
        },
      }),
    ).toBe(
      podInvalid(
        `${REQ}.nodeSelectorTerms[0].matchFields[0].values: Required value: must be only one value when \`operator\` is 'In' or 'NotIn' for node field selector`,
        `${REQ}.nodeSelectorTerms[0].matchFields[1].operator: Invalid value: "Exists": not a valid selector operator`,
        `${REQ}.nodeSelectorTerms[0].matchFields[1].key: Invalid value: "metadata.namespace": not a valid field selector key`,
        `${REQ}.nodeSelectorTerms[0].matchFields[2].values[0]: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      ),
    );
  });

  it('a preference weighs 1 to 100', () => {
    expect(
      podMessage({ affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 101, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] } }] } } }),
    ).toBe(podInvalid('spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100'));
  });
});

describe('pod affinity and anti-affinity', () => {
  it('hard terms need a topology key; selectors strict; namespaces at upstream\'s singular path', () => {
    expect(
      podMessage({
        affinity: {
          podAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchExpressions: [{ key: 'app', operator: 'In', values: ['web!'] }] }, namespaces: ['Prod'], topologyKey: '' }],
          },
        },
      }),
    ).toBe(
      podInvalid(
        "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values[0]: Invalid value: \"web!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
        "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].namespace: Invalid value: \"Prod\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
        'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty',
        'spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": name part must be non-empty',
        `spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Invalid value: "": ${QNAME_REGEX}`,
      ),
    );
  });

  it('weighted terms weigh 1 to 100; matchLabelKeys need a selector and not the mismatch keys', () => {
    const P = 'spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution';
    expect(
      podMessage({
        affinity: {
          podAntiAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [
              { weight: 0, podAffinityTerm: { topologyKey: 'kubernetes.io/hostname', matchLabelKeys: ['app'] } },
              { weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { tier: 'x' } }, topologyKey: 'zone', matchLabelKeys: ['app', 'bad key'], mismatchLabelKeys: ['app'] } },
            ],
          },
        },
      }),
    ).toBe(
      podInvalid(
        `${P}[0].weight: Invalid value: 0: must be in the range 1-100`,
        `${P}[0].podAffinityTerm.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
        `${P}[1].podAffinityTerm.matchLabelKeys[1]: Invalid value: "bad key": ${QNAME_REGEX}`,
        `${P}[1].podAffinityTerm.matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and mismatchLabelKeys`,
      ),
    );
    accepted({
      affinity: { podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' } }] } },
    });
  });
});

describe('topology spread constraints', () => {
  const T = 'spec.topologySpreadConstraints';
  it('maxSkew above zero, a key, a supported action, no repeat of key and action (reported on the first)', () => {
    expect(
      podMessage({
        topologySpreadConstraints: [
          { maxSkew: 0, topologyKey: '', whenUnsatisfiable: 'DoNotSchedule' },
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'Never' },
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' },
          { maxSkew: 2, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway' },
        ],
      }),
    ).toBe(
      podInvalid(
        `${T}[0].maxSkew: Invalid value: 0: must be greater than zero`,
        `${T}[0].topologyKey: Required value: can not be empty`,
        `${T}[1].whenUnsatisfiable: Unsupported value: "Never": supported values: "DoNotSchedule", "ScheduleAnyway"`,
        `${T}[2].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, ScheduleAnyway}"`,
      ),
    );
  });

  it('minDomains above zero and only with DoNotSchedule; node policies Honor or Ignore', () => {
    expect(
      podMessage({
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', minDomains: 0, nodeAffinityPolicy: 'Always', nodeTaintsPolicy: 'Ignore' },
          { maxSkew: 1, topologyKey: 'host', whenUnsatisfiable: 'DoNotSchedule', minDomains: 3 },
        ],
      }),
    ).toBe(
      podInvalid(
        `${T}[0].minDomains: Invalid value: 0: must be greater than zero`,
        `${T}[0].minDomains: Invalid value: 0: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway`,
        `${T}[0].nodeAffinityPolicy: Unsupported value: "Always": supported values: "Honor", "Ignore"`,
      ),
    );
  });

  it('matchLabelKeys qualified, not already in the selector; the selector itself strict', () => {
    expect(
      podMessage({
        topologySpreadConstraints: [
          { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', matchLabelKeys: ['app'] },
          {
            maxSkew: 1,
            topologyKey: 'host',
            whenUnsatisfiable: 'DoNotSchedule',
            labelSelector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'Exists', values: ['x'] }] },
            matchLabelKeys: ['app', '/x'],
          },
        ],
      }),
    ).toBe(
      podInvalid(
        `${T}[0].matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
        `${T}[1].matchLabelKeys[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
        `${T}[1].matchLabelKeys[1]: Invalid value: "/x": prefix part must be non-empty`,
        `${T}[1].labelSelector.matchExpressions[0].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
      ),
    );
    accepted({ topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: { app: 'web' } }, matchLabelKeys: ['pod-template-hash'], minDomains: 2 }] });
  });
});
