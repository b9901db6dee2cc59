import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A cold start runs every module's top level. A regular expression literal is parsed when its
// module loads, and one with Unicode property classes (`\p{L}`) makes V8 build their code point
// sets then: about 3 million instructions each, in every run, used or not (docs/performance.md,
// "Cold start"). Such expressions are built on first use instead.

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

describe('work at import time', () => {
  it('no module builds a regular expression with Unicode property classes when it loads', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          // A declaration at the top level (not indented) whose value is a literal with \p{ or \P{.
          if (/^(?:export )?(?:const|let|var) [\w$]+(?:: [\w<>]+)? = \/.*\\[pP]\{/.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
