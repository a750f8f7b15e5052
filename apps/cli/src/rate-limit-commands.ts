/** The operator's per-account rate-limit commands (API processes apply a change within RATE_LIMIT_REFRESH_SECONDS). */
import { RATE_LIMITS_TOKENS, type AccountRateLimit } from '@tuma/rate-limits';
import { defineCommand, parsed, required, text, UsageError, type CliCommand } from './command-table.ts';

/** A request rate (a positive whole number), or undefined when the text is not one. */
export function parseRate(text: string): number | undefined {
  const rate = /^[0-9]{1,7}$/.test(text) ? Number(text) : NaN;
  return rate > 0 ? rate : undefined;
}

const rateOption = parsed('<n>', parseRate, 'must be a positive whole number of requests');

const rateLimitView = (limit: AccountRateLimit) => ({
  account_id: limit.accountId,
  per_second: limit.policy.perSecond,
  burst: limit.policy.burst,
  is_default: limit.isDefault,
});

export const RATE_LIMIT_COMMANDS: readonly CliCommand[] = [
  defineCommand({
    name: 'accounts:rate-limit',
    summary: "Shows an account's request rate limit, or sets it with --per-second (and --burst, default --per-second) for each of its keys.",
    options: { account: required(text('<account id>')), 'per-second': rateOption, burst: rateOption },
    run: async ({ account, 'per-second': perSecond, burst }, { use, report }) => {
      const rateLimits = use(RATE_LIMITS_TOKENS.rateLimits);
      if (perSecond === undefined && burst !== undefined) throw new UsageError('--burst needs --per-second');
      return perSecond === undefined
        ? report(await rateLimits.getAccountRateLimit.execute({ accountId: account }), rateLimitView)
        : report(await rateLimits.setAccountRateLimit.execute({ accountId: account, perSecond, burst }), rateLimitView);
    },
  }),
  defineCommand({
    name: 'accounts:rate-limit-reset',
    summary: "Puts an account's request rate limit back to the default (RATE_LIMIT_PER_SECOND, RATE_LIMIT_BURST).",
    options: { account: required(text('<account id>')) },
    run: async ({ account }, { use, report }) =>
      report(await use(RATE_LIMITS_TOKENS.rateLimits).setAccountRateLimit.execute({ accountId: account, useDefault: true }), rateLimitView),
  }),
];
