import type { AccountSuspendedError, EmailNotVerifiedError, InsufficientScopeError, UnauthorizedError } from '@tuma/accounts';
import type { FxRateMissingError, TopUpError, WalletError } from '@tuma/billing';
import type { IdempotencyError } from '@tuma/idempotency';
import type {
  InvalidCredentialsError,
  InvalidRefreshTokenError,
  InvalidTokenError,
  LoginThrottledError,
  NoMembershipError,
  PlanLimitReachedError as TeamLimitReachedError,
  TeamRuleError,
  UserDisabledError,
} from '@tuma/identity';
import { Money, type DomainError, type KernelError } from '@tuma/kernel';
import type { AlreadySubscribedError, PlanLimitReachedError, SubscriptionEndedError } from '@tuma/subscriptions';
import type { InvalidPhoneNumber, OtpSendFailedError, RecipientOptedOutError, SendError, TooManyRowsError } from '@tuma/messaging';
import type { CountryNotAllowedError, ResendError, VelocityLimitedError } from '@tuma/verification';
import type { KeywordTakenError, NoShortCodeError, NumberTakenError, ServiceNotActiveError, ServiceStateError } from '@tuma/two-way';
import type {
  DnsRecordsNotFoundError,
  DomainAlreadyExistsError,
  DomainNotVerifiedError,
  InvalidConfirmationTokenError,
  NotCancellableError as EmailNotCancellableError,
  SenderAddressAlreadyExistsError,
} from '@tuma/mail';
import type { HostnameTakenError, LinksPlanLimitReachedError, PlanFeatureUnavailableError, SlugTakenError, TxtRecordNotFoundError, WrongLinkPasswordError } from '@tuma/links';
import type { InvalidSignatureError } from '@tuma/webhooks';
import { HttpError } from './http-error.ts';

/** Every expected failure any use case can return. Extend this union as packages add errors. */
export type AppError =
  | KernelError
  | UnauthorizedError
  | AccountSuspendedError
  | InsufficientScopeError
  | FxRateMissingError
  | TopUpError
  | WalletError
  | InvalidPhoneNumber
  | SendError
  | TooManyRowsError
  | InvalidSignatureError
  | RecipientOptedOutError
  | OtpSendFailedError
  | CountryNotAllowedError
  | VelocityLimitedError
  | ResendError
  | IdempotencyError
  | InvalidCredentialsError
  | InvalidRefreshTokenError
  | InvalidTokenError
  | LoginThrottledError
  | NoMembershipError
  | UserDisabledError
  | EmailNotVerifiedError
  | TeamRuleError
  | TeamLimitReachedError
  | PlanLimitReachedError
  | AlreadySubscribedError
  | SubscriptionEndedError
  | DomainAlreadyExistsError
  | DnsRecordsNotFoundError
  | DomainNotVerifiedError
  | EmailNotCancellableError
  | KeywordTakenError
  | NumberTakenError
  | NoShortCodeError
  | ServiceStateError
  | ServiceNotActiveError
  | SenderAddressAlreadyExistsError
  | InvalidConfirmationTokenError
  | SlugTakenError
  | WrongLinkPasswordError
  | LinksPlanLimitReachedError
  | PlanFeatureUnavailableError
  | HostnameTakenError
  | TxtRecordNotFoundError;

