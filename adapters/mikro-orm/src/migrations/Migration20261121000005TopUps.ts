import { Migration } from '@mikro-orm/migrations';

/**
 * Wallet top-ups through a payment provider's checkout (docs/payments.md). One row per checkout
 * session: (provider, provider_session_id) is unique, which is how a webhook finds its top-up.
 * The credit itself is a ledger entry with reference `topup:<id>`.
 */
export class Migration20261121000005TopUps extends Migration {
  override up(): void {
    this.addSql(`
      create table top_up (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        amount numeric(20, 6) not null check (amount > 0),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        provider varchar(16) not null check (provider in ('hosted', 'stripe')),
        provider_session_id varchar(255) not null,
        checkout_url text not null,
        customer_email varchar(254),
        status varchar(16) not null check (status in ('pending', 'completed', 'expired', 'failed')),
        failure_reason varchar(500),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        completed_at timestamptz,
        unique (provider, provider_session_id),
        check ((status = 'completed') = (completed_at is not null))
      )`);
    this.addSql('create index top_up_account_created_idx on top_up (account_id, created_at desc)');
  }

  override down(): void {
    this.addSql('drop table top_up');
  }
}
