/**
 * The docs' examples name the add-on's manifests (aws-k8s-cni.yaml, aws-k8s-cni-1.11.yaml), which
 * a fresh clone does not have: `addon-check --print-manifest NAME@VERSION` writes the built-in
 * ones, the very manifests the EKS story and `vpc-cni@VERSION` use.
 */
import { describe, expect, it } from 'vitest';
import { vpcCniManifest } from '../../src/actors/index.js';
import { runCli } from './run-io.js';

describe('addon-check --print-manifest', () => {
  it('prints the built-in manifest of a version (-eksbuild.N may be left out)', async () => {
    const r = await runCli(['addon-check', '--print-manifest', 'vpc-cni@v1.10.1']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(vpcCniManifest({ version: 'v1.10.1-eksbuild.1', region: 'eu-west-1' }));
    expect((await runCli(['addon-check', '--print-manifest', 'vpc-cni@v1.11.4-eksbuild.1'])).stdout).toBe(vpcCniManifest({ version: 'v1.11.4-eksbuild.1', region: 'eu-west-1' }));
  });

  it('a version or add-on it does not ship is an error naming what it ships', async () => {
    const r = await runCli(['addon-check', '--print-manifest', 'vpc-cni@v1.99.0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ssa-sim addon-check: vpc-cni@v1.99.0: ssa-sim ships vpc-cni v1.10.1-eksbuild.1, v1.11.4-eksbuild.1\n');
    const other = await runCli(['addon-check', '--print-manifest', 'coredns@v1.8.7']);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^ssa-sim addon-check: --print-manifest takes a built-in add-on version \(vpc-cni@v1\.10\.1, vpc-cni@v1\.11\.4\), not "coredns@v1\.8\.7"\n/);
  });
});
