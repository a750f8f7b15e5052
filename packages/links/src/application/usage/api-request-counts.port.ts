/** Each account's requests with a live links key, per calendar month UTC (`YYYY-MM`), as flushed by the processes. */
export interface ApiRequestCounts {
  /** Adds each account's requests to its count of the month, in one write; answers each account's total after it. */
  add(month: string, increments: ReadonlyMap<string, number>): Promise<ReadonlyMap<string, number>>;
  /** The account's count of the month so far (0 when none). */
  countOf(month: string, accountId: string): Promise<number>;
}
