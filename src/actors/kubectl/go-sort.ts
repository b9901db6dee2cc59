/**
 * Go's `sort.Sort` as kubectl v1.32 runs it (built with Go 1.23: package sort's pattern-defeating
 * quicksort, zsortinterface.go and sort.go), for the lists strategicpatch sorts with it
 * (sortMergeListsByNameArray, sortScalars). `sort.Sort` is not stable, and strategicpatch's Less
 * also holds for equal keys, so the order it leaves items with the same key in is that of this
 * exact algorithm: an insertion sort up to 12 items; beyond, pivots chosen from fixed positions
 * (the median of three, or Tukey's ninther from 50 items), partitions, a partial insertion sort
 * when a slice looks sorted, pattern breaking with a xorshift generator seeded by the length
 * after an unbalanced partition, and heapsort once too many partitions were bad. Nothing in it is
 * random: the same list always comes out in the same order, as it does from kubectl.
 *
 * `less(a, b)` is the Less of the sort.Interface; the array is sorted in place and returned.
 */

type Less<T> = (a: T, b: T) => boolean;

const MAX_INSERTION = 12;
const SHORTEST_NINTHER = 50;
const MAX_SWAPS = 4 * 3;
const PARTIAL_MAX_STEPS = 5;
const SHORTEST_SHIFTING = 50;

type Hint = 'unknown' | 'increasing' | 'decreasing';

const MASK64 = (1n << 64n) - 1n;

/** bits.Len: the number of bits needed to write n (0 for 0). */
function bitLength(n: number): number {
  let bits = 0;
  while (n > 0) {
    bits++;
    n = Math.floor(n / 2);
  }
  return bits;
}

class Sorter<T> {
  constructor(
    private readonly data: T[],
    private readonly lessThan: Less<T>,
  ) {}

  less(i: number, j: number): boolean {
    return this.lessThan(this.data[i]!, this.data[j]!);
  }

  swap(i: number, j: number): void {
    const t = this.data[i]!;
    this.data[i] = this.data[j]!;
    this.data[j] = t;
  }

  insertionSort(a: number, b: number): void {
    for (let i = a + 1; i < b; i++) for (let j = i; j > a && this.less(j, j - 1); j--) this.swap(j, j - 1);
  }

  siftDown(lo: number, hi: number, first: number): void {
    let root = lo;
    for (;;) {
      let child = 2 * root + 1;
      if (child >= hi) return;
      if (child + 1 < hi && this.less(first + child, first + child + 1)) child++;
      if (!this.less(first + root, first + child)) return;
      this.swap(first + root, first + child);
      root = child;
    }
  }

  heapSort(a: number, b: number): void {
    const first = a;
    const hi = b - a;
    for (let i = Math.floor((hi - 1) / 2); i >= 0; i--) this.siftDown(i, hi, first);
    for (let i = hi - 1; i >= 0; i--) {
      this.swap(first, first + i);
      this.siftDown(0, i, first);
    }
  }

  pdqsort(a: number, b: number, limit: number): void {
    let wasBalanced = true;
    let wasPartitioned = true;
    for (;;) {
      const length = b - a;
      if (length <= MAX_INSERTION) {
        this.insertionSort(a, b);
        return;
      }
      if (limit === 0) {
        this.heapSort(a, b);
        return;
      }
      if (!wasBalanced) {
        this.breakPatterns(a, b);
        limit--;
      }
      let [pivot, hint] = this.choosePivot(a, b);
      if (hint === 'decreasing') {
        this.reverseRange(a, b);
        pivot = b - 1 - (pivot - a);
        hint = 'increasing';
      }
      if (wasBalanced && wasPartitioned && hint === 'increasing' && this.partialInsertionSort(a, b)) return;
      if (a > 0 && !this.less(a - 1, pivot)) {
        a = this.partitionEqual(a, b, pivot);
        continue;
      }
      const [mid, alreadyPartitioned] = this.partition(a, b, pivot);
      wasPartitioned = alreadyPartitioned;
      const leftLen = mid - a;
      const rightLen = b - mid;
      const balanceThreshold = Math.floor(length / 8);
      if (leftLen < rightLen) {
        wasBalanced = leftLen >= balanceThreshold;
        this.pdqsort(a, mid, limit);
        a = mid + 1;
      } else {
        wasBalanced = rightLen >= balanceThreshold;
        this.pdqsort(mid + 1, b, limit);
        b = mid;
      }
    }
  }

