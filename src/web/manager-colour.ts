/**
 * Colours of managers. Within a scenario, managers get palette slots in the order they first
 * appear (on the starting objects, then step by step), so the managers shown together never share
 * a colour while there are at most twelve of them on screen; hashing names (as this page once did, like
 * kubectl-blame) gave `kubectl` and `kube-controller-manager` the same colour. Shared ownership has
 * its own pattern, and names are always printed beside the colour, so colour never carries
 * meaning alone.
 */

/**
 * Twelve hues, dark enough for a 4px stripe on white and for text when tinted lightly. The first
 * seven are the Okabe–Ito colours that stay apart for the common colour-vision deficiencies (its
 * yellow replaced by a dark grey, which a stripe on white needs); the rest follow when a scenario
 * has more managers.
 */
export const PALETTE: readonly string[] = [
  '#0072b2', // blue
  '#d55e00', // vermilion
  '#009e73', // bluish green
  '#cc79a7', // reddish purple
  '#e69f00', // orange
  '#56b4e9', // sky blue
  '#555555', // dark grey
  '#8a8a12', // olive
  '#7d5a3c', // brown
  '#3949ab', // indigo
  '#a0183d', // dark red
  '#0e8a9a', // teal
];

/** FNV-1a, 32 bits, over the UTF-16 code units of the name. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Palette slots for a run, from the groups of managers it shows together (each object's managers
 * at each step), in order. Managers take slots in order of first appearance: a new manager takes
 * the next slot nobody has, and once all twelve are taken, a slot no manager it is ever shown with
 * has. So managers shown together never share a colour while at most twelve are on screen, even
 * in a run with more (twenty updaters come and go as the oldest are merged away).
 */
export function managerSlots(groups: Iterable<readonly string[]>): ReadonlyMap<string, number> {
  const all = [...groups];
  const shownWith = new Map<string, Set<string>>();
  const order: string[] = [];
  for (const g of all) {
    for (const m of g) {
      if (!shownWith.has(m)) {
        shownWith.set(m, new Set());
        order.push(m);
      }
      for (const other of g) if (other !== m) shownWith.get(m)!.add(other);
    }
  }
  const slots = new Map<string, number>();
  const used = new Set<number>();
  for (const m of order) {
    const taken = new Set([...shownWith.get(m)!].map((o) => slots.get(o)).filter((x) => x !== undefined));
    const fresh = PALETTE.findIndex((_, i) => !used.has(i));
    const free = PALETTE.findIndex((_, i) => !taken.has(i));
    const slot = fresh >= 0 ? fresh : free >= 0 ? free : order.indexOf(m) % PALETTE.length;
    slots.set(m, slot);
    used.add(slot);
  }
  return slots;
}

/**
 * The palette slot of a manager: its place in `slots`, or, for a manager the scenario never
 * showed (a what-if's own manager), one picked from its name.
 */
export function managerSlot(manager: string, slots: ReadonlyMap<string, number> = new Map()): number {
  return slots.get(manager) ?? fnv1a(manager) % PALETTE.length;
}

export function managerColour(manager: string, slots?: ReadonlyMap<string, number>): string {
  return PALETTE[managerSlot(manager, slots)];
}

/** CSS classes `.m0`..`.m11` setting `--c` to each palette colour (installed once by the page). */
export function paletteCss(): string {
  return PALETTE.map((c, i) => `.m${i}{--c:${c}}`).join('\n');
}
