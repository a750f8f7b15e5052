import type { Principal } from '@tuma/accounts';
import type { KeyScope } from '@tuma/messaging';

/** Whose data a request reaches: the key's account, in the key's environment (test keys: test data). */
export const keyScopeOf = (principal: Principal): KeyScope => ({ accountId: principal.account.id, environment: principal.apiKey.environment });
