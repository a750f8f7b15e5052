/** A client per Tuma API, each typed by the paths of its OpenAPI document. */
import { apiClient, type TumaApiClient, type TumaClientOptions } from './api-client.ts';
import type { paths as AuthPaths } from './generated/auth.ts';
import { IDEMPOTENT_OPERATIONS } from './generated/idempotent-operations.ts';
import type { paths as LinksPaths } from './generated/links.ts';
import type { paths as MailPaths } from './generated/mail.ts';
import type { paths as SmsPaths } from './generated/sms.ts';

/** The SMS API with Verify and Two-Way (a `svc_live_…` or `svc_test_…` key), at the base URL's root. */
export const createSmsClient = (options: TumaClientOptions): TumaApiClient<SmsPaths> => apiClient<SmsPaths>('', IDEMPOTENT_OPERATIONS.sms, options);

/** The account service (sign-up, login, teams, subscriptions; a user's access token), under `/auth`. */
export const createAuthClient = (options: TumaClientOptions): TumaApiClient<AuthPaths> => apiClient<AuthPaths>('/auth', IDEMPOTENT_OPERATIONS.auth, options);

/** The mail API (a `svc_k_…` key), under `/mail`. */
export const createMailClient = (options: TumaClientOptions): TumaApiClient<MailPaths> => apiClient<MailPaths>('/mail', IDEMPOTENT_OPERATIONS.mail, options);

/** The links API (a `svc_l_…` key), under `/links`. */
export const createLinksClient = (options: TumaClientOptions): TumaApiClient<LinksPaths> => apiClient<LinksPaths>('/links', IDEMPOTENT_OPERATIONS.links, options);

export type SmsClient = ReturnType<typeof createSmsClient>;
export type AuthClient = ReturnType<typeof createAuthClient>;
export type MailClient = ReturnType<typeof createMailClient>;
export type LinksClient = ReturnType<typeof createLinksClient>;
