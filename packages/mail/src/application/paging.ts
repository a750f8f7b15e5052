import { ResultAsync } from '@tuma/kernel';

/** One page of a list, newest first. */
export interface Page<T> {
  readonly items: readonly T[];
  /** The cursor of the next page (the last id of this one); null on the last. */
  readonly next: string | null;
}

/** Reads one row more than asked (`read(limit + 1)`): whether it comes tells that a next page exists. */
export function pageOf<T extends { readonly id: string }>(read: (limit: number) => Promise<readonly T[]>, limit: number): ResultAsync<Page<T>, never> {
  return ResultAsync.fromSafePromise(read(limit + 1)).map((rows) => {
    const items = rows.slice(0, limit);
    return { items, next: rows.length > limit ? items[items.length - 1]!.id : null };
  });
}
