/**
 * The Markdown that scenario texts use (descriptions, `explain:`, `learn:` lines), as HTML for the
 * playground: paragraphs, bullet and numbered lists, `code`, **strong**, *emphasis*, links.
 * Headings and fenced code blocks too, for the pages of docs/ the playground shows. Everything
 * else is text: every piece of input is escaped, so a scenario file can never put markup or
 * script into the page. Links go out only to http(s) addresses; a citation of a page of the
 * repository's docs (`docs/glossary.md#subresource`, or a relative link `[x](apiserver.md)` inside
 * a docs page) becomes a button naming the page (`data-doc`), which the playground opens in its
 * docs panel: it is served without the docs folder beside it.
 */
import { esc } from './html.js';

/** One block of text (a paragraph or a list item) with its inline marks as HTML. */
export function inlineMarkdown(text: string): string {
  // Code spans first: nothing inside them is markup.
  const parts = text.split(/(`[^`\n]+`)/);
  return parts
    .map((part, i) => (i % 2 === 1 ? `<code>${esc(part.slice(1, -1))}</code>` : marks(part)))
    .join('');
}

/**
 * The marks outside code spans, found in one left-to-right pass so that none is looked for inside
 * another's output: a link, a docs citation, **strong**, *emphasis*.
 */
const MARK =
  /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+|[\w-]+\.md(?:#[\w-]+)?)\)|(?<![\w/])(docs\/[\w-]+\.md(?:#[\w-]+)?)|\*\*([^*\n]+)\*\*|(?<![\w*])\*([^*\s](?:[^*\n]*[^*\s])?)\*(?![\w*])/g;

function marks(text: string): string {
  let html = '';
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    html += esc(text.slice(at, m.index));
    at = m.index + m[0].length;
    const [, label, href, doc, strong, em] = m;
    if (href !== undefined && /^https?:/.test(href)) html += `<a href="${esc(href)}" rel="noopener noreferrer" target="_blank">${esc(label)}</a>`;
    else if (href !== undefined) html += docButton(`docs/${href}`, label);
    else if (doc !== undefined) html += docButton(doc, doc);
    else if (strong !== undefined) html += `<strong>${esc(strong)}</strong>`;
    else html += `<em>${esc(em)}</em>`;
  }
  return html + esc(text.slice(at));
}

function docButton(ref: string, label: string): string {
  return `<button type="button" class="doc-ref" data-doc="${esc(ref)}" title="Open ${esc(ref)}">${esc(label)}</button>`;
}

const BULLET = /^\s*[-*]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/**
 * Blocks separated by blank lines: a fenced code block, a heading (`#`...`######`), a list (every
 * line starts with `- `/`* ` or `1. `, continuation lines join the item before), or a paragraph.
 * YAML's folded scalars (`>`) have already joined the lines of a paragraph.
 */
export function markdown(text: string, headingOffset = 0): string {
  const out: string[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let block: string[] = [];
  const flush = () => {
    if (block.length > 0) out.push(renderBlock(block, headingOffset));
    block = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      while (++i < lines.length && !/^\s*```/.test(lines[i])) code.push(lines[i]);
      out.push(`<pre><code>${esc(code.join('\n'))}</code></pre>`);
    } else if (line.trim() === '') flush();
    else if (/^#{1,6}\s/.test(line)) {
      flush();
      block = [line];
      flush();
    } else block.push(line);
  }
  flush();
  return out.join('');
}

function renderBlock(lines: string[], headingOffset: number): string {
  const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0]);
  if (heading) {
    const level = Math.min(6, heading[1].length + headingOffset);
    return `<h${level}>${inlineMarkdown(heading[2].trim())}</h${level}>`;
  }
  const list = BULLET.test(lines[0]) ? BULLET : NUMBERED.test(lines[0]) ? NUMBERED : undefined;
  if (!list) return `<p>${inlineMarkdown(lines.map((l) => l.trim()).join(' '))}</p>`;
  const items: string[] = [];
  for (const line of lines) {
    if (list.test(line)) items.push(line.replace(list, ''));
    else items[items.length - 1] += ` ${line.trim()}`;
  }
  const tag = list === BULLET ? 'ul' : 'ol';
  return `<${tag}>${items.map((item) => `<li>${inlineMarkdown(item.trim())}</li>`).join('')}</${tag}>`;
}
