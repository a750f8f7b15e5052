import type { WebhookEnvironment, WebhookEvent } from '../events/webhook-event.ts';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** What one POST came to. A 2xx without error is a success; anything else (3xx included) a failure. */
export interface WebhookAttemptOutcome {
  /** The HTTP status answered; null when none was (refused address, timeout, connection error). */
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

export const attemptSucceeded = (outcome: WebhookAttemptOutcome): boolean =>
  outcome.error === null && outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

/** One logged attempt. `series` counts deliveries of the event (a redelivery starts the next). */
export interface WebhookAttempt extends WebhookAttemptOutcome {
  readonly eventId: string;
  readonly series: number;
  /** 1 to 1 + the profile's retries within its series. */
  readonly attempt: number;
  readonly url: string;
  readonly at: Date;
  readonly succeeded: boolean;
}

/** Which attempt a delivery job is for. */
export interface WebhookAttemptRef {
  readonly eventId: string;
  readonly series: number;
  readonly attempt: number;
}

export interface WebhookDeliverySnapshot {
  readonly eventId: string;
  /** The product whose profile delivers it (`sms`, `mail`, `two-way`): its own deliveries log. */
  readonly product: string;
  readonly accountId: string;
  /** Whose endpoints and secret: the configuration of this environment of the account. */
  readonly environment: WebhookEnvironment;
  /** Which of the owner's endpoints, in the product's terms (SMS: `dlr`, `mo`): where a redelivery goes. */
  readonly kind: string;
  readonly type: string;
  /** Where the event goes: the URL configured when it happened, or when it was redelivered. */
  readonly url: string;
  /** The JSON body exactly as signed and sent. */
  readonly body: string;
  readonly status: WebhookDeliveryStatus;
  readonly series: number;
  /** Attempts made in the current series. */
  readonly attempts: number;
  /** When the next attempt is due; null once delivered or failed. */
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface RecordedAttempt {
  readonly delivery: WebhookDelivery;
  readonly attempt: WebhookAttempt;
}

/**
 * An event on its way to the account's URL (the outbox row): pending until an attempt succeeds,
 * failed when the first attempt and every retry of its profile's schedule failed. Redelivering
 * starts a new series.
 */
export class WebhookDelivery {
  private constructor(private readonly state: WebhookDeliverySnapshot) {}

  static open(event: WebhookEvent, url: string, now: Date, product: string): WebhookDelivery {
    return new WebhookDelivery({
      eventId: event.id,
      product,
      accountId: event.accountId,
      environment: event.environment,
      kind: event.kind,
      type: event.type,
      url,
      body: JSON.stringify(event.payload),
      status: 'pending',
      series: 1,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: event.createdAt,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: WebhookDeliverySnapshot): WebhookDelivery {
    return new WebhookDelivery({ ...snapshot });
  }

  get eventId(): string {
    return this.state.eventId;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get environment(): WebhookEnvironment {
    return this.state.environment;
  }

  get product(): string {
    return this.state.product;
  }

  get kind(): string {
    return this.state.kind;
  }

  get type(): string {
    return this.state.type;
  }

  get url(): string {
    return this.state.url;
  }

  get body(): string {
    return this.state.body;
  }

  get status(): WebhookDeliveryStatus {
    return this.state.status;
  }

  get nextAttemptAt(): Date | null {
    return this.state.nextAttemptAt;
  }

  get createdAt(): Date {
    return this.state.createdAt;
  }

  /** The attempt due next, for its job; undefined once delivered or failed. */
  nextAttempt(): WebhookAttemptRef | undefined {
    if (this.state.status !== 'pending') return undefined;
    return { eventId: this.state.eventId, series: this.state.series, attempt: this.state.attempts + 1 };
  }

  /** Whether `ref` is the attempt due now: a job for an attempt already made, or of an old series, is stale. */
  awaits(ref: WebhookAttemptRef): boolean {
    const next = this.nextAttempt();
    return next !== undefined && next.series === ref.series && next.attempt === ref.attempt;
  }

  /**
   * Logs the due attempt, made at `at` and answered at `now`: delivered on success; else the next
   * retry after its delay in `retryDelaysSeconds` (the profile's schedule) from `now`, or failed
   * after the last one.
   */
  record(outcome: WebhookAttemptOutcome, at: Date, now: Date, retryDelaysSeconds: readonly number[]): RecordedAttempt {
    const due = this.nextAttempt();
    if (!due) throw new Error(`Webhook event ${this.state.eventId} is ${this.state.status}: no attempt is due`);
    const succeeded = attemptSucceeded(outcome);
    const attempt: WebhookAttempt = { ...due, url: this.state.url, at, statusCode: outcome.statusCode, latencyMs: outcome.latencyMs, error: outcome.error, succeeded };
    const delay = retryDelaysSeconds[due.attempt - 1];
    const status: WebhookDeliveryStatus = succeeded ? 'delivered' : delay === undefined ? 'failed' : 'pending';
    const nextAttemptAt = status === 'pending' ? new Date(now.getTime() + delay! * 1000) : null;
    const delivery = new WebhookDelivery({ ...this.state, status, attempts: due.attempt, nextAttemptAt, updatedAt: now });
    return { delivery, attempt };
  }

  /** A new series of attempts to `url` (the account's current one), whatever the state; stale jobs of the old one do nothing. */
  redeliver(url: string, now: Date): WebhookDelivery {
    return new WebhookDelivery({ ...this.state, url, status: 'pending', series: this.state.series + 1, attempts: 0, nextAttemptAt: now, updatedAt: now });
  }

  toSnapshot(): WebhookDeliverySnapshot {
    return { ...this.state };
  }
}
