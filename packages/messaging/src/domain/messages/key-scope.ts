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
