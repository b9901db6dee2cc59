import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** ../shared beside the project (reference data that is never copied into it). */
export const sharedDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'shared');

export function sharedPath(...parts: string[]): string {
  return join(sharedDir, ...parts);
}

export function readShared(...parts: string[]): string {
  const p = sharedPath(...parts);
  if (!existsSync(p)) throw new Error(`reference data missing: ${p} (clone the project beside ../shared)`);
  return readFileSync(p, 'utf8');
}
