import { Migration } from '@mikro-orm/migrations';

const RELATED_TYPES = `('message', 'batch', 'sender_id', 'service', 'top_up', 'adjustment')`;

/**
 * Prepaid wallets, their ledger and reservations (docs/billing.md). The application serializes
 * the changes of one wallet with a row lock on `wallet`; the checks here hold the invariants even
 * against a bug: no negative balance, no more reserved than held, signs by kind, a reference once
 * per account, a credit reversed once, entries never changed.
 *
 * `ledger_entry` has no foreign key to `wallet`, on purpose: every entry is written in the same
 * statement that locks or updates its wallet row, taking account and currency from it, and the
 * foreign-key check would run inside the hot wallet's critical section (it cost about a fifth of
 * the single-wallet debit rate in bench/hot-wallet.bench.ts).
 */
export class Migration20261121000004Wallets extends Migration {
  override up(): void {
    this.addSql(`
      create table wallet (
        account_id varchar(40) primary key references account (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        balance numeric(20, 6) not null check (balance >= 0),
        reserved numeric(20, 6) not null check (reserved >= 0),
        updated_at timestamptz not null,
        check (reserved <= balance),
        unique (account_id, currency)
      )`);
    this.addSql(`
      create table reservation (
        id varchar(40) primary key,
        account_id varchar(40) not null,
        currency char(3) not null,
        amount numeric(20, 6) not null check (amount > 0),
        captured numeric(20, 6) not null check (captured >= 0),
        released numeric(20, 6) not null check (released >= 0),
        status varchar(8) not null check (status in ('open', 'closed')),
        reason varchar(500) not null,
        reference varchar(200) not null,
        related_type varchar(16) check (related_type in ${RELATED_TYPES}),
        related_id varchar(64),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        foreign key (account_id, currency) references wallet (account_id, currency),
        check (captured + released <= amount),
        check ((status = 'closed') = (captured + released = amount)),
        check ((related_type is null) = (related_id is null))
      )`);
    this.addSql('create unique index reservation_reference_unique on reservation (account_id, reference)');
    this.addSql(`
      create table ledger_entry (
        id varchar(40) primary key,
        seq bigint generated always as identity,
        account_id varchar(40) not null,
        currency char(3) not null,
        kind varchar(8) not null check (kind in ('credit', 'debit', 'refund', 'reversal', 'fee')),
        amount numeric(20, 6) not null,
        balance_after numeric(20, 6) not null check (balance_after >= 0),
        reason varchar(500) not null,
        reference varchar(200) not null,
        related_type varchar(16) check (related_type in ${RELATED_TYPES}),
        related_id varchar(64),
        refund_of varchar(40) references ledger_entry (id),
        reverses varchar(40) references ledger_entry (id),
        reservation_id varchar(40) references reservation (id),
        created_at timestamptz not null,
        check ((kind in ('credit', 'refund') and amount > 0) or (kind in ('debit', 'fee', 'reversal') and amount < 0)),
        check ((kind = 'refund') = (refund_of is not null)),
        check ((kind = 'reversal') = (reverses is not null)),
        check (reservation_id is null or kind = 'debit'),
        check ((related_type is null) = (related_id is null))
      )`);
    this.addSql('create unique index ledger_entry_reference_unique on ledger_entry (account_id, reference)');
    this.addSql('create index ledger_entry_account_seq_idx on ledger_entry (account_id, seq)');
    this.addSql('create index ledger_entry_refund_of_idx on ledger_entry (refund_of) where refund_of is not null');
    this.addSql('create unique index ledger_entry_reverses_unique on ledger_entry (reverses) where reverses is not null');
    this.addSql(`
      create function ledger_entry_immutable() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger entries are immutable (% of %)', tg_op, old.id;
      end
      $$`);
    this.addSql(`
      create trigger ledger_entry_immutable before update or delete on ledger_entry
      for each row execute function ledger_entry_immutable()`);
  }

  override down(): void {
    this.addSql('drop table ledger_entry');
    this.addSql('drop function ledger_entry_immutable()');
    this.addSql('drop table reservation');
    this.addSql('drop table wallet');
  }
}
