import type { TextStyle } from '../scenarios/format-run.js';
import { PLAIN } from '../scenarios/format-run.js';
import type { CommandIO } from './io.js';

export type ColorMode = 'auto' | 'always' | 'never';

export function isColorMode(s: string): s is ColorMode {
  return s === 'auto' || s === 'always' || s === 'never';
}

/**
 * Whether to colour: `always` and `never` are what they say; `auto` colours only a terminal, and
 * not when NO_COLOR is set and non-empty (no-color.org) or TERM is `dumb`.
 */
export function useColor(mode: ColorMode, io: CommandIO): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if ((io.env.NO_COLOR ?? '') !== '') return false;
  if (io.env.TERM === 'dumb') return false;
  return io.isTTY;
}

export const ANSI = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
};

/** Twelve colours, as kubectl-blame uses; a manager keeps its colour across runs (FNV-1a of its name). */
const MANAGER_COLORS = [31, 32, 33, 34, 35, 36, 91, 92, 93, 94, 95, 96];

export function managerColor(name: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `\u001b[${MANAGER_COLORS[h % MANAGER_COLORS.length]}m`;
}

/** The colour for shared ownership (one fixed colour, as kubectl-colorize-managed-fields does). */
export const SHARED_COLOR = '\u001b[7m';

export function textStyle(color: boolean): TextStyle {
  if (!color) return PLAIN;
  const wrap = (code: string) => (s: string) => `${code}${s}${ANSI.reset}`;
  return { pass: wrap(ANSI.green), fail: wrap(ANSI.red), dim: wrap(ANSI.dim), bold: wrap(ANSI.bold) };
}
