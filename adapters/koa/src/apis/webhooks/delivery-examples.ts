interface DeliveredEventExample {
  readonly id: string;
  readonly type: string;
  readonly url: string;
  readonly at: string;
  readonly attemptAt: string;
  readonly latencyMs: number;
}

/** An event of a product's webhook (docs/webhooks.md) as its deliveries list it: taken at the first attempt. */
export const deliveredEvent = (event: DeliveredEventExample) => ({
  event_id: event.id,
  type: event.type,
  url: event.url,
  status: 'delivered',
  created_at: event.at,
  next_attempt_at: null,
  attempts: [{ series: 1, attempt: 1, at: event.attemptAt, url: event.url, status_code: 200, latency_ms: event.latencyMs, error: null, succeeded: true }],
});
