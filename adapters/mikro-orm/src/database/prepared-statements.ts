/**
 * Sends the statements a process runs again and again as named prepared statements, so that
 * PostgreSQL parses each once per connection and plans it once it finds a generic plan as good
 * (`plan_cache_mode = auto`), instead of parsing and planning every execution: a single send's
 * eight statements spent more time there than executing (docs/performance.md, "Issue 34:
 * repeated statements prepared").
 *
 * Only texts with parameters that the process has sent `SEEN_BEFORE_NAMED` times are named, and at
 * most `MOST_NAMED` of them: a statement built with literals, however rare, cannot grow the
 * server's memory per connection without bound. A name is a digest of the text (and of its
 * generation): the same text has the same name on every connection, no two texts share one.
 *
 * A table changed under a prepared statement (another process of the fleet migrating) makes
 * PostgreSQL refuse it (`cached plan must not change result type`): the text takes a new name, so
 * every connection prepares it again, and a statement outside a transaction is run again at once.
 * In a transaction the error stands (the transaction is void); its retry finds the new name.
 * `DATABASE_PREPARED_STATEMENTS=false` turns this off for a pooler that cannot keep prepared
 * statements across transactions.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const SEEN_BEFORE_NAMED = 2;
const MOST_NAMED = 400;
/** Texts counted before they are named; beyond it new texts are sent unnamed. */
const MOST_COUNTED = 5_000;
/** What PostgreSQL answers for a prepared statement it can no longer run as prepared, or does not have. */
const isStale = (error: unknown): boolean => {
  const { code, message } = error as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && message === 'cached plan must not change result type');
};

type Query = (...args: unknown[]) => Promise<unknown> | undefined;

export function prepareRepeatedStatements(pool: pg.Pool): void {
  const sightings = new Map<string, number>();
  const names = new Map<string, { name: string; generation: number }>();
  const digest = (text: string, generation: number) => `t${createHash('sha256').update(`${generation}:${text}`).digest('base64url').slice(0, 40)}`;
  const nameOf = (text: string): string | undefined => {
    const named = names.get(text);
    if (named !== undefined || names.size >= MOST_NAMED) return named?.name;
    const seen = (sightings.get(text) ?? 0) + 1;
    if (seen <= SEEN_BEFORE_NAMED) {
      if (sightings.has(text) || sightings.size < MOST_COUNTED) sightings.set(text, seen);
      return undefined;
    }
    sightings.delete(text);
    names.set(text, { name: digest(text, 0), generation: 0 });
    return names.get(text)!.name;
  };
  const renamed = (text: string, stale: string): void => {
    const named = names.get(text);
    if (named?.name === stale) names.set(text, { name: digest(text, named.generation + 1), generation: named.generation + 1 });
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prepared = async (name: string, text: string, values: unknown[]): Promise<unknown> => {
      const outsideTransaction = client.getTransactionStatus() === 'I';
      try {
        return await query({ name, text, values });
      } catch (error) {
        if (!isStale(error)) throw error;
        renamed(text, name);
        if (!outsideTransaction) throw error;
        return query(text, values);
      }
    };
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 ? nameOf(text) : undefined;
      if (name === undefined) return query(text, values, callback);
      const answer = prepared(name, text as string, values as unknown[]);
      if (typeof callback !== 'function') return answer;
      // As `pg.Pool.query` calls it.
      answer.then((result) => callback(null, result), (error: unknown) => callback(error));
      return undefined;
    }) as typeof client.query;
  });
}
