import type { WebhookAttemptOutcome } from '../domain/deliveries/webhook-delivery.aggregate.ts';
import type { WebhookPost, WebhookSender } from '../application/deliveries/webhook-sender.port.ts';

/** Keeps every POST and answers each with the next scripted status (then 200), as if at once. */
export class RecordingWebhookSender implements WebhookSender {
  readonly posts: WebhookPost[] = [];

  constructor(private readonly script: number[] = []) {}

  async post(request: WebhookPost): Promise<WebhookAttemptOutcome> {
    this.posts.push(request);
    return { statusCode: this.script.shift() ?? 200, latencyMs: 1, error: null };
  }
}
