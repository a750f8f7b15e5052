/** Runs a batch's work in a database context of its own (the server: a fresh ORM context), rather than its first caller's. */
export type BatchContext = <T>(work: () => Promise<T>) => Promise<T>;

/** How a `GroupCommit` batches. */
export interface GroupCommitOptions {
  /** Most items in one batch. */
  readonly maxBatch: number;
  /** Batches handled at once (default 1: each batch takes everything that arrived during the previous one). */
  readonly concurrency?: number;
  /** Runs each batch (e.g. in a fresh database context of its own, rather than the first caller's). */
  readonly around?: BatchContext;
}

interface Waiting<I, O> {
  readonly item: I;
  readonly resolve: (outcome: O) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: concurrent calls are handled together, one batch at a time. A call that arrives
 * while a batch is being handled waits for the next one, so under load each batch takes what
 * arrived during the previous one (up to `maxBatch`). Otherwise a batch starts when the event-loop
 * turn of its first call ends (`setImmediate`, no timer), with every call of that turn: the
 * requests read from several sockets at once, or the answers that came back together.
 * `handle` answers one outcome per item, in order; if it throws, every call of its batch rejects.
 */
export class GroupCommit<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private running = 0;
  private turnEnding = false;

  constructor(
    private readonly handle: (items: readonly I[]) => Promise<readonly O[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.drainAtTurnEnd();
    });
  }

  private drainAtTurnEnd(): void {
    if (this.turnEnding) return;
    this.turnEnding = true;
    setImmediate(() => {
      this.turnEnding = false;
      this.drain();
    });
  }

  private drain(): void {
    while (this.running < (this.options.concurrency ?? 1) && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxBatch);
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        this.drain();
      });
    }
  }

  private async run(batch: readonly Waiting<I, O>[]): Promise<void> {
    try {
      const items = batch.map((waiting) => waiting.item);
      const around = this.options.around ?? ((work) => work());
      const outcomes = await around(() => this.handle(items));
      if (outcomes.length !== batch.length) throw new Error(`A batch of ${batch.length} got ${outcomes.length} outcomes`);
      batch.forEach((waiting, index) => waiting.resolve(outcomes[index]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
