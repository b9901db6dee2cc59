/// <reference types="vite/client" />
/**
 * The pages of docs/, bundled by Vite at build time. The page imports this module only when a
 * docs citation is first opened (main.ts), so the pages are a chunk of their own and the first
 * render neither downloads nor parses them.
 */
import type { DocsFiles } from './doc-section.js';

const docs = import.meta.glob('../../docs/*.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** The pages of docs/ that scenario texts cite, shown in the playground's docs panel. */
export const bundledDocs: DocsFiles = new Map(Object.entries(docs).map(([k, v]) => [k.replace(/^(\.\.\/)+/, ''), v]));
