import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Data flows one way: each folder of src/ may import only from itself and the folders before it.
const layers = [
  'errors',
  'value',
  'document',
  'schema',
  'fieldpath',
  'typed',
  'merge',
  'protocol',
  'manifest',
  'apiserver',
  'actors',
  'scenarios',
  'addon-check',
  'server',
  'cli',
  'web',
];

const src = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

function layerOf(file: string): string {
  return relative(src, file).split(sep)[0];
}

describe('layering', () => {
  it('every top-level folder of src/ is a known layer', () => {
    const folders = readdirSync(src).filter((n) => statSync(join(src, n)).isDirectory());
    expect(folders.filter((f) => !layers.includes(f))).toEqual([]);
  });

  it('no file imports from a later layer', () => {
    const violations: string[] = [];
    for (const file of sourceFiles(src)) {
      const from = layerOf(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
        const spec = m[1] ?? m[2];
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(src + sep)) continue;
        const to = layerOf(target);
        if (layers.indexOf(to) > layers.indexOf(from)) violations.push(`${relative(src, file)} imports ${spec} (${from} -> ${to})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the web playground does not import the HTTP server (it runs in a browser)', () => {
    const offenders = sourceFiles(join(src, 'web')).filter((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from\s+['"](\.[^'"]+)['"]/g)].some((m) => layerOf(resolve(dirname(file), m[1])) === 'server'),
    );
    expect(offenders).toEqual([]);
  });

  it('the layers the playground runs use no Node Buffer unless they check that there is one (a browser has none)', () => {
    const browserLayers = sourceFiles(src).filter((file) => !['server', 'cli'].includes(layerOf(file)));
    const unguarded = browserLayers.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(src, file)}:${i + 1}` }))
        .filter(({ line }) => /\bBuffer\.\w/.test(line) && !/^\s*(\/\/|\*)/.test(line) && !line.includes("typeof Buffer !== 'undefined'"))
        .map(({ at }) => at),
    );
    expect(unguarded).toEqual([]);
  });
});
