/** Shuffled copy (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * The order a zone plays its items: pass after pass, each pass in a new random order when
 * shuffled, never the same item twice in a row across the seam of two passes.
 */
export class PassOrder<T> {
  private pass: T[] = [];
  private index = 0;
  private last: T | undefined;

  constructor(
    private readonly items: readonly T[],
    private readonly shuffle: boolean,
    private readonly random: () => number = Math.random,
  ) {}

  /** The next call answers the first item that matches (in the items' own order); none matching: no change. */
  startAt(match: (item: T) => boolean): void {
    const index = this.items.findIndex(match);
    if (index < 0) return;
    this.pass = [...this.items];
    this.index = index;
  }

  next(): T | undefined {
    if (this.items.length === 0) return undefined;
    if (this.index >= this.pass.length) this.newPass();
    const item = this.pass[this.index++] as T;
    this.last = item;
    return item;
  }

  private newPass(): void {
    this.index = 0;
    if (!this.shuffle) {
      this.pass = [...this.items];
      return;
    }
    this.pass = shuffled(this.items, this.random);
    if (this.pass.length > 1 && this.pass[0] === this.last) {
      const swapWith = 1 + Math.floor(this.random() * (this.pass.length - 1));
      [this.pass[0], this.pass[swapWith]] = [this.pass[swapWith] as T, this.pass[0] as T];
    }
  }
}
