import type { MailWebhookEventType } from './mail-webhook-events.ts';

export interface MailWebhookSnapshot {
  /** `mwh_...` */
  readonly id: string;
  readonly accountId: string;
  /** HTTPS (or an allowed host), checked against the URL policy when set. */
  readonly url: string;
  /** The events it gets, in the order given, without repeats. */
  readonly events: readonly MailWebhookEventType[];
  /** Signs each delivery (`X-SVC-Signature`); sealed at rest by the repository, shown once at creation. */
  readonly secret: string;
  readonly isActive: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface MailWebhookChanges {
  readonly url?: string | undefined;
  readonly events?: readonly MailWebhookEventType[] | undefined;
  readonly isActive?: boolean | undefined;
}

const distinct = (events: readonly MailWebhookEventType[]): MailWebhookEventType[] => [...new Set(events)];

/** An endpoint of an account's mail events (spec: Mail webhook): where they go and which ones. */
export class MailWebhook {
  private constructor(private readonly state: MailWebhookSnapshot) {}

  static create(input: Omit<MailWebhookSnapshot, 'isActive' | 'createdAt' | 'updatedAt'>, now: Date): MailWebhook {
    return new MailWebhook({ ...input, events: distinct(input.events), isActive: true, createdAt: now, updatedAt: now });
  }

  static rehydrate(snapshot: MailWebhookSnapshot): MailWebhook {
    return new MailWebhook({ ...snapshot });
  }

  /** Whether an event of this type goes to it now. */
  receives(event: MailWebhookEventType): boolean {
    return this.state.isActive && this.state.events.includes(event);
  }

  change(changes: MailWebhookChanges, now: Date): MailWebhook {
    const { url, events, isActive } = changes;
    return new MailWebhook({
      ...this.state,
      ...(url === undefined ? {} : { url }),
      ...(events === undefined ? {} : { events: distinct(events) }),
      ...(isActive === undefined ? {} : { isActive }),
      updatedAt: now,
    });
  }

  toSnapshot(): MailWebhookSnapshot {
    return this.state;
  }
}
