/**
 * The statements of MikroOrmWalletStore, with `?` placeholders for `em.execute`.
 * `POST_ENTRY` is the fast path of credits and charges: one statement takes the wallet's row lock,
 * checks the rule, appends the entry and moves the balance, so the lock is held for that statement
 * and the commit. A general change is: lock the wallet row, read what the decision needs, write
 * the wallet with its new entry or reservation in one statement; the lock is held until the commit.
 */
import { MAX_WALLET_MICROS, type LedgerEntry, type LedgerEntryDraft, type Reservation, type WalletWrite } from '@tuma/billing';
import { formatScaled, MICRO_DIGITS } from '@tuma/kernel';

const entryJson = (a: string): string =>
  `json_build_object('id', ${a}.id, 'accountId', ${a}.account_id, 'currency', ${a}.currency, 'kind', ${a}.kind,
    'amount', ${a}.amount::text, 'balanceAfter', ${a}.balance_after::text, 'reason', ${a}.reason, 'reference', ${a}.reference,
    'relatedType', ${a}.related_type, 'relatedId', ${a}.related_id, 'refundOf', ${a}.refund_of, 'reverses', ${a}.reverses,
    'reservationId', ${a}.reservation_id, 'createdAt', ${a}.created_at)`;

const reservationJson = (a: string): string =>
  `json_build_object('id', ${a}.id, 'accountId', ${a}.account_id, 'currency', ${a}.currency, 'amount', ${a}.amount::text,
    'captured', ${a}.captured::text, 'released', ${a}.released::text, 'status', ${a}.status, 'reason', ${a}.reason,
    'reference', ${a}.reference, 'relatedType', ${a}.related_type, 'relatedId', ${a}.related_id,
    'createdAt', ${a}.created_at, 'updatedAt', ${a}.updated_at)`;

/**
 * Locks the wallet row until the end of the transaction and returns it. `for no key update` is
 * the weakest lock that excludes every other change of the row (foreign-key checks against it
 * still pass). When the lock had to wait, the row returned is the version the previous holder
 * committed. Parameter: account id.
 */
export const LOCK_WALLET = `
  select json_build_object('accountId', w.account_id, 'currency', w.currency, 'balance', w.balance::text,
           'reserved', w.reserved::text, 'updatedAt', w.updated_at) as wallet
  from wallet w
  where w.account_id = ?
  for no key update`;

/** Row shape of READ_FOR_CHANGE (json columns arrive parsed or as text, depending on the driver). */
export interface ChangeReadsRow {
  prior_entry: unknown;
  prior_reservation: unknown;
  target_entry: unknown;
  refunded: string;
  reversed_by: string | null;
  reservation: unknown;
}

/**
 * What a decision reads besides the wallet: the entry (or reservation) made under the reference, the entry a
 * refund or reversal names (with its refunds so far and its reversal) and the reservation a
 * capture or release names. It runs as its own statement AFTER the lock is granted: in READ
 * COMMITTED a statement sees what was committed before it started, so this one sees every change
 * of the previous lock holder (a subquery of the locking statement would still see the state from
 * before the wait). Parameters: entry reference, reservation reference, entry id, entry id,
 * entry id, reservation id, account id.
 */
export const READ_FOR_CHANGE = `
  select
    (select ${entryJson('e')} from ledger_entry e where e.account_id = a.id and e.reference = ?) as prior_entry,
    (select ${reservationJson('r')} from reservation r where r.account_id = a.id and r.reference = ?) as prior_reservation,
    (select ${entryJson('t')} from ledger_entry t where t.account_id = a.id and t.id = ?) as target_entry,
    (select coalesce(sum(f.amount), 0)::text from ledger_entry f where f.refund_of = ?) as refunded,
    (select v.id from ledger_entry v where v.reverses = ?) as reversed_by,
    (select ${reservationJson('h')} from reservation h where h.account_id = a.id and h.id = ?) as reservation
  from (select ?::varchar as id) a`;

const MAX_BALANCE = formatScaled(MAX_WALLET_MICROS, MICRO_DIGITS);

/**
 * The fast path of a credit or plain charge, as one statement. The inner select locks the wallet
 * row (`for no key update`; after a wait it sees the version the previous holder committed) only
 * if the wallet is in the entry's currency and can take the signed amount: `balance - reserved +
 * amount >= 0` is `Wallet.post`'s "a charge takes at most what is available", and the balance
 * stays within numeric(20,6). The entry is inserted with the balance after it unless its reference
 * exists (`on conflict do nothing`, decided by the unique index, so even a concurrent duplicate is
 * seen); only an inserted entry moves the balance. No row back: nothing was written.
 */
const POST_ENTRY_SQL = `
  with posted as (
    insert into ledger_entry (id, account_id, currency, kind, amount, balance_after, reason, reference, related_type, related_id, created_at)
    select ?, w.account_id, w.currency, ?, ?::numeric, w.balance + ?::numeric, ?, ?, ?, ?, ?::timestamptz
    from wallet w
    where w.account_id = ? and w.currency = ?
      and w.balance - w.reserved + ?::numeric >= 0
      and w.balance + ?::numeric <= ${MAX_BALANCE}
    for no key update of w
    on conflict (account_id, reference) do nothing
    returning account_id, balance_after
  )
  update wallet set balance = posted.balance_after, updated_at = ?::timestamptz
  from posted
  where wallet.account_id = posted.account_id
  returning posted.balance_after::text as balance_after`;

