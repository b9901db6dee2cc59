/**
 * "Did you mean": the candidate nearest to a mistyped word, by edit distance ignoring case, when
 * it is near enough to be a likely typo (at most one edit per three letters, and at least one).
 * One rule for every place that suggests: scenario keys, command names, flags, field paths.
 */
export function closestWord(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDist = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDist) {
      bestDist = d;
      best = c;
    }
  }
  return bestDist <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

/** Levenshtein distance with one row of memory. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}
