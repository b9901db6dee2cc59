/// <reference types="vite/client" />
/**
 * The files under scenarios/ (and the pages of docs/), bundled into the page by Vite at build time (the browser has no
 * file system). Only the page imports this module; everything else takes a LibraryFiles map.
 */
import type { DocsFiles } from './doc-section.js';
import type { LibraryFiles } from './scenario-library.js';

const raw = import.meta.glob('../../scenarios/**/*.{yaml,yml,json}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** `../../scenarios/x.yaml` → `scenarios/x.yaml`. */
export const bundledFiles: LibraryFiles = new Map(Object.entries(raw).map(([k, v]) => [k.replace(/^(\.\.\/)+/, ''), v]));

const docs = import.meta.glob('../../docs/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The pages of docs/ that scenario texts cite, shown in the playground's docs panel. */
export const bundledDocs: DocsFiles = new Map(Object.entries(docs).map(([k, v]) => [k.replace(/^(\.\.\/)+/, ''), v]));
