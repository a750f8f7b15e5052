export type { PaidCallOptions, TumaApiClient, TumaClientOptions } from './api-client.ts';
export { createAuthClient, createLinksClient, createMailClient, createSmsClient, type AuthClient, type LinksClient, type MailClient, type SmsClient } from './clients.ts';
export type { components as AuthComponents, operations as AuthOperations, paths as AuthPaths } from './generated/auth.ts';
export type { components as LinksComponents, operations as LinksOperations, paths as LinksPaths } from './generated/links.ts';
export type { components as MailComponents, operations as MailOperations, paths as MailPaths } from './generated/mail.ts';
export type { components as SmsComponents, operations as SmsOperations, paths as SmsPaths } from './generated/sms.ts';
export { retryAfterMs, retryingFetch, type RetryOptions } from './retrying-fetch.ts';
export { verifyMailWebhook, verifySmsWebhook, verifyWebhookSignature, type WebhookCheck, type WebhookHeaders } from './webhook-signatures.ts';
