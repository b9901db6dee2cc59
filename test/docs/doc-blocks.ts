/**
 * The fenced blocks of README.md and docs/*.md that show what a command prints, and how each is
 * marked. A mark is in the fence's info string, after the language word, where a reader of the
 * rendered page does not see it (GitHub and the playground's docs panel show only the code):
 *
 *   ```text output-of: ssa-sim run scenarios/eks-vpc-cni-addon.yaml
 *     the block is everything the command prints (stdout, then stderr), byte for byte
 *   ```text excerpt-of: ssa-sim addon-check --from vpc-cni@v1.10.1 --to vpc-cni@v1.11.4
 *     each paragraph of the block (lines between blank lines) is a run of whole, consecutive lines
 *     of what the command prints, the paragraphs in the order the command prints them
 *   ```console session
 *     a transcript: each `$ ssa-sim ARGS` line is run, and the lines up to the next `$ ` line are
 *     everything it prints. A line ending in `--field-manager <TAB>` shows what the completion
 *     scripts offer there: the names `ssa-sim __complete field-manager ARGS` prints, in order
 *     (the shell lays them out in columns)
 *
 * Each may name a folder of inputs to run in, `in=NAME` before the mark (test/docs/doc-inputs.ts);
 * without one, commands run in the repository's root. ARGS are split as a POSIX shell splits
 * them (single and double quotes, backslash).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface DocBlock {
  /** `docs/cli.md` */
  readonly file: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly info: string;
  /** The lines between the fences, each with its newline. */
  readonly body: string;
}

export type Mark =
  | { readonly kind: 'output-of' | 'excerpt-of'; readonly args: readonly string[]; readonly inputs: string | undefined }
  | { readonly kind: 'session'; readonly inputs: string | undefined };

/** README.md and every page of docs/, as the repository names them. */
export function docFiles(): string[] {
  return ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
}

/** Every fenced block of a Markdown file (fences of three backticks at the start of a line). */
export function fencedBlocks(file: string, text = readFileSync(join(ROOT, file), 'utf8')): DocBlock[] {
  const lines = text.split('\n');
  const out: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !/^```\s*$/.test(lines[i])) body.push(`${lines[i]}\n`);
    out.push({ file, line: start + 1, info: open[1].trim(), body: body.join('') });
  }
  return out;
}

/** The block's mark, or undefined when it has none; a mark that does not read is an error naming the block. */
export function markOf(b: DocBlock): Mark | undefined {
  const words = b.info.split(/\s+/).slice(1);
  let inputs: string | undefined;
  if (words[0]?.startsWith('in=')) inputs = words.shift()!.slice(3);
  if (words.length === 0) {
    if (inputs !== undefined) throw new Error(`${b.file}:${b.line}: in=${inputs} without a mark (session, output-of:, excerpt-of:)`);
    return undefined;
  }
  if (words[0] === 'session' && words.length === 1) return { kind: 'session', inputs };
  if (words[0] === 'output-of:' || words[0] === 'excerpt-of:') {
    const rest = b.info.slice(b.info.indexOf(words[0]) + words[0].length);
    const args = shellWords(rest);
    if (args[0] !== 'ssa-sim') throw new Error(`${b.file}:${b.line}: ${words[0]} must name an ssa-sim command, not "${args[0] ?? ''}"`);
    return { kind: words[0].slice(0, -1) as 'output-of' | 'excerpt-of', args: args.slice(1), inputs };
  }
  throw new Error(`${b.file}:${b.line}: unknown mark "${words.join(' ')}" (expected session, output-of: or excerpt-of:)`);
}

/** Words as a POSIX shell splits them: blanks separate, '...' and "..." quote, a backslash escapes. */
export function shellWords(text: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in ${text}`);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let s = '';
      for (i++; i < text.length && text[i] !== '"'; i++) s += text[i] === '\\' && '"\\$`'.includes(text[i + 1] ?? '') ? text[++i] : text[i];
      if (i >= text.length) throw new Error(`unterminated " in ${text}`);
      word = (word ?? '') + s;
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) out.push(word);
  return out;
}

/** A session's commands, each with the output the transcript shows for it. */
export function sessionSteps(b: DocBlock): { args: string[]; shown: string; tab: boolean }[] {
  const steps: { args: string[]; shown: string; tab: boolean }[] = [];
  for (const line of b.body.split('\n').slice(0, -1)) {
    const cmd = /^\$ (.*?)( <TAB>)?$/.exec(line);
    if (cmd) {
      const words = shellWords(cmd[1]);
      if (words[0] !== 'ssa-sim') throw new Error(`${b.file}:${b.line}: a session runs ssa-sim only, not "${cmd[1]}"`);
      const tab = cmd[2] !== undefined;
      if (tab && words.at(-1) !== '--field-manager') throw new Error(`${b.file}:${b.line}: only --field-manager <TAB> is run (ssa-sim __complete field-manager)`);
      steps.push({ args: tab ? ['__complete', 'field-manager', ...words.slice(1)] : words.slice(1), shown: '', tab });
    } else if (steps.length === 0) throw new Error(`${b.file}:${b.line}: a session starts with a "$ ssa-sim" line`);
    else steps[steps.length - 1].shown += `${line}\n`;
  }
  return steps;
}

/**
 * Where an excerpt's paragraphs are in the output: undefined when each is found, in order, as
 * whole consecutive lines; otherwise the first paragraph that is not, as the test reports it.
 */
export function missingParagraph(excerpt: string, output: string): string | undefined {
  const have = output.split('\n');
  const paragraphs = excerpt.replace(/\n$/, '').split(/\n\s*\n/).map((p) => p.split('\n'));
  let from = 0;
  for (const p of paragraphs) {
    let at = -1;
    for (let i = from; i + p.length <= have.length && at < 0; i++) if (p.every((l, j) => have[i + j] === l)) at = i;
    if (at < 0) return p.join('\n');
    from = at + p.length;
  }
  return undefined;
}
