/**
 * Gives back to the pool the connections that died while checked out and that nobody gives back.
 *
 * Kysely releases a controlled transaction's connection only after its `rollback` (or `commit`)
 * succeeded; when the connection died under the transaction (the database stopped, a failover),
 * the rollback fails and the connection is never released. The pool keeps counting it: after an
 * outage with as many transactions in flight as the pool has connections, every later acquire
 * waited for ever, and the process never served again. Here a connection whose socket ended is
 * released with an error (the pool then drops it) once its holder has had `graceMs` to do so.
 * docs/reliability.md, "What resumes, and how".
 */
import type pg from 'pg';

const DEFAULT_GRACE_MS = 2_000;

export function releaseEndedConnections(pool: pg.Pool, graceMs = DEFAULT_GRACE_MS): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
  pool.on('connect', (client) => {
    client.once('end', () => {
      const timer = setTimeout(() => {
        const held = client as pg.PoolClient;
        if (!checkedOut.has(held)) return;
        const release = held.release;
        // A holder that still releases it later finds it released: a second release would throw.
        held.release = () => undefined;
        release.call(held, new Error('the connection ended while checked out, and its holder never released it'));
      }, graceMs);
      timer.unref();
    });
  });
}
