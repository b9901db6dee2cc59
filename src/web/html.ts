/** HTML text built as strings (DOM-free, so the page model renders in Node for the bench). */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for element content and quoted attribute values. */
export function esc(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Joins the parts that are not false/undefined/empty. */
export function join(parts: readonly (string | false | undefined | null)[], sep = ''): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(sep);
}

/** `name="value"` pairs; `true` writes a bare attribute, false/undefined none. */
export function attrs(a: Readonly<Record<string, string | number | boolean | undefined>>): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${esc(String(v))}"`))
    .join('');
}
