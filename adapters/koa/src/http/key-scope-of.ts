import type { KeyScope } from '@tuma/messaging';
import type { Caller } from './route.ts';

/** Whose data a request reaches: the caller's account, in its environment (test keys: test data; signed-in members: live). */
export const keyScopeOf = (caller: Caller): KeyScope => ({ accountId: caller.account.id, environment: caller.environment });
