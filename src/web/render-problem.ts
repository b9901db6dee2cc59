/** A problem as HTML: title, message with its position, and the lines around it. */
import { esc, join } from './html.js';
import type { Problem } from './problem.js';

export function renderProblem(p: Problem | undefined, headingLevel: 2 | 3 = 2): string {
  if (!p) return '';
  const h = `h${headingLevel}`;
  const width = String(p.excerpt.length ? p.excerpt[p.excerpt.length - 1].line : 0).length;
  const excerpt = p.excerpt.length
    ? `<pre class="excerpt" aria-label="the lines around line ${p.line}">${p.excerpt
        .map((l) => {
          const ln = `<span class="ln">${esc(String(l.line).padStart(width))}</span> `;
          const line = l.marked ? `<mark>${ln}${esc(l.text)}</mark>` : `${ln}${esc(l.text)}`;
          const caret = l.marked && p.column !== undefined ? `\n<span class="caret" aria-hidden="true">${' '.repeat(width + p.column)}^</span>` : '';
          return line + caret;
        })
        .join('\n')}</pre>`
    : '';
  return join([`<div class="problem">`, `<${h}>${esc(p.title)}</${h}>`, `<p class="problem-message">${esc(p.message)}</p>`, excerpt, `</div>`]);
}
