/**
 * The what-if editor's texts come from the scenario file's lines, cut where the scenario parser
 * (the line reader, src/document/fast-yaml.ts) says each step starts: the first render does not
 * compose the file again with the `yaml` package. Its parser, composer and documents are counted here.
 */
import { describe, expect, it, vi } from 'vitest';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { openSession, runSessionTo } from '../../src/web/session.js';
import { readFlags } from '../../src/web/step-flags.js';
import { nextStepText } from '../../src/web/what-if.js';
import { libraryFromDisk } from './library.js';

const { started, countedYaml } = await vi.hoisted(() => import('../support/counted-yaml.js'));
vi.mock('yaml', countedYaml);

const files = libraryFromDisk();

describe('the what-if editor text of the first render', () => {
  it('the EKS story: every step\'s text and its flags, and the yaml package never started', () => {
    const file = 'scenarios/eks-vpc-cni-addon.yaml';
    const s = openSession(files.get(file)!, file, libraryEnvironment(files, file));
    const first = nextStepText(s, 0);
    expect(first).toMatch(/^title: cluster creation applies aws-k8s-cni.yaml/);
    const all = runSessionTo(s, Number.POSITIVE_INFINITY);
    const texts = Array.from({ length: all.steps.length }, (_, p) => nextStepText(all, p));
    expect(new Set(texts).size).toBe(all.steps.length);
    // The flag controls read from each text: force and manager, as the step runs.
    expect(texts.map((t) => readFlags(t).action)).toEqual(['kubectl-apply', 'kubectl-set-env', 'eks-create-addon', 'eks-create-addon', 'eks-update-addon']);
    expect(started).toEqual({ parsers: 0, composers: 0, documents: 0 });
  });

  it('a file whose steps name anchors is still composed (the counter counts)', () => {
    const text = 'name: n\nmode: engine\nsteps:\n  - apply: &a {manager: a, apiVersion: v1, object: {x: 1}}\n  - apply: *a\n';
    const before = started.composers + started.documents;
    const s = runSessionTo(openSession(text, 'pasted.yaml', libraryEnvironment(files, 'scenarios/pasted.yaml')), 2);
    expect(nextStepText(s, 0)).toBe('apply: &a {manager: a, apiVersion: v1, object: {x: 1}}\n');
    expect(started.composers + started.documents).toBeGreaterThan(before);
  });
});
