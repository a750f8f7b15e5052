import type { DomainError } from '@tuma/kernel';

/** Unlimited, as plans write it (-1). */
export const UNLIMITED = -1;

/** What an account's mail plan allows (the account service's subscriptions: docs/subscriptions.md, "Mail"). */
export interface MailPlan {
  readonly tier: string;
  readonly priceUsd: string;
  /** Emails a calendar month (UTC); -1: unlimited. */
  readonly monthlyEmails: number;
  /** Emails a UTC day; -1: unlimited. */
  readonly dailyEmails: number;
  readonly maxDomains: number;
  readonly logRetentionDays: number;
}

/** Emails counted in the calendar month and the day (UTC) of a moment: one per recipient an email goes to. */
export interface MailUsageCounts {
  readonly month: number;
  readonly day: number;
}

/** As the account service's plans say it (the same 402 code and fields as the team cap's). */
export interface MailPlanLimitReachedError extends DomainError {
  readonly type: 'plan_limit_reached';
  readonly product: 'mail';
  readonly tier: string;
  readonly resource: 'monthlyEmails' | 'dailyEmails';
  readonly limit: number;
}

/** The limit the counts went past, if any (counts include the send being decided). */
export function mailQuotaExceeded(plan: MailPlan, counts: MailUsageCounts): MailPlanLimitReachedError | undefined {
  const over = (limit: number, count: number) => limit !== UNLIMITED && count > limit;
  const resource = over(plan.monthlyEmails, counts.month) ? 'monthlyEmails' : over(plan.dailyEmails, counts.day) ? 'dailyEmails' : undefined;
  if (!resource) return undefined;
  const limit = plan[resource];
  const per = resource === 'monthlyEmails' ? 'a month' : 'a day';
  return { type: 'plan_limit_reached', product: 'mail', tier: plan.tier, resource, limit, message: `The mail ${plan.tier} plan allows ${limit} emails ${per} (one per recipient): upgrade the plan` };
}

/** The calendar month (`2026-11`) and day (`2026-11-25`) of `at`, UTC: the periods counts are kept by. */
export const usagePeriods = (at: Date): { readonly month: string; readonly day: string } => ({ month: at.toISOString().slice(0, 7), day: at.toISOString().slice(0, 10) });
