/**
 * `import { startServer } from 'ssa-sim'`: package.json `exports` names the compiled server
 * module and its declarations, which the build emits from src/server/index.ts.
 * (Checked end to end by hand with a consumer project: docs/serve.md.)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

describe('package exports', () => {
  it('the root export is the server module, with its types', async () => {
    const root = pkg.exports['.'];
    expect(root).toEqual({ types: './dist/src/server/index.d.ts', import: './dist/src/server/index.js' });
    // dist/src/X.js is what tsc -p tsconfig.build.json makes of src/X.ts, with X.d.ts beside it.
    const build = JSON.parse(readFileSync(join(repo, 'tsconfig.build.json'), 'utf8'));
    expect(build.compilerOptions.declaration).toBe(true);
    expect(root.types.replace(/\.d\.ts$/, '.js')).toBe(root.import);
    const source = join(repo, root.import.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'));
    const m = await import(source);
    expect(typeof m.startServer).toBe('function');
    expect(typeof m.handleRequest).toBe('function');
  });
});
