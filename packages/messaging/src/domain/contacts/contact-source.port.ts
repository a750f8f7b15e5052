import type { NotFoundError, Result } from '@tuma/kernel';

export interface ContactMember { readonly phone: string; readonly country: string; readonly name: string | null; readonly vars: Readonly<Record<string, string>> }
export interface ContactSource {
  /** Every member of the account's lists `listIds`, list by list in the given order, each list's members in insertion order. One or two queries whatever the size (100k members must come back in well under a second on PostgreSQL). An id that is not one of the account's lists -> err(notFound(...)) from @tuma/kernel naming that id. */
  membersOf(accountId: string, listIds: readonly number[]): Promise<Result<readonly ContactMember[], NotFoundError>>;
}
