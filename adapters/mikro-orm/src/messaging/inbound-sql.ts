/**
 * The statements of MikroOrmInboundMessageRepository that read `inbound_message` and the account's
 * live `message` rows together; ties of time go by id in the "C" collation (code units), as the
 * domain orders them.
 */
import { sql, type Selectable } from 'kysely';
import type { MessageDirection } from '@tuma/messaging';
import type { InboundMessageTable, MessageTable } from '../database/tables.ts';

/** A message of either direction; an inbound one has the status `received`. */
type ThreadRow = Pick<Selectable<MessageTable>, 'id' | 'text' | 'status'> & { direction: MessageDirection; at: Selectable<InboundMessageTable>['received_at'] };

/** The newest message of one direction between an account and a number (`r.phone`), as thread rows. */
const newestInbound = (accountId: string) => sql`
  select i.id, i.text, 'inbound'::text as direction, 'received'::text as status, i.received_at as at from inbound_message i
  where i.account_id = ${accountId} and i.phone = r.phone order by i.received_at desc, i.id collate "C" desc limit 1`;
const newestOutbound = (accountId: string) => sql`
  select m.id, m.text, 'outbound'::text as direction, m.status::text, m.created_at as at from message m
  where m.account_id = ${accountId} and m.environment = 'live' and m.phone = r.phone order by m.created_at desc, m.id collate "C" desc limit 1`;

/** Every number that wrote to the account, with the newest message either way, newest first. */
export const conversationsStatement = (accountId: string, limit: number) => sql<Pick<ThreadRow, 'text' | 'direction' | 'at'> & Pick<Selectable<InboundMessageTable>, 'phone'>>`
  select r.phone, last.text, last.direction, last.at
  from (select distinct i.phone from inbound_message i where i.account_id = ${accountId}) r
  cross join lateral (
    select latest.* from ((${newestInbound(accountId)}) union all (${newestOutbound(accountId)})) latest
    order by latest.at desc, latest.id collate "C" desc limit 1
  ) last
  order by last.at desc, r.phone collate "C" limit ${limit}`;

/** The newest `limit` messages either way between the account and the number, oldest first. */
export const threadStatement = (accountId: string, phone: string, limit: number) => sql<ThreadRow>`
  select t.id, t.text, t.direction, t.status, t.at from (
    select both_ways.* from (
      (select i.id, i.text, 'inbound'::text as direction, 'received'::text as status, i.received_at as at from inbound_message i
        where i.account_id = ${accountId} and i.phone = ${phone} order by i.received_at desc, i.id collate "C" desc limit ${limit})
      union all
      (select m.id, m.text, 'outbound'::text as direction, m.status::text, m.created_at as at from message m
        where m.account_id = ${accountId} and m.environment = 'live' and m.phone = ${phone} order by m.created_at desc, m.id collate "C" desc limit ${limit})
    ) both_ways
    order by both_ways.at desc, both_ways.id collate "C" desc limit ${limit}
  ) t
  order by t.at, t.id collate "C"`;
