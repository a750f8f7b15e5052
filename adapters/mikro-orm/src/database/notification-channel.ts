import pg from 'pg';
import type { Database } from './database.ts';

/** What a `NotificationChannel` tells its owner. */
export interface NotificationHandlers {
  /** A notification on the channel (committed: PostgreSQL delivers NOTIFY on commit). */
  notified(payload: string): void;
  /** The listening connection is down: notifications may be missed until `resumed`. */
  interrupted(): void;
  /** Listening (again); notifications sent while down were not heard. */
  resumed(): void;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * LISTENs on one channel for as long as it is open. On PostgreSQL a dedicated connection (outside
 * the pool) that reconnects by itself, saying `interrupted` and `resumed`; on embedded PGlite the
 * one session, through its lease (a single process hears its own notifications there).
 */
export class NotificationChannel {
  private client: pg.Client | undefined;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopEmbedded: (() => Promise<void>) | undefined;

  private constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  }

  /** Starts listening; on PostgreSQL a first connection that fails is retried in the background. */
  static async open(database: Database, channel: string, handlers: NotificationHandlers): Promise<NotificationChannel> {
    const listening = new NotificationChannel(database, channel, handlers);
    if (database.embeddedSession) await listening.listenEmbedded();
    else await listening.connect();
    return listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
    await this.stopEmbedded?.();
  }

  private async listenEmbedded(): Promise<void> {
    const session = this.database.embeddedSession!;
    const off = session.db.onNotification((channel, payload) => {
      if (channel === this.channel) this.handlers.notified(payload);
    });
    await session.run(`listen ${this.channel}`);
    // No UNLISTEN: the session is shared, and another channel of this process may still listen.
    this.stopEmbedded = async () => off();
    this.handlers.resumed();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.database.url, keepAlive: true, application_name: 'tuma-listen' });
    let down = false;
    const lost = () => {
      if (down) return;
      down = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.handlers.interrupted();
      this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.handlers.notified(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    } catch {
      lost();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MIN_MS;
    this.handlers.resumed();
  }
}
