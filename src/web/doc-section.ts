/**
 * The part of a docs page a citation names: `docs/glossary.md#subresource` is the section under
 * the heading whose GitHub anchor is `subresource` (up to the next heading of the same or a higher
 * level); `docs/apiserver.md` is the whole page. The playground shows it in its docs panel.
 */

/** Pages of docs/ by path (`docs/glossary.md`), as Markdown text. */
export type DocsFiles = ReadonlyMap<string, string>;

export interface DocSection {
  readonly ref: string;
  readonly title: string;
  readonly text: string;
}

/** The anchor GitHub gives a Markdown heading. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}

export function docSection(docs: DocsFiles, ref: string): DocSection | undefined {
  const [page, anchor] = ref.split('#', 2);
  const text = docs.get(page);
  if (text === undefined) return undefined;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const headingOf = (line: string) => /^(#{1,6})\s+(.*)$/.exec(line);
  if (anchor === undefined) {
    const h = lines.map(headingOf).find((m) => m !== null);
    return { ref, title: h ? h[2].trim() : page, text };
  }
  let inFence = false;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*```/.test(lines[i])) inFence = !inFence;
    const h = inFence ? null : headingOf(lines[i]);
    if (!h || headingAnchor(h[2]) !== anchor) continue;
    const level = h[1].length;
    let end = i + 1;
    let fence = false;
    for (; end < lines.length; end++) {
      if (/^\s*```/.test(lines[end])) fence = !fence;
      const next = fence ? null : headingOf(lines[end]);
      if (next && next[1].length <= level) break;
    }
    return { ref, title: h[2].trim(), text: lines.slice(i + 1, end).join('\n') };
  }
  return undefined;
}
