import type { WebhookEventKind } from '../events/webhook-event.ts';
import type { KeyScope } from '../messages/key-scope.ts';
import type { MessageEnvironment } from '../messages/outbound-message.ts';

export interface WebhookConfigSnapshot {
  readonly accountId: string;
  /** One configuration per environment, as Stripe's: test traffic's events go to the test one, signed with its secret. */
  readonly environment: MessageEnvironment;
  /** Where delivery reports go (`message.<status>`); null for none. */
  readonly dlrUrl: string | null;
  /** Where inbound messages go (`message.inbound`); null for none. */
  readonly moUrl: string | null;
  /** Off: no events are kept for the account (test events and redeliveries are still sent). */
  readonly isActive: boolean;
  /** Plain text here; stores keep it encrypted. */
  readonly signingSecret: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What publishing needs of a configuration: where each kind of event goes, if anywhere (no secret). */
export type WebhookRouting = Pick<WebhookConfigSnapshot, 'dlrUrl' | 'moUrl' | 'isActive'>;

/** Where a new event of `kind` goes: its URL while webhooks are on, else nowhere. */
export const destinationOf = (routing: WebhookRouting, kind: WebhookEventKind): string | null =>
  !routing.isActive ? null : kind === 'dlr' ? routing.dlrUrl : routing.moUrl;

/** A change of `PUT /api/webhooks`: absent fields stay, a null URL clears it. URLs are checked already. */
export interface WebhookConfigChange {
  readonly dlrUrl?: string | null;
  readonly moUrl?: string | null;
  readonly isActive?: boolean;
}

/** An account's webhook configuration (spec: Webhook configuration). One per account and environment. */
export class WebhookConfig {
  private constructor(private readonly state: WebhookConfigSnapshot) {}

  /** The first configuration of an account's environment: no URLs, active, a new secret. */
  static create(owner: KeyScope, signingSecret: string, now: Date): WebhookConfig {
    return new WebhookConfig({ accountId: owner.accountId, environment: owner.environment, dlrUrl: null, moUrl: null, isActive: true, signingSecret, createdAt: now, updatedAt: now });
  }

  static rehydrate(snapshot: WebhookConfigSnapshot): WebhookConfig {
    return new WebhookConfig({ ...snapshot });
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get environment(): MessageEnvironment {
    return this.state.environment;
  }

  get dlrUrl(): string | null {
    return this.state.dlrUrl;
  }

  get moUrl(): string | null {
    return this.state.moUrl;
  }

  get isActive(): boolean {
    return this.state.isActive;
  }

  get signingSecret(): string {
    return this.state.signingSecret;
  }

  /** The URL configured for events of `kind`, whether or not webhooks are on. */
  urlFor(kind: WebhookEventKind): string | null {
    return kind === 'dlr' ? this.state.dlrUrl : this.state.moUrl;
  }

  update(change: WebhookConfigChange, now: Date): WebhookConfig {
    const { dlrUrl = this.state.dlrUrl, moUrl = this.state.moUrl, isActive = this.state.isActive } = change;
    return new WebhookConfig({ ...this.state, dlrUrl, moUrl, isActive, updatedAt: now });
  }

  /** The old secret is gone: every attempt from now on is signed with the new one. */
  rotateSecret(signingSecret: string, now: Date): WebhookConfig {
    return new WebhookConfig({ ...this.state, signingSecret, updatedAt: now });
  }

  toSnapshot(): WebhookConfigSnapshot {
    return { ...this.state };
  }
}
