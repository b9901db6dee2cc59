/**
 * A colour per manager that is the same on every run and every machine: FNV-1a of the manager's
 * name picks one of twelve palette slots (as kubectl-blame does). Shared ownership has its own
 * pattern, and names are always printed beside the colour, so colour never carries meaning alone.
 */

/** Twelve hues, dark enough for a 4px stripe on white and for text when tinted lightly. */
export const PALETTE: readonly string[] = [
  '#1f6fb4', // blue
  '#c0392b', // red
  '#23883b', // green
  '#7b4fb8', // purple
  '#d35400', // orange
  '#0e8a9a', // teal
  '#c2407f', // pink
  '#7d5a3c', // brown
  '#8a8a12', // olive
  '#3949ab', // indigo
  '#b8860b', // gold
  '#00796b', // dark cyan
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

/** The palette slot of a manager (0..11). */
export function managerSlot(manager: string): number {
  return fnv1a(manager) % PALETTE.length;
}

export function managerColour(manager: string): string {
  return PALETTE[managerSlot(manager)];
}

/** CSS classes `.m0`..`.m11` setting `--c` to each palette colour (installed once by the page). */
export function paletteCss(): string {
  return PALETTE.map((c, i) => `.m${i}{--c:${c}}`).join('\n');
}
