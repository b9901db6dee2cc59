/**
 * The web playground's work for the EKS story, in Node (the page renders the same HTML strings):
 *   Playground/EKS/FirstRender-cold  the first parse + run of the scenario + page model + HTML of
 *                                    step 0 in this process (built-in schema loaded on first use)
 *   Playground/EKS/FirstRender       the same, warm (mean)
 *   Playground/EKS/Step-mean|max     page model + HTML of one step, stepping 1..5 through a fresh
 *                                    session as a reader does (mean, and the slowest step's mean)
 * Budgets (issue 7): first render under 1 s, each step under 50 ms. The browser test prints what
 * Chromium saw (layout and paint included) as information.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pageModel } from '../src/web/page-model.js';
import { renderPage } from '../src/web/render-page.js';
import { libraryEnvironment } from '../src/web/scenario-library.js';
import { startSession } from '../src/web/session.js';

const EKS = 'scenarios/eks-vpc-cni-addon.yaml';

/** The scenario library as the page bundles it: `scenarios/...` → text. */
export function libraryFiles(repo: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ya?ml|json)$/.test(name)) out.set(relative(repo, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(join(repo, 'scenarios'));
  return out;
}

export interface PlaygroundTiming {
  readonly name: string;
  readonly ms: number;
  readonly budgetMs: number;
}

export function playgroundTimings(repo: string): PlaygroundTiming[] {
  const files = libraryFiles(repo);
  const text = files.get(EKS);
  if (text === undefined) throw new Error(`${EKS} is missing`);
  const env = libraryEnvironment(files, EKS);
  const firstRender = () => {
    const s = startSession(text, EKS, env);
    if (s.problem) throw new Error(`${EKS}: ${s.problem.message}`);
    renderPage(pageModel(s, 0));
    return s;
  };
  const t0 = performance.now();
  const first = firstRender();
  const cold = performance.now() - t0;

  const rounds = 20;
  let warm = 0;
  const perStep = Array.from({ length: first.steps.length }, () => 0);
  for (let r = 0; r < rounds; r++) {
    const a = performance.now();
    const s = firstRender();
    warm += performance.now() - a;
    for (let k = 1; k <= s.steps.length; k++) {
      const b = performance.now();
      renderPage(pageModel(s, k));
      perStep[k - 1] += performance.now() - b;
    }
  }
  const means = perStep.map((t) => t / rounds);
  return [
    { name: 'Playground/EKS/FirstRender-cold', ms: cold, budgetMs: 1000 },
    { name: 'Playground/EKS/FirstRender', ms: warm / rounds, budgetMs: 1000 },
    { name: 'Playground/EKS/Step-mean', ms: means.reduce((x, y) => x + y, 0) / means.length, budgetMs: 50 },
    { name: 'Playground/EKS/Step-max', ms: Math.max(...means), budgetMs: 50 },
  ];
}
