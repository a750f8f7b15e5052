import type { Result } from '@tuma/kernel';

/** The platform's webhook URL policy (the SSRF guard, DNS included): the canonical URL, or why a webhook may not go there. */
export interface WebhookUrlPolicy {
  check(raw: string): Promise<Result<string, string>>;
}
