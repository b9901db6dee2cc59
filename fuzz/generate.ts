/** Case number `index` of a run with `seed`: the same pair always gives the same case. */
import { makeCase, TARGETS, type FuzzCase, type Target } from './cases.js';
import type { Corpus } from './corpus.js';
import { seeded } from './random.js';

export function caseAt(seed: number, index: number, corpus: Corpus, targets: readonly Target[] = TARGETS): FuzzCase {
  const r = seeded((Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(index, 0x165667b1)) >>> 0);
  return makeCase(r, corpus, targets[index % targets.length]);
}
