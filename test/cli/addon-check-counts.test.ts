/**
 * addon-check's headline and summary count in English: one mode, one cell that fails or loses
 * a user change (`--modes OVERWRITE` with one customization), in text and in markdown.
 */
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { write } = scratchDir('ssa-sim-addon-check-counts-');
const customizations = write(
  'one.yaml',
  `- name: prefix-delegation
  steps:
    - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, container: aws-node, env: {ENABLE_PREFIX_DELEGATION: "true"}}
`,
);
const args = ['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '--customizations', customizations];

describe('addon-check counts', () => {
  it('text: 1 mode, 1 loses', async () => {
    const r = await runCli([...args, '--modes', 'OVERWRITE']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('vpc-cni@v1.10.1-eksbuild.1 -> vpc-cni@v1.11.4-eksbuild.1: 3 cluster states x 1 mode (OVERWRITE)');
    expect(lines.at(-2)).toBe('3 cells: 0 fail, 1 loses a user change');
  });

  it('text: 1 fails', async () => {
    const r = await runCli([...args, '--modes', 'PRESERVE']);
    expect(r.stdout.split('\n').at(-2)).toBe('3 cells: 1 fails, 0 lose a user change');
  });

  it('markdown: 1 mode, 1 loses', async () => {
    const r = await runCli([...args, '--modes', 'OVERWRITE', '-o', 'markdown']);
    expect(r.stdout).toContain('\n3 cluster states × 1 `resolveConflicts` mode: 3 cells: 0 fail, 1 loses a user change.\n');
  });
});
