/** The what-if editor's text is read from the scenario file once per scenario, however the session was run. */
import { describe, expect, it, vi } from 'vitest';
import { libraryEnvironment } from '../../src/web/scenario-library.js';
import { openSession, runNextStep } from '../../src/web/session.js';
import { nextStepText } from '../../src/web/what-if.js';
import { libraryFromDisk } from './library.js';

const parsed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/web/step-text.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/web/step-text.js')>();
  return {
    ...original,
    authoredSteps: (...args: Parameters<typeof original.authoredSteps>) => {
      parsed.count++;
      return original.authoredSteps(...args);
    },
  };
});

describe('the what-if editor text', () => {
  it('parses the file once for a session run one step at a time (a new session object per step)', () => {
    const files = libraryFromDisk();
    const file = 'scenarios/eks-vpc-cni-addon.yaml';
    let s = openSession(files.get(file)!, file, libraryEnvironment(files, file));
    const texts: string[] = [nextStepText(s, 0)];
    while (!s.done) {
      s = runNextStep(s);
      texts.push(nextStepText(s, s.steps.length));
    }
    expect(texts[0]).toMatch(/^title: /);
    expect(new Set(texts).size).toBe(s.steps.length);
    expect(parsed.count).toBe(1);
  });
});