  partition(a: number, b: number, pivot: number): [number, boolean] {
    this.swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    while (i <= j && this.less(i, a)) i++;
    while (i <= j && !this.less(j, a)) j--;
    if (i > j) {
      this.swap(j, a);
      return [j, true];
    }
    this.swap(i, j);
    i++;
    j--;
    for (;;) {
      while (i <= j && this.less(i, a)) i++;
      while (i <= j && !this.less(j, a)) j--;
      if (i > j) break;
      this.swap(i, j);
      i++;
      j--;
    }
    this.swap(j, a);
    return [j, false];
  }

  partitionEqual(a: number, b: number, pivot: number): number {
    this.swap(a, pivot);
    let i = a + 1;
    let j = b - 1;
    for (;;) {
      while (i <= j && !this.less(a, i)) i++;
      while (i <= j && this.less(a, j)) j--;
      if (i > j) break;
      this.swap(i, j);
      i++;
      j--;
    }
    return i;
  }

  partialInsertionSort(a: number, b: number): boolean {
    let i = a + 1;
    for (let step = 0; step < PARTIAL_MAX_STEPS; step++) {
      while (i < b && !this.less(i, i - 1)) i++;
      if (i === b) return true;
      if (b - a < SHORTEST_SHIFTING) return false;
      this.swap(i, i - 1);
      if (i - a >= 2) {
        for (let j = i - 1; j >= 1; j--) {
          if (!this.less(j, j - 1)) break;
          this.swap(j, j - 1);
        }
      }
      if (b - i >= 2) {
        for (let j = i + 1; j < b; j++) {
          if (!this.less(j, j - 1)) break;
          this.swap(j, j - 1);
        }
      }
    }
    return false;
  }

  /** Swaps three items around the middle with places a xorshift generator seeded by the length picks. */
  breakPatterns(a: number, b: number): void {
    const length = b - a;
    if (length < 8) return;
    let random = BigInt(length);
    const modulus = BigInt(2 ** bitLength(length));
    const middle = a + Math.floor(length / 4) * 2;
    for (let idx = middle - 1; idx <= middle + 1; idx++) {
      // Go 1.23's xorshift: <<13, >>17, <<5 on a uint64
      random ^= (random << 13n) & MASK64;
      random ^= random >> 17n;
      random ^= (random << 5n) & MASK64;
      let other = Number(random & (modulus - 1n));
      if (other >= length) other -= length;
      this.swap(idx, a + other);
    }
  }

  choosePivot(a: number, b: number): [number, Hint] {
    const l = b - a;
    const swaps = { n: 0 };
    let i = a + Math.floor(l / 4);
    let j = a + Math.floor(l / 4) * 2;
    let k = a + Math.floor(l / 4) * 3;
    if (l >= 8) {
      if (l >= SHORTEST_NINTHER) {
        i = this.median(i - 1, i, i + 1, swaps);
        j = this.median(j - 1, j, j + 1, swaps);
        k = this.median(k - 1, k, k + 1, swaps);
      }
      j = this.median(i, j, k, swaps);
    }
    if (swaps.n === 0) return [j, 'increasing'];
    if (swaps.n === MAX_SWAPS) return [j, 'decreasing'];
    return [j, 'unknown'];
  }

  order2(a: number, b: number, swaps: { n: number }): [number, number] {
    if (this.less(b, a)) {
      swaps.n++;
      return [b, a];
    }
    return [a, b];
  }

  median(a: number, b: number, c: number, swaps: { n: number }): number {
    [a, b] = this.order2(a, b, swaps);
    [b, c] = this.order2(b, c, swaps);
    [a, b] = this.order2(a, b, swaps);
    return b;
  }

  reverseRange(a: number, b: number): void {
    for (let i = a, j = b - 1; i < j; i++, j--) this.swap(i, j);
  }
}

/** Sorts `data` in place as Go 1.23's `sort.Sort` would, given sort.Interface's Less; returns it. */
export function goSort<T>(data: T[], less: Less<T>): T[] {
  new Sorter(data, less).pdqsort(0, data.length, bitLength(data.length));
  return data;
}