/** The one table from domain error to HTTP status. */
export const DOMAIN_ERROR_STATUS = {
  validation_error: 422,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  account_suspended: 403,
  insufficient_scope: 403,
  // Not the caller's fault: the operator has not set an exchange rate yet (answered as pricing_unavailable).
  fx_rate_missing: 503,
  payment_provider_error: 502,
  payments_not_configured: 503,
  live_key_required: 403,
  invalid_webhook: 400,
  wallet_not_found: 404,
  currency_mismatch: 422,
  insufficient_balance: 402,
  refund_exceeds_charge: 422,
  entry_not_found: 404,
  already_reversed: 409,
  reservation_not_found: 404,
  reservation_exceeded: 409,
  reference_conflict: 409,
  invalid_amount: 422,
  invalid_phone_number: 400,
  too_many_rows: 413,
  duplicate_message: 409,
  message_too_long: 413,
  unroutable: 400,
  sender_id_not_approved: 403,
  no_recipients: 400,
  not_cancellable: 409,
  quiet_hours: 422,
  recipient_opted_out: 400,
  otp_send_failed: 502,
  country_not_allowed: 400,
  rate_limited: 429,
  resend_too_soon: 429,
  max_sends_reached: 429,
  verification_not_pending: 409,
  idempotency_key_reused: 422,
  idempotency_key_in_progress: 409,
  // The account service: one 401 for a wrong password and an unknown address (docs/accounts.md, "Enumeration").
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  invalid_token: 400,
  user_disabled: 403,
  no_membership: 403,
  email_not_verified: 403,
  insufficient_role: 403,
  own_role: 403,
  last_owner: 409,
  // A plan's cap (team members, links, emails): paying for a higher tier lifts it, as the wallet's 402 is lifted by a top-up.
  plan_limit_reached: 402,
  already_subscribed: 409,
  subscription_ended: 409,
  // The mail API's domains (docs/mail.md).
  domain_already_exists: 409,
  dns_records_not_found: 400,
  domain_not_verified: 403,
  // Two-Way SMS (docs/two-way.md).
  keyword_taken: 409,
  number_taken: 409,
  no_short_code: 409,
  service_state_conflict: 409,
  service_not_active: 409,
  sender_address_already_exists: 409,
  // Links (docs/links.md).
  slug_taken: 409,
  wrong_link_password: 403,
  plan_feature_unavailable: 403,
  hostname_taken: 409,
  txt_record_not_found: 400,
} as const satisfies Record<AppError['type'], number>;

/** Codes the client sees where the domain's name is an operator's (the missing rate is in the body). */
const PUBLIC_CODES: Partial<Record<AppError['type'], string>> = { fx_rate_missing: 'pricing_unavailable' };

/** Fields of an error that are not for the client (already in code/message). */
const INTERNAL_FIELDS = new Set(['type', 'message', 'details']);

/** Errors whose fields the spec says the body itself includes (402: required, available, ...). */
const TOP_LEVEL_FIELDS = new Set<AppError['type']>(['insufficient_balance']);

/** Domain errors name their data in camelCase; the API's fields are snake_case (`duplicateOf` -> `duplicate_of`). */
const wireName = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The error's own fields under their wire names; money travels as a JSON number, with its currency beside it. */
function serializeExtras(error: AppError): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(error)) {
    if (INTERNAL_FIELDS.has(field)) continue;
    const key = wireName(field);
    if (value instanceof Money) {
      extra[key] = value.toNumber();
      extra.currency ??= value.currency;
    } else if (key === 'resource' && typeof value === 'string') {
      // What was not found, conflicts or is over a plan's limit, named as the API names it (`max_domains`, `contact_list`).
      extra[key] = wireName(value);
    } else extra[key] = value;
  }
  return extra;
}

/** Headers the error's status calls for. */
function headersOf(error: AppError): Record<string, string> | undefined {
  if (error.type === 'unauthorized') return { 'WWW-Authenticate': 'Bearer' };
  // 429s of Verify and of login throttling, and 409 idempotency_key_in_progress, say when to try again.
  if ('retryAfter' in error) return { 'Retry-After': String(error.retryAfter) };
  return undefined;
}

export function toHttpError(error: AppError): HttpError {
  const status = DOMAIN_ERROR_STATUS[error.type];
  const details = 'details' in error ? error.details : undefined;
  const extra = serializeExtras(error);
  const headers = headersOf(error);
  const hasExtra = Object.keys(extra).length > 0;
  const code = PUBLIC_CODES[error.type] ?? error.type;
  const message = error.type === 'fx_rate_missing' ? `Prices in your wallet currency are unavailable for now: ${error.message}. The operator has to set this exchange rate.` : error.message;
  return new HttpError(status, code, message, details, hasExtra ? extra : undefined, headers, TOP_LEVEL_FIELDS.has(error.type) ? extra : undefined);
}

/** A use-case error that the table does not know is a bug, so it surfaces as a 500. */
export function isAppError(error: DomainError): error is AppError {
  return error.type in DOMAIN_ERROR_STATUS;
}
