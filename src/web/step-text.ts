/**
 * The text of one step of a scenario file, as its author wrote it (comments, block scalars and
 * all), so the what-if editor starts from what the reader has seen in the file.
 */
import { isSeq, type Node, parseDocument, visit } from 'yaml';
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

/** Every step of the scenario text, from one parse of the file (empty when it cannot be read). */
export function authoredSteps(scenarioText: string): (AuthoredStep | undefined)[] {
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
