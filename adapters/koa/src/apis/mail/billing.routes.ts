import type { MailBilling, MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { MAIL_READ } from './access.ts';

export type MailBillingUseCases = Pick<MailService, 'getBilling'>;

const billingSchema = z.object({
  plan: z.object({
    tier: z.string().describe('free, starter, business, professional or enterprise (the account service: /auth/v1/subscriptions)'),
    price_usd: z.number().describe('Per calendar month (UTC), as every price of the APIs: a number'),
    monthly_emails: z.number().int().describe('-1: unlimited'),
    daily_emails: z.number().int().describe('-1: unlimited'),
    max_domains: z.number().int(),
    log_retention_days: z.number().int(),
  }),
  usage: z.object({
    month: z.string().describe('The calendar month counted (UTC), YYYY-MM'),
    emails_this_month: z.number().int().describe('One per recipient an accepted email went to'),
    day: z.string().describe('Today (UTC), YYYY-MM-DD'),
    emails_today: z.number().int(),
  }),
});

const billingView = ({ plan, usage, periods }: MailBilling): z.infer<typeof billingSchema> => ({
  plan: {
    tier: plan.tier,
    price_usd: Number(plan.priceUsd),
    monthly_emails: plan.monthlyEmails,
    daily_emails: plan.dailyEmails,
    max_domains: plan.maxDomains,
    log_retention_days: plan.logRetentionDays,
  },
  usage: { month: periods.month, emails_this_month: usage.month, day: periods.day, emails_today: usage.day },
});

/** `/v1/billing`: the mail plan and what the account sent of it (docs/mail.md, "Billing"). */
export function mailBillingRoutes(useCases: MailBillingUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/billing',
      summary: "The account's mail plan, and the emails sent of it this month and today",
      tag: 'Billing',
      access: MAIL_READ,
      responses: { 200: { description: 'The plan and its usage', schema: billingSchema } },
      handler: async ({ caller }) => json(200, billingView(unwrap(await useCases.getBilling.execute(caller.account.id)))),
    }),
  ];
}
