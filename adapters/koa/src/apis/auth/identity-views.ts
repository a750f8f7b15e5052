import type { Account } from '@tuma/accounts';
import { ROLES, type IssuedSession, type Me, type UserView } from '@tuma/identity';
import type { Plan } from '@tuma/subscriptions';
import { z } from 'zod';
import { linksPlanSchema, mailPlanSchema, toLinksPlanView, toMailPlanView } from '../subscriptions/plan-views.ts';

export const userSchema = z.object({
  id: z.string().describe('usr_...'),
  email: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  email_verified: z.boolean().describe('Whether the address was proved by its mailed link (or a password reset); live traffic will wait for it'),
  created_at: z.string(),
});

export const userView = (user: UserView): z.infer<typeof userSchema> => ({
  id: user.id,
  email: user.email,
  name: user.name,
  company: user.company,
  email_verified: user.emailVerified,
  created_at: user.createdAt.toISOString(),
});

export const tokensSchema = z.object({
  access_token: z.string().describe('A JWT (EdDSA) for `Authorization: Bearer`; it stops working at once when its session ends'),
  token_type: z.literal('Bearer'),
  expires_in: z.int().describe('Seconds the access token lives (900)'),
  refresh_token: z.string().describe('Single use: POST /v1/token/refresh gives the next one; a used one presented again ends the session'),
});

export const tokensView = (issued: IssuedSession): z.infer<typeof tokensSchema> => ({
  access_token: issued.accessToken,
  token_type: issued.tokenType,
  expires_in: issued.expiresIn,
  refresh_token: issued.refreshToken,
});

const accountSchema = z.object({
  id: z.string().describe('acc_...'),
  email: z.string(),
  status: z.enum(['active', 'suspended']),
  wallet_currency: z.string(),
  created_at: z.string(),
});

export const meSchema = z.object({
  user: userSchema,
  account: accountSchema.describe('The account this session is on'),
  role: z.enum(ROLES).describe("The user's role in that account's team"),
  memberships: z.array(z.object({ account_id: z.string(), role: z.enum(ROLES) })).describe('Every account the user belongs to, oldest first'),
  plans: z.object({ mail: mailPlanSchema, links: linksPlanSchema }).describe("The account's plan of each product in force now (free without a subscription)"),
});

/** The plan of each product an account is on now. */
export interface CurrentPlans {
  readonly mail: Plan<'mail'>;
  readonly links: Plan<'links'>;
}

export const meView = (me: Me, account: Account, plans: CurrentPlans): z.infer<typeof meSchema> => {
  const snapshot = account.toSnapshot();
  return {
    user: userView(me.user),
    account: { id: snapshot.id, email: snapshot.email, status: snapshot.status, wallet_currency: snapshot.walletCurrency, created_at: snapshot.createdAt.toISOString() },
    role: me.role,
    memberships: me.memberships.map(({ accountId, role }) => ({ account_id: accountId, role })),
    plans: { mail: toMailPlanView(plans.mail), links: toLinksPlanView(plans.links) },
  };
};

/** A 429 of the sign-in throttle or the hashing pool (docs/accounts.md, "Throttling", "Hashing"): when to retry, in the body and in Retry-After. */
export const rateLimitedResponse = (description: string) => ({
  description: `rate_limited: ${description}; retry_after and Retry-After say when`,
  errorCodes: ['rate_limited'],
  errorFields: { retry_after: z.int().describe('Seconds; also in Retry-After') },
});
