/**
 * One fuzz case: which entry point, with which files and arguments. Cases are plain data, so
 * a failing one is saved as it is and replayed from the file (`npm run fuzz -- --replay FILE`).
 */
import { stringify as toYaml } from 'yaml';
import type { Corpus } from './corpus.js';
import { jsonText } from './json-text.js';
import { treeOf } from './corpus.js';
import { mutateText } from './mutate-text.js';
import { mutateTree, type Tree } from './mutate-value.js';
import type { Random } from './random.js';

export const TARGETS = ['engine', 'preview', 'preview-client-side', 'blame', 'explain', 'explain-apply', 'run'] as const;
export type Target = (typeof TARGETS)[number];

export interface FuzzCase {
  readonly target: Target;
  /** For `engine`: the request line. */
  readonly line?: string;
  /** For the commands: file name -> text, written to a fresh folder. */
  readonly files?: Readonly<Record<string, string>>;
  /** For the commands: the arguments after `ssa-sim`; file names are relative to that folder. */
  readonly args?: readonly string[];
}

/** YAML or JSON text of `tree`, sometimes further mutated as text. */
function render(r: Random, tree: Tree): string {
  let text: string;
  try {
    text = r.chance(0.2) ? jsonText(tree) : toYaml(tree, { aliasDuplicateObjects: false, lineWidth: 0 });
  } catch {
    text = jsonText(tree); // too deep for the YAML printer's recursion
  }
  return r.chance(0.25) ? mutateText(r, text) : text;
}

/** A mutated copy of a YAML text: as a tree (most of the time) or as text. */
function mutateDocument(r: Random, text: string): string {
  const tree = r.chance(0.75) ? treeOf(text) : undefined;
  return tree === undefined ? mutateText(r, text) : render(r, mutateTree(r, tree));
}

export function makeCase(r: Random, corpus: Corpus, target: Target): FuzzCase {
  if (target === 'engine') {
    const request = r.pick(corpus.engineRequests);
    const mutated = mutateTree(r, request);
    const line = jsonText(mutated);
    return { target, line: r.chance(0.1) ? line.slice(0, r.int(line.length + 1)) : line };
  }
  if (target === 'run') {
    const s = r.pick(corpus.scenarios);
    return { target, files: { [s.name]: mutateDocument(r, s.text) }, args: ['run', s.name] };
  }
  const live = r.pick(corpus.live);
  const mutateLive = r.chance(0.5);
  const liveText = mutateLive ? mutateDocument(r, live) : live;
  if (target === 'blame') return { target, files: { 'live.yaml': mutateDocument(r, live) }, args: ['blame', 'live.yaml', '--color', 'never', '--now', '2022-09-02T00:00:00Z'] };
  if (target === 'explain') {
    return { target, files: { 'live.yaml': mutateDocument(r, live) }, args: ['explain', 'live.yaml', r.pick(corpus.paths), '--now', '2022-09-02T00:00:00Z'] };
  }
  const manifest = r.pick(corpus.manifests);
  const manifestText = mutateLive && r.chance(0.7) ? manifest : mutateDocument(r, manifest);
  const files = { 'live.yaml': liveText, 'manifest.yaml': manifestText };
  const manager = r.pick(['eks', 'kubectl', 'helm']);
  if (target === 'explain-apply') {
    return { target, files, args: ['explain', 'live.yaml', r.pick(corpus.paths), '-f', 'manifest.yaml', '--field-manager', manager, '--now', '2022-09-02T00:00:00Z'] };
  }
  const args = ['preview', '-f', 'manifest.yaml', '--live', 'live.yaml', '--now', '2022-09-02T00:00:00Z'];
  if (target === 'preview-client-side') args.push('--client-side');
  else {
    args.push('--field-manager', manager);
    if (r.chance(0.3)) args.push('--force-conflicts');
  }
  if (r.chance(0.3)) args.push('-o', r.pick(['yaml', 'json']));
  return { target, files, args };
}
