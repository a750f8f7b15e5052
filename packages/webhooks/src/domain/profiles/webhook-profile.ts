/**
 * How one product's webhooks look on the wire and how they are retried, as data: the engine signs,
 * sends and retries every product's events the same way, with the header names, signature format,
 * retry delays and deadline of the event's profile. SMS: `X-Webhook-*`, 10 s to 810 s; mail:
 * `X-SVC-*`, 1 min to 8 h (spec: Events).
 */
export interface WebhookProfile {
  /** The product (`sms`, `mail`, `two-way`): names its delivery job. */
  readonly name: string;
  /** The queue of the product's delivery attempts (SMS keeps `messaging.deliver-webhook`). */
  readonly jobName: string;
  readonly userAgent: string;
  readonly headers: {
    /** Carries the event id, the same on every attempt and redelivery (`X-Webhook-ID`). */
    readonly eventId: string;
    /** Carries the signature of the raw body (`X-Webhook-Signature`). */
    readonly signature: string;
    /** Carries the event's type, when the product sends it as a header (`X-SVC-Event`). */
    readonly eventType?: string;
  };
  /** How the HMAC-SHA256 of the raw body, keyed with the signing secret, is written: `sha256=<hex>`. */
  readonly signatureFormat: 'sha256=hex';
  /** A failed attempt is retried once after each of these delays (seconds from the failure); then the event has failed. */
  readonly retryDelaysSeconds: readonly number[];
  /** The endpoint must answer (its status) within this many milliseconds. */
  readonly timeoutMs: number;
}

/** The endpoint must answer within 15 seconds (spec: Delivery and retries). */
export const WEBHOOK_TIMEOUT_MS = 15_000;

export const WEBHOOK_USER_AGENT = 'Tuma-Webhooks/1.0';

/** The headers of every attempt to deliver an event under `profile`: its id is the same on every attempt. */
export function webhookHeaders(profile: WebhookProfile, event: { readonly eventId: string; readonly type: string }, signature: string): Record<string, string> {
  const { headers } = profile;
  return {
    'Content-Type': 'application/json',
    'User-Agent': profile.userAgent,
    [headers.eventId]: event.eventId,
    ...(headers.eventType === undefined ? {} : { [headers.eventType]: event.type }),
    [headers.signature]: signature,
  };
}

/** The time of each attempt after the first, in seconds from the first, when every attempt fails at once. */
export const attemptOffsetsSeconds = (profile: WebhookProfile): number[] =>
  profile.retryDelaysSeconds.reduce<number[]>((offsets, delay) => [...offsets, (offsets.at(-1) ?? 0) + delay], []);
