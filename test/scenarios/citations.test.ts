/**
 * Scenario texts are learners' material: every document they cite must be one a learner has.
 * A `something.md` in a description, an explain text or a learn line must name a page of docs/
 * (and an anchor on it must be a heading there).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headingAnchor } from '../../src/web/doc-section.js';

const repo = resolve(import.meta.dirname, '..', '..');
const scenarioFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? scenarioFiles(join(dir, e.name)) : e.name.endsWith('.yaml') ? [join(dir, e.name)] : []));


describe('documents cited by scenarios exist in the repository', () => {
  for (const file of scenarioFiles(join(repo, 'scenarios'))) {
    it(file.slice(repo.length + 1), () => {
      const text = readFileSync(file, 'utf8');
      const missing: string[] = [];
      for (const m of text.matchAll(/([\w./-]+\.md)(#[\w-]+)?/g)) {
        const [cited, page, anchor] = m;
        if (page.startsWith('http')) continue;
        const path = join(repo, page.startsWith('docs/') ? '' : 'docs', page);
        if (!existsSync(path)) missing.push(cited);
        else if (anchor !== undefined) {
          const anchors = readFileSync(path, 'utf8').split('\n').filter((l) => l.startsWith('#')).map((l) => headingAnchor(l.replace(/^#+/, '')));
          if (!anchors.includes(anchor.slice(1))) missing.push(cited);
        }
      }
      expect(missing).toEqual([]);
    });
  }
});
