import { accountSuspended, emailNotVerified, type Account, type AccountSuspendedError, type EmailNotVerifiedError } from '@tuma/accounts';
import type { MemberRequest } from './page.ts';

export type ReadAccount = (accountId: string) => Promise<Account | undefined>;

/** The signed-in member's account: it exists while their session does (a missing one is a bug, thrown). */
export async function memberAccount(readAccount: ReadAccount, request: MemberRequest): Promise<Account> {
  const account = await readAccount(request.member.accountId);
  if (!account) throw new Error(`Account ${request.member.accountId} of a live session is missing`);
  return account;
}

/**
 * What a member's send is refused for before it reaches the use case, as their keys would be at
 * authentication: a suspended account sends nothing, an unverified one nothing live.
 */
export function sendRefusal(account: Account, environment: 'live' | 'test'): AccountSuspendedError | EmailNotVerifiedError | undefined {
  if (account.isSuspended) return accountSuspended();
  if (environment === 'live' && !account.isEmailVerified) return emailNotVerified();
  return undefined;
}
