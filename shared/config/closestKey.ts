// The known name closest to a misspelt one, so an error can say "did you mean ...".

/**
 * Edit distance (insertions, deletions, substitutions, and swaps of two neighbouring characters, one
 * each: typing `strat` for `start` is one slip), a difference of case alone counting half, so
 * `startblock` is nearer `startBlock` than any key one letter away.
 * @example editDistance('startblock', 'startBlock') // 0.5
 */
export function editDistance(a: string, b: string): number {
  // Costs are doubled so that the half of a case difference stays an integer.
  const cost = (x: string, y: string) => (x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 1 : 2);
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => 2 * j);
  for (let i = 1; i <= a.length; i++) {
    const current = [2 * i];
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!;
      const y = b[j - 1]!;
      let distance = Math.min(previous[j]! + 2, current[j - 1]! + 2, previous[j - 1]! + cost(x, y));
      if (i > 1 && j > 1 && x === b[j - 2] && a[i - 2] === y && x !== y)
        distance = Math.min(distance, beforePrevious[j - 2]! + 2);
      current[j] = distance;
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]! / 2;
}

/**
 * The known name nearest to `name`, if one is near enough to be a likely misspelling (at most a third
 * of its length away, and at least one edit allowed); else the one known name that begins with it,
 * any case (an abbreviation: `migr` for `migrate`), when it has two characters or more.
 * @example closestKey('startblock', ['chainId', 'startBlock']) // 'startBlock'
 * @example closestKey('rebuild', ['migrate', 'rebuild-metrics']) // 'rebuild-metrics'
 */
export function closestKey(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.floor(name.length / 3));
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (distance <= bestDistance && (best === undefined || distance < editDistance(name, best))) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best !== undefined || name.length < 2) return best;
  const extending = known.filter((candidate) => candidate.toLowerCase().startsWith(name.toLowerCase()));
  return extending.length === 1 ? extending[0] : undefined;
}

/** ` (did you mean "startBlock"?)`, or nothing when no known name is near. */
export function didYouMean(name: string, known: readonly string[], quote = '"'): string {
  const closest = closestKey(name, known);
  return closest === undefined ? '' : ` (did you mean ${quote}${closest}${quote}?)`;
}
