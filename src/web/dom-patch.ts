/**
 * Puts HTML into the page by changing only what changed. A region is a list of parts, each one
 * element's HTML (or an element's opening and closing tags around a list of parts of its own);
 * an element made from a part remembers the part's text, and the next patch keeps every element
 * whose part is the same, in place, parses the new parts together, and moves nothing else. So a
 * step that changes the marks of five lines of a 200-line object rebuilds five lines: the
 * browser parses, styles and lays out those, not the whole object again.
 */

/**
 * One element's HTML, or one element (its opening and closing tags) around parts of its own. Such
 * a container is kept, its attributes brought up to date, while its opening tag changes (the
 * object's lines stay the same list while its owners column widens).
 */
export type Part = string | Shell;

interface Shell {
  readonly open: string;
  readonly close: string;
  readonly children: readonly Part[];
}

/** The HTML of a part, children included. */
export function partHtml(p: Part): string {
  return typeof p === 'string' ? p : p.open + p.children.map(partHtml).join('') + p.close;
}

/** The HTML of parts, in order. */
export function partsHtml(parts: readonly Part[]): string {
  return parts.map(partHtml).join('');
}

/** The element made from a part, with the part's text (the key that lets the next patch keep it). */
const madeFrom = new WeakMap<Element, string>();

/** What an element made from the part is found by: its HTML, or a container's closing tag. */
function keyOf(p: Part): string {
  return typeof p === 'string' ? p : `\u0000${p.close}`;
}

function htmlOf(p: Part): string {
  return typeof p === 'string' ? p : `${p.open}${p.close}`;
}

/** A `<details>` part says whether it starts open; a kept one is put back so, as a fresh one would be. */
const DETAILS_OPEN = /^<details\b[^>]*?\sopen(?:[\s=>])/;

/**
 * Makes `parent`'s children the elements of `parts`, in order, keeping each child whose part is
 * unchanged. The result is what `parent.innerHTML = partsHtml(parts)` gives, except that kept
 * elements keep their identity (and the keyboard focus) and their disclosures' bodies.
 */
export function patchChildren(parent: Element, parts: readonly Part[]): void {
  const pool = new Map<string, Element[]>();
  for (const child of [...parent.children]) {
    if (stagedEls.has(child)) continue;
    const key = madeFrom.get(child);
    if (key === undefined) continue;
    const list = pool.get(key);
    if (list) list.push(child);
    else pool.set(key, [child]);
  }
  const wanted: (Element | undefined)[] = parts.map((p) => pool.get(keyOf(p))?.shift());
  // Then the elements parsed ahead for this parent (prepareChildren); what they were not parsed
  // for goes: they were made for another position.
  const ahead = prepared.get(parent);
  if (ahead) {
    prepared.delete(parent);
    parts.forEach((p, i) => (wanted[i] ??= ahead.get(keyOf(p))?.shift()));
  }
  const fresh = parts.filter((_, i) => wanted[i] === undefined);
  if (fresh.length > 0) {
    const made = buildAll(parent, fresh);
    if (!made) {
      // A part that is not exactly one element: no element can stand for it, so rebuild it all.
      parent.innerHTML = partsHtml(parts);
      return;
    }
    let k = 0;
    parts.forEach((_, i) => (wanted[i] ??= made[k++]));
  }
  const keep = new Set(wanted);
  for (const node of [...parent.childNodes]) if (!keep.has(node as Element) && !stagedEls.has(node as Element)) node.remove();
  let at: ChildNode | null = parent.firstChild;
  parts.forEach((p, i) => {
    const el = wanted[i]!;
    // Staged elements stay where they are: moving one would make the browser lay it out again.
    while (at && stagedEls.has(at as Element)) at = at.nextSibling;
    if (el === at) at = at.nextSibling;
    else parent.insertBefore(el, at);
    if (el instanceof HTMLDetailsElement) {
      const open = DETAILS_OPEN.test(htmlOf(p));
      if (el.open !== open) el.open = open;
    }
    if (typeof p !== 'string') {
      syncAttributes(el, p);
      patchChildren(el, p.children);
    }
  });
}

/**
 * Elements parsed ahead (prepareChildren), per parent, by the key of the part each was made from:
 * not in the page, complete with their children, taken by the next patchChildren of that parent.
 */
const prepared = new WeakMap<Element, Map<string, Element[]>>();

/**
 * Parses now (while the page is idle) the elements that `patchChildren(parent, parts)` would
 * parse, and those of the containers it would keep, so that the patch only moves them into the
 * page. Only the latest preparation of a parent is kept.
 */
