/**
 * The playground shows, for every library scenario and every step, what `ssa-sim run` says there:
 * the command's summary and output, whether it succeeded, the 409's conflicts, what decided the
 * apply (forgiven conflicts, kubectl's migration), the API server's error, the notes, each
 * expectation's verdict and the ownership changes, word for word. The run is read as a user reads
 * it (`run -o json` and the text), the page as the playground builds it (its session on the
 * bundled library, its page model and the HTML it renders).
 */
import { describe, expect, it } from 'vitest';
import { esc } from '../../src/web/html.js';
import { pageModel } from '../../src/web/page-model.js';
import { renderResult } from '../../src/web/render-page.js';
import { libraryEntries, libraryEnvironment } from '../../src/web/scenario-library.js';
import { startSession } from '../../src/web/session.js';
import { runCli } from '../cli/run-io.js';
import { libraryFromDisk } from './library.js';

const files = libraryFromDisk();

interface ReportStep {
  summary: string;
  ok: boolean;
  stdout: string;
  stderr: string;
  conflicts: { manager: string; path: string }[];
  ownershipChanges: { object: string; changes: { text: string }[] }[];
  expectations: { passed: boolean; description: string }[];
}

/** run's text for step k (1-based) of a scenario's output: from its "Step k/n:" line to the next step or the end. */
function stepText(text: string, k: number, n: number): string {
  const from = text.indexOf(`\nStep ${k}/${n}: `);
  const to = k < n ? text.indexOf(`\nStep ${k + 1}/${n}: `) : text.length;
  return text.slice(from, to);
}

describe('the playground says what ssa-sim run says', () => {
  const entries = libraryEntries(files);

  it('covers the whole library', () => {
    expect(entries.length).toBe([...files.keys()].filter((f) => !/\/(schemas|manifests|objects)\//.test(f)).length);
  });

  for (const e of entries) {
    it(e.file, async () => {
      const s = startSession(files.get(e.file)!, e.file, libraryEnvironment(files, e.file));
      expect(s.problem?.message).toBeUndefined();
      const json = await runCli(['run', e.file, '-o', 'json']);
      const text = (await runCli(['run', e.file])).stdout;
      const report = JSON.parse(json.stdout).scenarios[0] as { name: string; steps: ReportStep[] };
      expect(s.scenario!.name).toBe(report.name);
      expect(s.steps.length).toBe(report.steps.length);
      const n = report.steps.length;
      report.steps.forEach((want, i) => {
        const where = `${e.file}, step ${i + 1}`;
        const m = pageModel(s, i + 1);
        const r = m.result!;
        expect({ summary: r.summary, ok: r.ok, stdout: r.stdout, stderr: r.stderr }, where).toEqual({ summary: want.summary, ok: want.ok, stdout: want.stdout, stderr: want.stderr });
        expect(r.conflicts.map((c) => ({ manager: c.manager, path: c.path })), where).toEqual(want.conflicts.map((c) => ({ manager: c.manager, path: c.path })));
        expect(r.changes.map((c) => ({ object: c.display, texts: c.changes.map((x) => x.text) })), where).toEqual(want.ownershipChanges.map((o) => ({ object: o.object, texts: o.changes.map((x) => x.text) })));
        expect(r.expectations.map((x) => ({ passed: x.passed, description: x.description })), where).toEqual(want.expectations.map((x) => ({ passed: x.passed, description: x.description })));
        // What run prints besides the report's fields: what decided it, the API server's error, notes.
        const printed = stepText(text, i + 1, n);
        for (const f of r.facts) expect(printed, where).toContain(`    ${f.split('\n')[0]}`);
        for (const note of r.notes) expect(printed, where).toContain(`note: ${note.split('\n')[0]}`);
        if (r.error !== undefined && !(r.stdout + r.stderr).includes(r.error)) expect(printed, where).toContain(`API server: ${r.error.split('\n')[0]}`);
        // And the page puts every one of them on screen.
        const html = renderResult(m);
        for (const t of [...r.changes.flatMap((c) => c.changes.map((x) => x.text)), ...r.conflicts.map((c) => c.path), ...r.notes, ...(r.error === undefined ? [] : [r.error])])
          expect(html, where).toContain(esc(t));
        if (r.facts.length > 0) expect(html, where).toContain(esc(r.facts.join('\n')));
      });
    });
  }
});