export function postEntry(draft: LedgerEntryDraft): { sql: string; params: unknown[] } {
  const amount = draft.amount.toDecimalString();
  const at = draft.createdAt.toISOString();
  return {
    sql: POST_ENTRY_SQL,
    params: [
      draft.id,
      draft.kind,
      amount,
      amount,
      draft.reason,
      draft.reference,
      draft.related?.type ?? null,
      draft.related?.id ?? null,
      at,
      draft.accountId,
      draft.amount.currency,
      amount,
      amount,
      at,
    ],
  };
}

const UPDATE_WALLET = `update wallet set balance = ?::numeric, reserved = ?::numeric, updated_at = ?::timestamptz where account_id = ? returning 1`;

const INSERT_ENTRY = `insert into ledger_entry (id, account_id, currency, kind, amount, balance_after, reason, reference,
    related_type, related_id, refund_of, reverses, reservation_id, created_at)
  values (?, ?, ?, ?, ?::numeric, ?::numeric, ?, ?, ?, ?, ?, ?, ?, ?::timestamptz)`;

const UPSERT_RESERVATION = `insert into reservation (id, account_id, currency, amount, captured, released, status, reason,
    reference, related_type, related_id, created_at, updated_at)
  values (?, ?, ?, ?::numeric, ?::numeric, ?::numeric, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)
  on conflict (id) do update set captured = excluded.captured, released = excluded.released, status = excluded.status,
    updated_at = excluded.updated_at`;

const entryParams = (e: LedgerEntry): unknown[] => [
  e.id,
  e.accountId,
  e.amount.currency,
  e.kind,
  e.amount.toDecimalString(),
  e.balanceAfter.toDecimalString(),
  e.reason,
  e.reference,
  e.related?.type ?? null,
  e.related?.id ?? null,
  e.refundOf,
  e.reverses,
  e.reservationId,
  e.createdAt.toISOString(),
];

const reservationParams = (r: Reservation): unknown[] => [
  r.id,
  r.accountId,
  r.amount.currency,
  r.amount.toDecimalString(),
  r.captured.toDecimalString(),
  r.released.toDecimalString(),
  r.status,
  r.reason,
  r.reference,
  r.related?.type ?? null,
  r.related?.id ?? null,
  r.createdAt.toISOString(),
  r.updatedAt.toISOString(),
];

/**
 * One statement writing a whole change: the wallet's new state, and the entry and/or reservation.
 * Data-modifying CTEs all run, in one snapshot; the result counts the wallet rows updated (1).
 */
export function writeChange(write: WalletWrite): { sql: string; params: unknown[] } {
  const { wallet } = write;
  const parts = [`wallet_update as (${UPDATE_WALLET})`];
  const params: unknown[] = [wallet.balance.toDecimalString(), wallet.reserved.toDecimalString(), wallet.updatedAt.toISOString(), wallet.accountId];
  if (write.entry) {
    parts.push(`entry_insert as (${INSERT_ENTRY})`);
    params.push(...entryParams(write.entry));
  }
  if (write.reservation) {
    parts.push(`reservation_upsert as (${UPSERT_RESERVATION})`);
    params.push(...reservationParams(write.reservation));
  }
  return { sql: `with ${parts.join(', ')} select count(*)::int as updated from wallet_update`, params };
}

/** The wallets of many accounts, locked in account order (so concurrent batches never deadlock). */
export const LOCK_WALLETS = `
  select json_build_object('accountId', w.account_id, 'currency', w.currency, 'balance', w.balance::text,
           'reserved', w.reserved::text, 'updatedAt', w.updated_at) as wallet
  from wallet w
  where w.account_id in (select jsonb_array_elements_text(?::jsonb))
  order by w.account_id
  for no key update`;

/**
 * Which of the (account, reference) pairs already name an entry. Lateral, so each pair is one index
 * lookup: joined plainly, the set function's 100-row estimate plans a scan of the whole ledger.
 */
export const TAKEN_REFERENCES = `
  select x.account_id, x.reference from jsonb_to_recordset(?::jsonb) as x(account_id text, reference text)
  cross join lateral (select 1 from ledger_entry e where e.account_id = x.account_id and e.reference = x.reference limit 1) taken`;

/**
 * Credits and plain charges, many at once, in the order given (their `seq` follows it), and the
 * new balances of their wallets: one statement (one round trip) for both.
 */
export const INSERT_POSTED_ENTRIES = `
  with posted as (
    insert into ledger_entry (id, account_id, currency, kind, amount, balance_after, reason, reference, related_type, related_id, created_at)
    select x->>'id', x->>'account_id', x->>'currency', x->>'kind', (x->>'amount')::numeric, (x->>'balance_after')::numeric, x->>'reason',
           x->>'reference', x->>'related_type', x->>'related_id', (x->>'created_at')::timestamptz
    from jsonb_array_elements(?::jsonb) with ordinality as e(x, n)
    order by e.n
    returning 1
  )
  update wallet w set balance = x.balance::numeric, updated_at = x.updated_at::timestamptz
  from jsonb_to_recordset(?::jsonb) as x(account_id text, balance text, updated_at text)
  where w.account_id = x.account_id`;

export const postedEntryRecord = (e: LedgerEntry) => ({
  id: e.id,
  account_id: e.accountId,
  currency: e.amount.currency,
  kind: e.kind,
  amount: e.amount.toDecimalString(),
  balance_after: e.balanceAfter.toDecimalString(),
  reason: e.reason,
  reference: e.reference,
  related_type: e.related?.type ?? null,
  related_id: e.related?.id ?? null,
  created_at: e.createdAt.toISOString(),
});
