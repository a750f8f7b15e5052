import type { DomainError } from '@tuma/kernel';

/** The number's country is not among the app's `allowed_countries`. */
export interface CountryNotAllowedError extends DomainError {
  readonly type: 'country_not_allowed';
  readonly field: 'to';
  readonly country: string;
}

/** Too many starts for one number, or for one country of the account, in the window (SMS-pumping guard). */
export interface VelocityLimitedError extends DomainError {
  readonly type: 'rate_limited';
  readonly retryAfterSeconds: number;
}

export const countryNotAllowed = (country: string, appId: string): CountryNotAllowedError => ({
  type: 'country_not_allowed',
  field: 'to',
  country,
  message: `Verify App ${appId} does not send codes to ${country}: add it to the app's allowed_countries`,
});

export const velocityLimited = (what: 'number' | 'country', retryAfterSeconds: number): VelocityLimitedError => ({
  type: 'rate_limited',
  retryAfterSeconds,
  message:
    what === 'number'
      ? `Too many verifications for this number: try again in ${retryAfterSeconds} s`
      : `Too many verifications to this country from this account: try again in ${retryAfterSeconds} s (the operator can raise the limit)`,
});
