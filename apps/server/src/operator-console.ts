import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { operatorAccessPages, operatorAccountPages, operatorAdminPages, operatorReviewPages, type ConsolePage } from '@tuma/koa-adapter';
import { RATE_LIMITS_TOKENS } from '@tuma/rate-limits';
import { TWO_WAY_TOKENS } from '@tuma/two-way';
import type { Container } from 'inversify';
import { OUTBOX } from './modules/identity/outbox.module.ts';
import { messagingOf } from './modules/messaging/sms-core.module.ts';
import { resolve } from './resolve.ts';

/**
 * The console's operator pages (docs/dashboard.md, "Operator sign-in"), over the use cases of the
 * operator API's routes (accounts, users, rate limits, keys, balances, sender IDs, two-way, FX rates, outbox), and the check
 * that a session's operator key is still ADMIN_API_KEY's.
 */
export function operatorConsole(container: Container): { readonly pages: ConsolePage[]; readonly isActive: (keyId: string) => Promise<boolean> } {
  const accounts = resolve(container, ACCOUNTS_TOKENS.accounts);
  const accountRepository = resolve(container, ACCOUNTS_TOKENS.accountRepository);
  const apiKeys = resolve(container, ACCOUNTS_TOKENS.apiKeyRepository);
  const billing = resolve(container, BILLING_TOKENS.billing);
  const messaging = messagingOf(container);
  const clock = resolve(container, KERNEL_TOKENS.clock);
  const pages = [
    ...operatorAccessPages({ authenticateApiKey: accounts.authenticateApiKey, now: () => clock.now().getTime() }),
    ...operatorAccountPages({
      readAccount: (accountId) => accountRepository.findById(accountId),
      setAccountStatus: accounts.setAccountStatus,
      balanceReports: resolve(container, BILLING_TOKENS.balanceReports),
      adjustBalance: billing.adjustBalance,
      walletLedger: resolve(container, BILLING_TOKENS.walletLedger),
    }),
    ...operatorAdminPages({
      ...resolve(container, IDENTITY_TOKENS.identity),
      ...resolve(container, RATE_LIMITS_TOKENS.rateLimits),
      readAccount: (accountId) => accountRepository.findById(accountId),
      listApiKeys: accounts.listApiKeys,
      issueApiKey: accounts.issueApiKey,
      revokeApiKey: accounts.revokeApiKey,
      balanceReports: resolve(container, BILLING_TOKENS.balanceReports),
      now: () => clock.now(),
    }),
    ...operatorReviewPages({
      reviewSenderIds: messaging.reviewSenderIds,
      approveSenderId: messaging.approveSenderId,
      rejectSenderId: messaging.rejectSenderId,
      twoWay: resolve(container, TWO_WAY_TOKENS.twoWay),
      listFxRates: billing.listFxRates,
      setFxRate: billing.setFxRate,
      outbox: resolve(container, OUTBOX),
    }),
  ];
  const isActive = async (keyId: string) => {
    const key = await apiKeys.findById(keyId);
    return key !== undefined && key.kind === 'operator' && !key.isRevoked;
  };
  return { pages, isActive };
}
