import type { AccessChange, AccessChangeListener, AccessChanges } from '@tuma/accounts';
import type { DatabaseNotifications } from '../database/database-notifications.ts';

export const ACCESS_TOPIC = 'access';

const parse = (message: unknown): AccessChange | undefined => {
  if (message === null || typeof message !== 'object') return undefined;
  const value = message as Record<string, unknown>;
  if (typeof value.keyId === 'string') return { keyId: value.keyId };
  if (typeof value.accountId === 'string') return { accountId: value.accountId };
  return undefined;
};

/**
 * Access changes through PostgreSQL LISTEN/NOTIFY (PGlite too, within its one process): `publish`
 * is `pg_notify` in the caller's transaction, so it is delivered on commit and never on rollback.
 * Listeners hear nothing before the notifications start, and are told so (`interrupted`,
 * `resumed`), so that no cache is trusted meanwhile.
 */
export class MikroOrmAccessChanges implements AccessChanges {
  constructor(private readonly notifications: DatabaseNotifications) {}

  publish(change: AccessChange): Promise<void> {
    return this.notifications.publish(ACCESS_TOPIC, change);
  }

  subscribe(listener: AccessChangeListener): () => void {
    return this.notifications.subscribe(ACCESS_TOPIC, {
      notified: (message) => {
        const change = parse(message);
        if (change) listener.changed(change);
      },
      interrupted: () => listener.interrupted(),
      resumed: () => listener.resumed(),
    });
  }
}
