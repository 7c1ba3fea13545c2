// Statements a fleet sends all together (a restarting fleet's thousands of sockets, a publication's
// fetches): each caller waits for its own row, but the rows are read in batches, and only a few
// batches at a time, so the console's queries always find a free connection in the pool.

/**
 * At most `slots` batches of statements at a time. Used as DataLoader's batchScheduleFn, a batch
 * is sent on the next turn of the event loop once a slot is free; until then the keys of later
 * turns join it (up to its maxBatchSize), so under load the batches grow instead of each turn
 * queueing one more statement in the pool ahead of everyone else.
 */
export class BatchGate {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(slots: number) {
    this.free = slots;
  }

  /** Runs `dispatch` on a later turn once a slot is free; it must call done() when its work settles. */
  readonly schedule = (dispatch: () => void) => {
    if (this.free > 0) {
      this.free--;
      setImmediate(dispatch);
    } else this.waiting.push(dispatch);
  };

  /** A slot's work settled: the next waiting batch goes. */
  readonly done = () => {
    const next = this.waiting.shift();
    if (next) setImmediate(next);
    else this.free++;
  };

  /** A batch function holding its slot until it settles (DataLoader calls it from the scheduled dispatch). */
  holding<K, V>(load: (keys: readonly K[]) => Promise<V[]>): (keys: readonly K[]) => Promise<V[]> {
    return async (keys) => {
      try {
        return await load(keys);
      } finally {
        this.done();
      }
    };
  }

  /** DataLoader options: batches of up to `max` keys, sent through this gate. */
  options(max: number) {
    return { cache: false, maxBatchSize: max, batchScheduleFn: this.schedule } as const;
  }
}
