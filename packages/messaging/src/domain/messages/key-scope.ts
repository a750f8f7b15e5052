import type { MessageEnvironment } from './outbound-message.ts';

/** Whose data a request may see and change: the key's account, and its environment. */
export interface KeyScope {
  readonly accountId: string;
  readonly environment: MessageEnvironment;
}

/**
 * Test keys see and change test messages and batches only; live keys see the account's every
 * message (the spec lets them list `environment=all`). Anything else is not found, as for another
 * account's.
 */
export const inScope = (scope: KeyScope, item: { readonly accountId: string; readonly environment: MessageEnvironment }): boolean =>
  item.accountId === scope.accountId && (scope.environment === 'live' || item.environment === 'test');

/**
 * Data kept per environment (webhook configuration and its deliveries, opt-outs, templates, contact
 * lists): each key sees its own environment's only, as in Stripe's test and live modes.
 */
export const sameScope = (scope: KeyScope, item: { readonly accountId: string; readonly environment: MessageEnvironment }): boolean =>
  item.accountId === scope.accountId && item.environment === scope.environment;

/** A map key for a scope. */
export const scopeKey = (scope: KeyScope): string => `${scope.accountId}/${scope.environment}`;
