/**
 * The statements of MikroOrmInboundMessageRepository. Conversations and threads read
 * `inbound_message` and the account's live `message` rows together; ties of time go by id in the
 * "C" collation (code units), as the domain orders them.
 */

export const INBOUND_COLUMNS = 'i.id, i.account_id, i.phone, i.recipient, i.text, i.carrier, i.carrier_message_id, i.received_at';

/** Inserts unless the carrier delivered this message id before (a concurrent insert of it included). */
export const INSERT_INBOUND = `
  insert into inbound_message (id, account_id, phone, recipient, text, carrier, carrier_message_id, received_at)
  values (?, ?, ?, ?, ?, ?, ?, ?::timestamptz)
  on conflict (carrier, carrier_message_id) where carrier_message_id is not null do nothing
  returning id`;

export const FIND_BY_CARRIER_ID = `select ${INBOUND_COLUMNS} from inbound_message i where i.carrier = ? and i.carrier_message_id = ?`;

/** Rejected messages never left us: nobody answers them. */
export const LAST_SENDER = `
  select m.account_id from message m
  where m.phone = ? and m.environment = 'live' and m.status <> 'rejected'
  order by m.created_at desc, m.id collate "C" desc limit 1`;

/** The newest message of one direction between an account and a number (`r.phone`), as thread rows. */
const NEWEST_INBOUND = `
  select i.id, i.text, 'inbound'::text as direction, 'received'::text as status, i.received_at as at from inbound_message i
  where i.account_id = ? and i.phone = r.phone order by i.received_at desc, i.id collate "C" desc limit 1`;
const NEWEST_OUTBOUND = `
  select m.id, m.text, 'outbound'::text as direction, m.status::text, m.created_at as at from message m
  where m.account_id = ? and m.environment = 'live' and m.phone = r.phone order by m.created_at desc, m.id collate "C" desc limit 1`;

/** Parameters: account (repliers), account (inbound), account (outbound), limit. */
export const CONVERSATIONS = `
  select r.phone, last.text, last.direction, last.at
  from (select distinct i.phone from inbound_message i where i.account_id = ?) r
  cross join lateral (
    select latest.* from ((${NEWEST_INBOUND}) union all (${NEWEST_OUTBOUND})) latest
    order by latest.at desc, latest.id collate "C" desc limit 1
  ) last
  order by last.at desc, r.phone collate "C" limit ?`;

/** Parameters: account, phone, limit (inbound); account, phone, limit (outbound); limit. */
export const THREAD = `
  select t.id, t.text, t.direction, t.status, t.at from (
    select both_ways.* from (
      (select i.id, i.text, 'inbound'::text as direction, 'received'::text as status, i.received_at as at from inbound_message i
        where i.account_id = ? and i.phone = ? order by i.received_at desc, i.id collate "C" desc limit ?)
      union all
      (select m.id, m.text, 'outbound'::text as direction, m.status::text, m.created_at as at from message m
        where m.account_id = ? and m.environment = 'live' and m.phone = ? order by m.created_at desc, m.id collate "C" desc limit ?)
    ) both_ways
    order by both_ways.at desc, both_ways.id collate "C" desc limit ?
  ) t
  order by t.at, t.id collate "C"`;
