/**
 * A capture from an older cluster names a kind at a version Kubernetes 1.32 no longer serves
 * (policy/v1beta1 PodDisruptionBudget): the error says at which versions the kind is known,
 * rather than only asking for a CustomResourceDefinition of a built-in kind.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-io.js';

const PDB = `apiVersion: policy/v1beta1
kind: PodDisruptionBudget
metadata:
  name: p
  namespace: default
  managedFields:
  - apiVersion: policy/v1beta1
    fieldsType: FieldsV1
    fieldsV1: {"f:spec": {"f:minAvailable": {}}}
    manager: m
    operation: Update
spec:
  minAvailable: 1
`;

describe('blame: a built-in kind at a version the schema does not have', () => {
  it('names the versions it has', async () => {
    const r = await runCli(['blame'], { stdin: PDB });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'ssa-sim blame: <stdin>:2:7: poddisruptionbudget.policy/p: no schema for kind "PodDisruptionBudget" in version "policy/v1beta1" (known at policy/v1; searched: built-in Kubernetes schema); give its CustomResourceDefinition with --crd FILE or its schema with --schema FILE\n',
    );
  });

  it('a kind no source has keeps the message docs/ownership.md shows', async () => {
    const r = await runCli(['blame'], { stdin: PDB.replace(/PodDisruptionBudget/g, 'Widget').replace(/policy\/v1beta1/g, 'example.com/v1') });
    expect(r.stderr).toContain('no schema for kind "Widget" in version "example.com/v1" (searched: built-in Kubernetes schema); give its CustomResourceDefinition');
  });
});
