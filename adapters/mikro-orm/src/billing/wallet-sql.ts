/**
 * The statements of MikroOrmWalletStore that the query builder cannot say plainly, as Kysely `sql`
 * templates typed by the generated rows (every value a bind parameter), run on `database.query`.
 * `postEntryStatement` is the fast path of credits and charges: one statement takes the wallet's row lock,
 * checks the rule, appends the entry and moves the balance, so the lock is held for that statement
 * and the commit. A general change is: lock the wallet row, read what the decision needs
 * (`readForChange`), write the wallet with its new entry or reservation in one statement
 * (`writeChange`); the lock is held until the commit.
 */
import { sql, type Selectable } from 'kysely';
import { MAX_WALLET_MICROS, type LedgerEntry, type LedgerEntryDraft, type Reservation, type WalletChangeRequest, type WalletSnapshot, type WalletWrite } from '@tuma/billing';
import { formatScaled, MICRO_DIGITS } from '@tuma/kernel';
import type { LedgerEntryTable, ReservationTable, WalletTable } from '../database/tables.ts';
import type { EntryRow } from './wallet-rows.ts';
import { anyOf } from '../database/bound-texts.ts';

/** An entry as a JSON object with the keys and values of its row (amounts as text, so exact). */
const entryJson = (alias: string) => {
  const a = sql.ref(alias);
  return sql<EntryRow>`json_build_object('id', ${a}.id, 'account_id', ${a}.account_id, 'currency', ${a}.currency, 'kind', ${a}.kind,
    'amount', ${a}.amount::text, 'balance_after', ${a}.balance_after::text, 'reason', ${a}.reason, 'reference', ${a}.reference,
    'related_type', ${a}.related_type, 'related_id', ${a}.related_id, 'refund_of', ${a}.refund_of, 'reverses', ${a}.reverses,
    'reservation_id', ${a}.reservation_id, 'created_at', ${a}.created_at)`;
};

/** A reservation as a JSON object with the keys and values of its row (amounts as text, so exact). */
const reservationJson = (alias: string) => {
  const a = sql.ref(alias);
  return sql<Selectable<ReservationTable>>`json_build_object('id', ${a}.id, 'account_id', ${a}.account_id, 'currency', ${a}.currency,
    'amount', ${a}.amount::text, 'captured', ${a}.captured::text, 'released', ${a}.released::text, 'status', ${a}.status,
    'reason', ${a}.reason, 'reference', ${a}.reference, 'related_type', ${a}.related_type, 'related_id', ${a}.related_id,
    'created_at', ${a}.created_at, 'updated_at', ${a}.updated_at)`;
};

/**
 * What a decision reads besides the wallet: the entry (or reservation) made under the reference, the entry a
 * refund or reversal names (with its refunds so far and its reversal) and the reservation a
 * capture or release names. It runs as its own statement AFTER the lock is granted: in READ
 * COMMITTED a statement sees what was committed before it started, so this one sees every change
 * of the previous lock holder (a subquery of the locking statement would still see the state from
 * before the wait).
 */
export function readForChange(request: WalletChangeRequest) {
  const entryId = request.entryId ?? null;
  return sql<{
    prior_entry: EntryRow | null;
    prior_reservation: Selectable<ReservationTable> | null;
    target_entry: EntryRow | null;
    refunded: Selectable<LedgerEntryTable>['amount'];
    reversed_by: Selectable<LedgerEntryTable>['id'] | null;
    reservation: Selectable<ReservationTable> | null;
  }>`
  select
    (select ${entryJson('e')} from ledger_entry e where e.account_id = a.id and e.reference = ${request.reference ?? null}) as prior_entry,
    (select ${reservationJson('r')} from reservation r where r.account_id = a.id and r.reference = ${request.reservationReference ?? null}) as prior_reservation,
    (select ${entryJson('t')} from ledger_entry t where t.account_id = a.id and t.id = ${entryId}) as target_entry,
    (select coalesce(sum(f.amount), 0)::text from ledger_entry f where f.refund_of = ${entryId}) as refunded,
    (select v.id from ledger_entry v where v.reverses = ${entryId}) as reversed_by,
    (select ${reservationJson('h')} from reservation h where h.account_id = a.id and h.id = ${request.reservationId ?? null}) as reservation
  from (select ${request.accountId}::varchar as id) a`;
}

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
export function postEntryStatement(draft: LedgerEntryDraft) {
  const amount = draft.amount.toDecimalString();
  const at = draft.createdAt.toISOString();
  return sql<Pick<Selectable<LedgerEntryTable>, 'balance_after'>>`
  with posted as (
    insert into ledger_entry (id, account_id, currency, kind, amount, balance_after, reason, reference, related_type, related_id, created_at)
    select ${draft.id}, w.account_id, w.currency, ${draft.kind}, ${amount}::numeric, w.balance + ${amount}::numeric, ${draft.reason}, ${draft.reference},
      ${draft.related?.type ?? null}, ${draft.related?.id ?? null}, ${at}::timestamptz
    from wallet w
    where w.account_id = ${draft.accountId} and w.currency = ${draft.amount.currency}
      and w.balance - w.reserved + ${amount}::numeric >= 0
      and w.balance + ${amount}::numeric <= ${MAX_BALANCE}::numeric
    for no key update of w
    on conflict (account_id, reference) do nothing
    returning account_id, balance_after
  )
  update wallet set balance = posted.balance_after, updated_at = ${at}::timestamptz
  from posted
  where wallet.account_id = posted.account_id
  returning posted.balance_after::text as balance_after`;
}

