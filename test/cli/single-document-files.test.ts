/**
 * A scenario or a customizations file is one YAML document; a `---` with nothing after it (a
 * trailing separator, as many editors and generators leave, or a comment after it) opens no
 * second document, as the manifests' reader and kubectl skip such empty documents. Two documents
 * with content are still refused, at the second.
 */
import { describe, expect, it } from 'vitest';
import { runCli, scratchDir } from './run-io.js';

const { write } = scratchDir('ssa-sim-single-document-files-');
const scenario = 'name: x\nmode: engine\nsteps:\n  - apply: {manager: a, apiVersion: v1, object: {x: 1}}\n    expect:\n      owners: {.x: [a]}\n';

describe('one document, and separators with nothing after them', () => {
  it.each([
    ['trailing', `${scenario}---\n`],
    ['trailing, then a comment', `${scenario}---\n# the end\n`],
    ['leading and trailing', `---\n${scenario}---\n`],
    ['an empty document before', `---\n---\n${scenario}`],
  ])('run: %s', async (_, text) => {
    const r = await runCli(['run', write('s.yaml', text)]);
    expect([r.stderr, r.code]).toEqual(['', 0]);
    expect(r.stdout).toMatch(/\nOK x: 1 expectation holds\n$/);
  });

  it('two documents with content are refused at the second', async () => {
    const file = write('two.yaml', `${scenario}---\nname: y\n`);
    const r = await runCli(['run', file]);
    expect([r.stderr, r.code]).toEqual([`ssa-sim run: ${file}:8:1: expected one YAML document, found several (remove the \`---\` separators)\n`, 2]);
  });

  it('addon-check --customizations with a trailing separator', async () => {
    const file = write('c.yaml', '- name: a\n  steps:\n    - kubectl-set-env: {resource: daemonset/aws-node, namespace: kube-system, env: {X: "5"}}\n---\n');
    const r = await runCli(['addon-check', '--from', 'vpc-cni@v1.10.1', '--to', 'vpc-cni@v1.11.4', '--customizations', file, '--modes', 'NONE']);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe('vpc-cni@v1.10.1-eksbuild.1 -> vpc-cni@v1.11.4-eksbuild.1: 3 cluster states x 1 mode (NONE)');
  });
});
