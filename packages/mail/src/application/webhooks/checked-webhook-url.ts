import { err, fieldError, ok, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { WebhookDestinations } from '@tuma/webhooks';

/** A webhook URL through the URL policy (HTTPS, no private, loopback or metadata address): its normal form, or a 422 naming `url`. */
export function checkedWebhookUrl(destinations: WebhookDestinations, raw: string): ResultAsync<string, ValidationError> {
  return ResultAsync.fromSafePromise(destinations.check(raw)).andThen((checked) => (checked.isOk() ? ok(checked.value.url.href) : err(fieldError('url', checked.error))));
}
