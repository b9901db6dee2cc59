/** The playground page's entry point (index.html loads it). */
import { provideCelLibrary } from '../apiserver/cel/engine.js';
import { startApp } from './app.js';
import { bundledFiles } from './library-files.js';
import { startOwnObjects } from './own-objects-app.js';
import { problemFrom } from './problem.js';
import { renderProblem } from './render-problem.js';

function showFatal(err: unknown): void {
  const at = document.getElementById('load-problem') ?? document.body;
  at.innerHTML = renderProblem(problemFrom(err, 'The playground hit an error'));
  document.getElementById('app')?.setAttribute('aria-busy', 'false');
}

window.addEventListener('error', (ev) => showFatal(ev.error ?? ev.message));
window.addEventListener('unhandledrejection', (ev) => showFatal(ev.reason));

try {
  // The docs pages load when a citation is first opened (a chunk of their own).
  startApp(bundledFiles, () => import('./docs-files.js').then((m) => m.bundledDocs));
  startOwnObjects();
  // The evaluator of CRDs' x-kubernetes-validations rules, a chunk of its own, fetched after the
  // page started: the API server asks for it synchronously, which a browser cannot load then.
  void import('../apiserver/cel/library.js').then(provideCelLibrary, () => undefined);
} catch (err) {
  showFatal(err);
}
