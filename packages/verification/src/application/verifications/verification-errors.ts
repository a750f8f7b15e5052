import type { DomainError } from '@tuma/kernel';
import type { SendRateLimitedError } from '@tuma/messaging';

/** The number's country is not among the app's `allowed_countries`. */
export interface CountryNotAllowedError extends DomainError {
  readonly type: 'country_not_allowed';
  readonly field: 'to';
  readonly country: string;
}

/** Too many starts for one number, or for one country of the account, in the window (SMS-pumping guard): a refusal at the code's SMS's gate. */
export type VelocityLimitedError = SendRateLimitedError;

export const countryNotAllowed = (country: string, appId: string): CountryNotAllowedError => ({
  type: 'country_not_allowed',
  field: 'to',
  country,
  message: `Verify App ${appId} does not send codes to ${country}: add it to the app's allowed_countries`,
});

export const velocityLimited = (what: 'number' | 'country', retryAfter: number): VelocityLimitedError => ({
  type: 'rate_limited',
  retryAfter,
  message:
    what === 'number'
      ? `Too many verifications for this number: try again in ${retryAfter} s`
      : `Too many verifications to this country from this account: try again in ${retryAfter} s (the operator can raise the limit)`,
});