const insertEntry = (e: LedgerEntry) => sql`insert into ledger_entry (id, account_id, currency, kind, amount, balance_after, reason, reference,
    related_type, related_id, refund_of, reverses, reservation_id, created_at)
  values (${e.id}, ${e.accountId}, ${e.amount.currency}, ${e.kind}, ${e.amount.toDecimalString()}::numeric, ${e.balanceAfter.toDecimalString()}::numeric,
    ${e.reason}, ${e.reference}, ${e.related?.type ?? null}, ${e.related?.id ?? null}, ${e.refundOf}, ${e.reverses}, ${e.reservationId},
    ${e.createdAt.toISOString()}::timestamptz)`;

const upsertReservation = (r: Reservation) => sql`insert into reservation (id, account_id, currency, amount, captured, released, status, reason,
    reference, related_type, related_id, created_at, updated_at)
  values (${r.id}, ${r.accountId}, ${r.amount.currency}, ${r.amount.toDecimalString()}::numeric, ${r.captured.toDecimalString()}::numeric,
    ${r.released.toDecimalString()}::numeric, ${r.status}, ${r.reason}, ${r.reference}, ${r.related?.type ?? null}, ${r.related?.id ?? null},
    ${r.createdAt.toISOString()}::timestamptz, ${r.updatedAt.toISOString()}::timestamptz)
  on conflict (id) do update set captured = excluded.captured, released = excluded.released, status = excluded.status,
    updated_at = excluded.updated_at`;

/**
 * One statement writing a whole change: the wallet's new state, and the entry and/or reservation.
 * Data-modifying CTEs all run, in one snapshot; the result counts the wallet rows updated (1).
 */
export function writeChange({ wallet, entry, reservation }: WalletWrite) {
  const parts = [
    sql`wallet_update as (update wallet set balance = ${wallet.balance.toDecimalString()}::numeric, reserved = ${wallet.reserved.toDecimalString()}::numeric,
      updated_at = ${wallet.updatedAt.toISOString()}::timestamptz where account_id = ${wallet.accountId} returning 1)`,
  ];
  if (entry) parts.push(sql`entry_insert as (${insertEntry(entry)})`);
  if (reservation) parts.push(sql`reservation_upsert as (${upsertReservation(reservation)})`);
  return sql<{ updated: number }>`with ${sql.join(parts)} select count(*)::int as updated from wallet_update`;
}

/** The wallets of many accounts, locked in account order (so concurrent batches never deadlock). */
export const lockWallets = (accountIds: readonly string[]) => sql<Selectable<WalletTable>>`
  select * from wallet w
  where w.account_id = ${anyOf(accountIds)}
  order by w.account_id
  for no key update`;

/**
 * Which of the (account, reference) pairs already name an entry. Lateral, so each pair is one index
 * lookup: joined plainly, the set function's 100-row estimate plans a scan of the whole ledger.
 */
export const takenReferences = (pairs: readonly { account_id: string; reference: string }[]) => sql<Pick<Selectable<LedgerEntryTable>, 'account_id' | 'reference'>>`
  select x.account_id, x.reference from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as x(account_id text, reference text)
  cross join lateral (select 1 from ledger_entry e where e.account_id = x.account_id and e.reference = x.reference limit 1) taken`;

/**
 * Credits and plain charges, many at once, in the order given (their `seq` follows it), and the
 * new balances of their wallets: one statement (one round trip) for both, each list one JSON
 * parameter whatever its length.
 */
export function insertPostedEntries(entries: readonly LedgerEntry[], wallets: readonly WalletSnapshot[]) {
  const records = entries.map((e) => ({
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
  }));
  const balances = wallets.map((w) => ({ account_id: w.accountId, balance: w.balance.toDecimalString(), updated_at: w.updatedAt.toISOString() }));
  return sql`
  with posted as (
    insert into ledger_entry (id, account_id, currency, kind, amount, balance_after, reason, reference, related_type, related_id, created_at)
    select x->>'id', x->>'account_id', x->>'currency', x->>'kind', (x->>'amount')::numeric, (x->>'balance_after')::numeric, x->>'reason',
           x->>'reference', x->>'related_type', x->>'related_id', (x->>'created_at')::timestamptz
    from jsonb_array_elements(${JSON.stringify(records)}::jsonb) with ordinality as e(x, n)
    order by e.n
    returning 1
  )
  update wallet w set balance = x.balance::numeric, updated_at = x.updated_at::timestamptz
  from jsonb_to_recordset(${JSON.stringify(balances)}::jsonb) as x(account_id text, balance text, updated_at text)
  where w.account_id = x.account_id`;
}
