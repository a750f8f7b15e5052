import type { DomainError } from '@tuma/kernel';
import type { TokenPurpose } from '../tokens/one-time-token.ts';

/** A wrong password or an unknown email: one answer for both, so it tells nobody which addresses exist. */
export interface InvalidCredentialsError extends DomainError {
  readonly type: 'invalid_credentials';
}

/** The operator disabled the user. */
export interface UserDisabledError extends DomainError {
  readonly type: 'user_disabled';
}

/** A mailed token that is unknown, used, expired, or for something else. */
export interface InvalidTokenError extends DomainError {
  readonly type: 'invalid_token';
  readonly purpose: TokenPurpose;
}

/** A refresh token that is unknown, expired, replaced or of an ended session. */
export interface InvalidRefreshTokenError extends DomainError {
  readonly type: 'invalid_refresh_token';
}

/** Too many failed logins for the email or from the client address. */
export interface LoginThrottledError extends DomainError {
  readonly type: 'rate_limited';
  readonly retryAfter: number;
}

/** The user belongs to no account any more (removed from every team). */
export interface NoMembershipError extends DomainError {
  readonly type: 'no_membership';
}

export const invalidCredentials = (): InvalidCredentialsError => ({ type: 'invalid_credentials', message: 'Invalid email or password' });

export const userDisabled = (): UserDisabledError => ({ type: 'user_disabled', message: 'This user is disabled: contact support' });

const TOKEN_NAMES: Record<TokenPurpose, string> = {
  verify_email: 'verification link',
  reset_password: 'password reset link',
  invite: 'invitation',
};

export const invalidToken = (purpose: TokenPurpose): InvalidTokenError => ({
  type: 'invalid_token',
  purpose,
  message: `This ${TOKEN_NAMES[purpose]} is invalid, used or expired`,
});

export const invalidRefreshToken = (): InvalidRefreshTokenError => ({
  type: 'invalid_refresh_token',
  message: 'The refresh token is invalid, expired or already used: sign in again',
});

export const loginThrottled = (retryAfter: number): LoginThrottledError => ({
  type: 'rate_limited',
  retryAfter,
  message: `Too many failed sign-ins: try again in ${retryAfter} s`,
});

export const noMembership = (): NoMembershipError => ({ type: 'no_membership', message: 'This user is not a member of any account' });
