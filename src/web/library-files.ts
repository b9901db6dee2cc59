/// <reference types="vite/client" />
/**
 * The files under scenarios/, bundled into the page by Vite at build time (the browser has no
 * file system). Only the page imports this module; everything else takes a LibraryFiles map.
 */
import type { LibraryFiles } from './scenario-library.js';

const raw = import.meta.glob('../../scenarios/**/*.{yaml,yml,json}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** `../../scenarios/x.yaml` → `scenarios/x.yaml`. */
export const bundledFiles: LibraryFiles = new Map(Object.entries(raw).map(([k, v]) => [k.replace(/^(\.\.\/)+/, ''), v]));
