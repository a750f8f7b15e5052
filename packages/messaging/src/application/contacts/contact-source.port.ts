import type { NotFoundError, Result } from '@tuma/kernel';
import type { ContactMember } from '../../domain/contacts/contact-member.ts';

export type { ContactMember };

export interface ContactSource {
  /** Every member of the account's lists `listIds`, list by list in the given order, each list's members in insertion order. One or two queries whatever the size (100k members must come back in well under a second on PostgreSQL). An id that is not one of the account's lists -> err(notFound(...)) from @tuma/kernel naming that id. */
  membersOf(accountId: string, listIds: readonly number[]): Promise<Result<readonly ContactMember[], NotFoundError>>;
}
