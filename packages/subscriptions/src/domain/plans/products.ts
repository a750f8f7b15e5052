import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';

/** The products sold by plan: the mail API and the links API. */
export const PRODUCTS = ['mail', 'links'] as const;
export type Product = (typeof PRODUCTS)[number];

/** Cheapest first: a move to the right is an upgrade, to the left a downgrade. */
export const TIERS = ['free', 'starter', 'business', 'professional', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** The tiers a subscription is stored for: `free` is what an account has without one. */
export type PaidTier = Exclude<Tier, 'free'>;

export const tierRank = (tier: Tier): number => TIERS.indexOf(tier);

export const isPaid = (tier: Tier): tier is PaidTier => tier !== 'free';

const oneOf = <T extends string>(values: readonly T[], raw: string, field: string): Result<T, ValidationError> =>
  (values as readonly string[]).includes(raw) ? ok(raw as T) : err(fieldError(field, `must be one of ${values.join(', ')}`));

export const parseProduct = (raw: string, field = 'product'): Result<Product, ValidationError> => oneOf(PRODUCTS, raw, field);

export const parseTier = (raw: string, field = 'tier'): Result<Tier, ValidationError> => oneOf(TIERS, raw, field);