export function prepareChildren(parent: Element, parts: readonly Part[]): void {
  const live = new Map<string, Element[]>();
  for (const child of parent.children) {
    const key = stagedEls.has(child) ? undefined : madeFrom.get(child);
    if (key === undefined) continue;
    const list = live.get(key);
    if (list) list.push(child);
    else live.set(key, [child]);
  }
  const fresh: Part[] = [];
  for (const p of parts) {
    const kept = live.get(keyOf(p))?.shift();
    if (!kept) fresh.push(p);
    else if (typeof p !== 'string') prepareChildren(kept, p.children);
  }
  const made = buildAll(parent, fresh);
  if (!made) return;
  const ahead = new Map<string, Element[]>();
  fresh.forEach((p, i) => {
    const list = ahead.get(keyOf(p));
    const el = parent.ownerDocument.adoptNode(made[i]);
    if (list) list.push(el);
    else ahead.set(keyOf(p), [el]);
  });
  prepared.set(parent, ahead);
}

/** The elements of `parts`, children included and keyed for the next patch (patchChildren, prepareChildren); none when a part is not one element. */
function buildAll(parent: Element, parts: readonly Part[]): Element[] | undefined {
  if (parts.length === 0) return [];
  const made = parse(parent, parts.map(htmlOf).join(''));
  if (made.length !== parts.length) return undefined;
  for (const [i, p] of parts.entries()) {
    madeFrom.set(made[i], keyOf(p));
    if (typeof p === 'string') continue;
    openTags.set(made[i], p.open);
    const children = buildAll(made[i], p.children);
    if (!children) return undefined;
    made[i].append(...children);
  }
  return made;
}

/** The HTML parsed ahead for a region (prepareHtml), with the text it was parsed from. */
const preparedHtml = new WeakMap<Element, { readonly html: string; readonly nodes: readonly Node[] }>();

/** Parses now (while the page is idle) what `replaceHtml(region, html)` would parse. */
export function prepareHtml(region: Element, html: string): void {
  const t = region.ownerDocument.createElement('template');
  t.innerHTML = html;
  preparedHtml.set(region, { html, nodes: [...region.ownerDocument.adoptNode(t.content).childNodes] });
}

/** Makes `region`'s content what `html` parses to: the nodes parsed ahead from that text, or parsed now. */
export function replaceHtml(region: Element, html: string): void {
  const ahead = preparedHtml.get(region);
  preparedHtml.delete(region);
  if (ahead?.html === html) region.replaceChildren(...ahead.nodes);
  else region.innerHTML = html;
}

/**
 * Elements made ahead of time (stage): unseen (the class `staged`, for the page's style), hidden
 * from assistive technology and inert. patchChildren neither takes one for a part nor removes nor
 * moves one; once unstaged, it is an element like the others, kept where it is.
 */
const stagedEls = new WeakSet<Element>();

/**
 * Makes the element of `part` at the end of `parent`, staged: the browser parses, styles and lays
 * it out now, while it is not shown. Once unstaged, a patch of `parent` whose parts include `part`
 * keeps it where it is, so it shows without being made or laid out again.
 */
export function stage(parent: Element, part: Part): Element {
  const el = parse(parent, htmlOf(part))[0];
  madeFrom.set(el, keyOf(part));
  if (typeof part !== 'string') {
    openTags.set(el, part.open);
    patchChildren(el, part.children);
  }
  stagedEls.add(el);
  el.classList.add('staged');
  el.setAttribute('aria-hidden', 'true');
  el.setAttribute('inert', '');
  parent.append(el);
  return el;
}

/** A staged element becomes what its part makes: the next patch of its parent can keep it. */
export function unstage(el: Element): void {
  stagedEls.delete(el);
  el.classList.remove('staged');
  if (el.classList.length === 0) el.removeAttribute('class');
  el.removeAttribute('aria-hidden');
  el.removeAttribute('inert');
}

/** The attributes of a kept container become those of its opening tag. */
const openTags = new WeakMap<Element, string>();

function syncAttributes(el: Element, p: Shell): void {
  if (openTags.get(el) === p.open) return;
  const model = parse(el, htmlOf(p))[0];
  if (model) {
    for (const a of [...el.attributes]) if (!model.hasAttribute(a.name)) el.removeAttribute(a.name);
    for (const a of [...model.attributes]) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  }
  openTags.set(el, p.open);
}

/** Elements parsed from `html` in the context of `parent` (a template parses `<li>`, `<tr>`... as they are). */
function parse(parent: Element, html: string): Element[] {
  const t = parent.ownerDocument.createElement('template');
  t.innerHTML = html;
  return [...t.content.children];
}
