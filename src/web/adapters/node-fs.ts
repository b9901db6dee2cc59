/**
 * ADAPTER (playground only): stands in for `node:fs` in the browser bundle (vite.web.config.ts
 * aliases `node:fs` here). src/schema/load-schema-sources.ts imports `readFileSync` as its default
 * file reader; the playground always passes its own reader (files bundled from scenarios/), so
 * this is never called. If it is, the page says why instead of failing obscurely.
 */
export function readFileSync(path: string): string {
  throw new Error(`cannot read ${path}: the playground has no file system (only files under scenarios/ are bundled)`);
}

export default { readFileSync };
