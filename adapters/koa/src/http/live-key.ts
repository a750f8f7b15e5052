import type { Principal } from '@tuma/accounts';
import { HttpError, type ErrorDetail } from './http-error.ts';

/**
 * Refuses a test key where live data would be read or changed: 403 `live_key_required` (details
 * name the field that asked for it, when one did).
 */
export function requireLiveKey(principal: Principal, message: string, details?: readonly ErrorDetail[]): void {
  if (principal.apiKey.environment !== 'live') throw new HttpError(403, 'live_key_required', message, details);
}
