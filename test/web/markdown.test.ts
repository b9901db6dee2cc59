/**
 * Scenario texts and docs pages as the playground shows them: the Markdown marks become HTML, and
 * nothing a file says can become markup of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docSection } from '../../src/web/doc-section.js';
import { inlineMarkdown, markdown } from '../../src/web/markdown.js';

const repo = resolve(import.meta.dirname, '..', '..');

describe('markdown', () => {
  it('renders code spans, strong, emphasis and http links', () => {
    expect(inlineMarkdown('run `kubectl apply --server-side` with **force**, *once*; see [the docs](https://kubernetes.io/docs/a?x=1&y=2)')).toBe(
      'run <code>kubectl apply --server-side</code> with <strong>force</strong>, <em>once</em>; see <a href="https://kubernetes.io/docs/a?x=1&amp;y=2" rel="noopener noreferrer" target="_blank">the docs</a>',
    );
  });

  it('keeps markup, scripts and other link schemes as text', () => {
    const html = inlineMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=y> "q" \'s\'');
    expect(html).toBe('&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1)) &lt;img src=x onerror=y&gt; &quot;q&quot; &#39;s&#39;');
    expect(html).not.toContain('<a');
  });

  it('code spans are literal: no marks inside them, and their text is escaped', () => {
    expect(inlineMarkdown('`**not bold** <b>` and `a*b*c`')).toBe('<code>**not bold** &lt;b&gt;</code> and <code>a*b*c</code>');
  });

  it('does not take a star inside words or globs for emphasis', () => {
    expect(inlineMarkdown('2 * 3 * 4 and *.yaml and a*b')).toBe('2 * 3 * 4 and *.yaml and a*b');
  });

  it('turns docs citations and relative .md links into buttons that open the page', () => {
    expect(inlineMarkdown('(docs/glossary.md#subresource)')).toBe(
      '(<button type="button" class="doc-ref" data-doc="docs/glossary.md#subresource" title="Open docs/glossary.md#subresource">docs/glossary.md#subresource</button>)',
    );
    expect(inlineMarkdown('See [apiserver.md](apiserver.md).')).toContain('data-doc="docs/apiserver.md"');
    // A citation inside an address stays part of the address.
    expect(inlineMarkdown('[src](https://example.com/x/docs/a.md)')).toBe('<a href="https://example.com/x/docs/a.md" rel="noopener noreferrer" target="_blank">src</a>');
  });

  it('blocks: paragraphs, lists, headings, fenced code', () => {
    expect(markdown('First line\nsame paragraph.\n\n- one\n- two\n  continued\n\n1. a\n2. b')).toBe(
      '<p>First line same paragraph.</p><ul><li>one</li><li>two continued</li></ul><ol><li>a</li><li>b</li></ol>',
    );
    expect(markdown('## Title\ntext\n```\n<x> **y**\n```', 1)).toBe('<h3>Title</h3><p>text</p><pre><code>&lt;x&gt; **y**</code></pre>');
  });
});

describe('docs citations resolve to a section the playground can show', () => {
  const docs = new Map(readdirSync(join(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => [`docs/${f}`, readFileSync(join(repo, 'docs', f), 'utf8')]));

  it('a glossary anchor gives that entry only', () => {
    const s = docSection(docs, 'docs/glossary.md#managedfields')!;
    expect(s.title).toBe('managedFields');
    expect(s.text).toContain('metadata.managedFields');
    expect(s.text).not.toMatch(/^## /m);
  });

  it('every citation of docs/ in every library scenario', () => {
    const refs = new Set<string>();
    const dir = join(repo, 'scenarios');
    for (const f of readdirSync(dir, { recursive: true }) as string[]) {
      if (!f.endsWith('.yaml')) continue;
      const text = readFileSync(join(dir, f), 'utf8');
      for (const m of text.matchAll(/(?<![\w/])(docs\/[\w-]+\.md(?:#[\w-]+)?)/g)) refs.add(m[1]);
    }
    expect(refs.size).toBeGreaterThan(5);
    const unresolved = [...refs].filter((r) => docSection(docs, r) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('an unknown page or anchor resolves to nothing', () => {
    expect(docSection(docs, 'docs/nope.md')).toBeUndefined();
    expect(docSection(docs, 'docs/glossary.md#nope')).toBeUndefined();
  });
});
