import { sql } from 'kysely';
import type { Database } from './database.ts';
import { NotificationChannel, type NotificationHandlers } from './notification-channel.ts';

export const CHANGES_CHANNEL = 'tuma_changes';

/** What a subscriber to one topic hears (`DatabaseNotifications.subscribe`). */
export interface TopicHandlers {
  /** A message on the topic, committed (by any process, this one too). */
  notified(message: unknown): void;
  /** Messages may go unheard until `resumed`. */
  interrupted(): void;
  /** Hearing (again); what was sent meanwhile was not heard. */
  resumed(): void;
}

/**
 * One process's notifications about changed data, on one LISTEN connection (`tuma_changes`), by
 * topic: access (keys, accounts), the catalogue, FX rates. `publish` is `pg_notify` on the caller's
 * connection: inside a transaction it is delivered on commit (never on rollback), outside one at
 * once. Until `start` (and after `stop`) subscribers are told nothing is being heard.
 */
export class DatabaseNotifications {
  private readonly topics = new Map<string, Set<TopicHandlers>>();
  private channel: NotificationChannel | undefined;
  private hearing = false;

  constructor(private readonly database: Database) {}

  async publish(topic: string, message: unknown): Promise<void> {
    await sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ topic, message })})`.execute(this.database.query);
  }

  subscribe(topic: string, handlers: TopicHandlers): () => void {
    let subscribers = this.topics.get(topic);
    if (!subscribers) this.topics.set(topic, (subscribers = new Set()));
    subscribers.add(handlers);
    if (this.hearing) handlers.resumed();
    return () => subscribers.delete(handlers);
  }

  async start(): Promise<void> {
    if (this.channel) return;
    const handlers: NotificationHandlers = {
      notified: (payload) => {
        let parsed: { topic?: unknown; message?: unknown };
        try {
          parsed = JSON.parse(payload) as typeof parsed;
        } catch {
          return;
        }
        if (typeof parsed.topic !== 'string') return;
        for (const subscriber of this.topics.get(parsed.topic) ?? []) subscriber.notified(parsed.message);
      },
      interrupted: () => this.setHearing(false),
      resumed: () => this.setHearing(true),
    };
    this.channel = await NotificationChannel.open(this.database, CHANGES_CHANNEL, handlers);
  }

  async stop(): Promise<void> {
    const channel = this.channel;
    this.channel = undefined;
    this.setHearing(false);
    await channel?.close();
  }

  private setHearing(hearing: boolean): void {
    this.hearing = hearing;
    for (const subscribers of this.topics.values()) {
      for (const subscriber of subscribers) {
        if (hearing) subscriber.resumed();
        else subscriber.interrupted();
      }
    }
  }
}
