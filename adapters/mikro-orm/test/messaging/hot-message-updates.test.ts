/**
 * A message's updates (claim, submission, receipt, retry, cancellation) stay HOT only while no index
 * of `message` covers a column they change and its pages keep room for new versions (migration
 * 20261206000100, docs/decisions.md "HOT message updates"): an index added on one of them would
 * double the WAL of every SMS without failing anything else.
 */
import { expect } from 'chai';
import { databaseKind, testDatabase } from '../../../../test/support/test-database.ts';

/** What `saveDelivery` and `saveDeliveryIfUnchanged` write (message.repository.ts, SET_DELIVERY). */
const DELIVERY_COLUMNS = ['carrier', 'status', 'retry_count', 'error_code', 'carrier_message_ids', 'part_outcomes', 'sent_at', 'submitted_at', 'delivered_at', 'failed_at'];

describe(`message updates stay HOT on ${databaseKind()}`, () => {
  it('no index of message covers a column a delivery write changes, in its keys, expressions or predicate', async () => {
    const database = await testDatabase();
    const indexes = await database.withContext(() =>
      database.em.execute<{ name: string; definition: string }[]>(
        `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indexrelid where i.indrelid = 'message'::regclass`,
      ),
    );
    expect(indexes.map((index) => index.name).sort()).to.include.members(['message_pkey', 'message_account_env_created_idx']);
    for (const { name, definition } of indexes) {
      const covered = DELIVERY_COLUMNS.filter((column) => new RegExp(`\\b${column}\\b`).test(definition));
      expect(covered, `${name}: ${definition}`).to.deep.equal([]);
    }
  });

  it('keeps room in each page for the next versions of its rows', async () => {
    const database = await testDatabase();
    const [row] = await database.withContext(() => database.em.execute<{ options: string[] | null }[]>(`select reloptions as options from pg_class where oid = 'message'::regclass`));
    expect(row!.options).to.include('fillfactor=40');
  });
});
