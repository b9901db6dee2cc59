/**
 * What-if: run an edited version of the next step on the snapshot the page shows, without
 * changing the scenario. The edited text is parsed as a step of a minimal scenario (so it is
 * checked exactly as a step of a file), then run by the scenario's own runner; its expectations,
 * if it has any, are checked too.
 */
import { parseScenario } from '../scenarios/parse-scenario.js';
import type { Scenario } from '../scenarios/model.js';
import { runScenarioSteps } from '../scenarios/run-scenario.js';
import type { StepRecord } from '../scenarios/run-types.js';
import { type Problem, problemFrom } from './problem.js';
import { type Session, snapshotAtPosition } from './session.js';
import { type AuthoredStep, authoredSteps, composedStepTexts, STEP_COLUMN_OFFSET, STEP_LINE_OFFSET, wrapStep } from './step-text.js';

export const WHAT_IF_FILE = 'what-if.yaml';

export interface WhatIf {
  /** The position the step ran from (it shows as position base + 1). */
  readonly base: number;
  readonly text: string;
  readonly record: StepRecord | undefined;
  readonly problem: Problem | undefined;
}

/**
 * The text the what-if editor starts with at `pos`: the next step, or the last one again. The
 * author's text of the step when it reads on its own; when it does not (it uses an anchor set in
 * another step), the step written from the composed document, where every alias is resolved.
 */
export function nextStepText(s: Session, pos: number): string {
  const n = s.scenario?.steps.length ?? 0;
  if (n === 0 || !s.scenario) return '';
  const index = Math.min(pos, n - 1);
  const texts = editorTexts(s, s.scenario);
  return (texts.byStep[index] ??= editorText(s, texts, index));
}

/**
 * A session's editor texts, made when first asked for: the file is parsed once for every step's
 * text (parsing it at each step cost more than the rest of the step), each step is checked once.
 */
interface EditorTexts {
  readonly authored: readonly (AuthoredStep | undefined)[];
  composed: ((index: number) => string | undefined) | undefined;
  readonly byStep: string[];
}

/** By the parsed scenario: a session run one step at a time is a new session object at each step, with the same scenario. */
const editorTextCache = new WeakMap<Scenario, EditorTexts>();

function editorTexts(s: Session, scenario: Scenario): EditorTexts {
  let texts = editorTextCache.get(scenario);
  if (!texts) {
    texts = { authored: authoredSteps(s.text, scenario.steps.map((step) => step.source)), composed: undefined, byStep: [] };
    editorTextCache.set(scenario, texts);
  }
  return texts;
}

/**
 * The author's text when it reads on its own. A step without an alias does: it is the value the
 * scenario's parser accepted in the file. One with an alias is parsed alone to find out.
 */
function editorText(s: Session, texts: EditorTexts, index: number): string {
  const authored = texts.authored[index];
  if (authored !== undefined && (!authored.aliased || readsAlone(authored.text, s.scenario!.mode))) return authored.text;
  texts.composed ??= composedStepTexts(s.text, s.file);
  return texts.composed(index) ?? authored?.text ?? '';
}

function readsAlone(step: string, mode: 'engine' | 'cluster'): boolean {
  try {
    parseScenario(wrapStep(step, mode), WHAT_IF_FILE);
    return true;
  } catch {
    return false;
  }
}

/** True when `pos` has a next step in the scenario (else the editor offers the last one again). */
export function hasNextStep(s: Session, pos: number): boolean {
  return pos < (s.scenario?.steps.length ?? 0);
}

export function runWhatIf(s: Session, base: number, text: string): WhatIf {
  const where = { text, file: WHAT_IF_FILE, lineOffset: STEP_LINE_OFFSET, columnOffset: STEP_COLUMN_OFFSET };
  const before = snapshotAtPosition(s, base);
  if (!s.scenario || !s.runner || !before) {
    return { base, text, record: undefined, problem: problemFrom(new Error('the scenario did not load, so there is nothing to run the step on'), 'The what-if could not run') };
  }
  if (text.trim() === '') {
    return { base, text, record: undefined, problem: { title: 'The what-if could not run', message: 'the step is empty: write one action, such as `apply: {manager: m, object: {...}}`', line: undefined, column: undefined, excerpt: [] } };
  }
  let step;
  try {
    const wrapped = parseScenario(wrapStep(text, s.scenario.mode), WHAT_IF_FILE);
    step = { ...wrapped.steps[0], index: base };
    if (wrapped.steps.length !== 1) throw new Error('expected exactly one step');
  } catch (err) {
    return { base, text, record: undefined, problem: problemFrom(err, 'The edited step could not be read', where) };
  }
  const runner = { initial: before, run: s.runner.run };
  try {
    const earlier = Array.from({ length: base }, (_, p) => snapshotAtPosition(s, p)).filter((x) => x !== undefined);
    const records = [...runScenarioSteps({ ...s.scenario, steps: [step] }, runner, earlier)];
    return { base, text, record: records[0], problem: undefined };
  } catch (err) {
    return { base, text, record: undefined, problem: problemFrom(err, 'The edited step could not run', where) };
  }
}
