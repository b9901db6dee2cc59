/**
 * The text of one step of a scenario file, as its author wrote it (comments, block scalars and
 * all), so the what-if editor starts from what the reader has seen in the file.
 */
import { isSeq, type Node, parseDocument, visit } from 'yaml';
import type { SourcePosition } from '../errors/ssa-error.js';
import { toYaml } from '../manifest/write-yaml.js';
import { readYamlDocument } from '../scenarios/read-yaml.js';
import { getKey, isList, isMap } from '../value/value.js';

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** Removes `n` leading spaces from every line after the first (where the item's column is). */
function dedent(lines: string[], n: number): string[] {
  return lines.map((l, i) => (i === 0 ? l : l.slice(Math.min(n, /^ */.exec(l)![0].length))));
}

/** Step `index` (0-based) of the scenario text, dedented; undefined when it cannot be found. */
export function stepText(scenarioText: string, index: number): string | undefined {
  return authoredSteps(scenarioText)[index]?.text;
}

export interface AuthoredStep {
  /** The step as its author wrote it, dedented. */
  readonly text: string;
  /** It uses an alias (`*x`, `<<: *x`): read on its own it may lack the anchor it names. */
  readonly aliased: boolean;
}

/**
 * Every step of the scenario text (empty when it cannot be read). With `starts`, where each step
 * begins (the scenario parser's positions of the steps), the steps are cut from the text's lines
 * when the lines alone say where each ends (stepsFromLines); otherwise the file is composed once.
 */
export function authoredSteps(scenarioText: string, starts?: readonly SourcePosition[]): (AuthoredStep | undefined)[] {
  return (starts && stepsFromLines(scenarioText, starts)) ?? composedAuthoredSteps(scenarioText);
}

/**
 * The steps cut from the lines of the text, each from where it starts (a block sequence item,
 * `- ` before it on its line) to its last line: the lines after the item's first that are blank,
 * comments, or indented past its dash belong to it, up to the first that is not. What this does
 * not decide, it leaves to the composed document (undefined): an item not written as `- ` and
 * its node on one line, comment lines after an item's last line (YAML attaches them to one item
 * or the next by rules of its own), a possible alias (`*`: whether it is one takes the full
 * reader), tabs and carriage returns. Then the text is the same as the composed document's item
 * ranges give (a test compares both).
 */
export function stepsFromLines(text: string, starts: readonly SourcePosition[]): AuthoredStep[] | undefined {
  if (text.includes('\t') || text.includes('\r')) return undefined;
  const lines = text.split('\n');
  const lineOffsets: number[] = [];
  for (let i = 0, at = 0; i < lines.length; at += lines[i].length + 1, i++) lineOffsets.push(at);
  const out: AuthoredStep[] = [];
  for (const start of starts) {
    if (start.line === undefined || start.column === undefined) return undefined;
    const first = start.line - 1;
    const column = start.column - 1;
    const dash = /^( *)- +$/.exec(lines[first]?.slice(0, column) ?? '');
    if (!dash) return undefined;
    const dashColumn = dash[1].length;
    let last = first;
    let commentAfterLast = false;
    for (let i = first + 1; i < lines.length; i++) {
      const content = lines[i].trimStart();
      if (content === '') continue;
      if (content.startsWith('#')) {
        commentAfterLast = true;
        continue;
      }
      if (lines[i].length - content.length <= dashColumn) break;
      last = i;
      commentAfterLast = false;
    }
    if (commentAfterLast) return undefined;
    const body = text.slice(lineOffsets[first] + column, lineOffsets[last] + lines[last].length).replace(/\s+$/, '');
    if (body.includes('*')) return undefined;
    out.push({ text: dedent(body.split('\n'), column).join('\n') + '\n', aliased: false });
  }
  return out;
}

/** Every step of the scenario text, from one composition of the file by the `yaml` package. */
function composedAuthoredSteps(scenarioText: string): (AuthoredStep | undefined)[] {
  let doc;
  try {
    doc = parseDocument(scenarioText, { keepSourceTokens: false, uniqueKeys: false });
  } catch {
    return [];
  }
  const steps = doc.get('steps', true);
  if (!isSeq(steps)) return [];
  return steps.items.map((node) => {
    const item = node as { range?: [number, number, number] } | undefined;
    if (!item?.range) return undefined;
    const [start, , end] = item.range;
    const column = start - lineStart(scenarioText, start);
    const body = scenarioText.slice(start, end).replace(/\s+$/, '');
    let aliased = false;
    visit(node as Node, {
      Alias: () => {
        aliased = true;
        return visit.BREAK;
      },
    });
    return { text: dedent(body.split('\n'), column).join('\n') + '\n', aliased };
  });
}

/**
 * Every step written from the composed document: anchors and aliases (`*deploy` naming an anchor
 * of an earlier step) are resolved, merge keys merged, so each text stands alone. Comments and
 * the author's layout are not kept (keys in YAML's usual order). Empty when the file cannot be
 * read; a step is written when first asked for.
 */
export function composedStepTexts(scenarioText: string, file: string): (index: number) => string | undefined {
  let value;
  try {
    value = readYamlDocument(scenarioText, file).value;
  } catch {
    return () => undefined;
  }
  const steps = isMap(value) ? getKey(value, 'steps') : undefined;
  return (index) => {
    const step = isList(steps) ? steps[index] : undefined;
    return step === undefined ? undefined : toYaml(step);
  };
}

/**
 * The step text inside a minimal scenario, so that the scenario parser checks it exactly as it
 * checks a step of a file. Lines of the step start at line `STEP_LINE_OFFSET + 1`, two columns in.
 */
export const STEP_LINE_OFFSET = 3;
export const STEP_COLUMN_OFFSET = 2;

export function wrapStep(step: string, mode: 'engine' | 'cluster'): string {
  const lines = step.replace(/\n+$/, '').split('\n');
  return `name: what-if\nmode: ${mode}\nsteps:\n${lines.map((l, i) => (i === 0 ? `- ${l}` : l === '' ? '' : `  ${l}`)).join('\n')}\n`;
}
