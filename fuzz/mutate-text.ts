/**
 * Mutations of a document's text: what goes wrong between an editor and a file — cut off, a
 * byte-order mark, Windows line ends, a line twice (duplicate keys), anchors and aliases, tabs,
 * stray bytes.
 */
import type { Random } from './random.js';

export function mutateText(r: Random, text: string): string {
  const lines = text.split('\n');
  const at = r.int(Math.max(1, lines.length));
  switch (r.int(9)) {
    case 0:
      return text.slice(0, r.int(text.length + 1));
    case 1:
      return '\ufeff' + text;
    case 2:
      return text.replace(/\n/g, '\r\n');
    case 3:
      return [...lines.slice(0, at + 1), lines[at] ?? '', ...lines.slice(at + 1)].join('\n');
    case 4:
      return [...lines.slice(0, at), (lines[at] ?? '').replace(/: (.+)$/, ': &a $1'), ...lines.slice(at + 1), 'extra: *a', 'again: *nope'].join('\n');
    case 5:
      return text.replace(/^( +)/gm, (m) => (r.chance(0.05) ? '\t' + m : m));
    case 6: {
      const i = r.int(text.length + 1);
      return text.slice(0, i) + String.fromCharCode(r.int(0x10000)) + text.slice(i);
    }
    case 7:
      return `${text}\n---\n${text.slice(0, r.int(text.length + 1))}`;
    default:
      return `a: &x [*x]\n` + text;
  }
}
