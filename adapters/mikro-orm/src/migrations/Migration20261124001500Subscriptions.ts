import { Migration } from '@mikro-orm/migrations';

const PAID_TIERS = `('starter', 'business', 'professional', 'enterprise')`;
const RELATED_TYPES = `('message', 'batch', 'sender_id', 'service', 'top_up', 'adjustment')`;
const RELATED_TYPES_WITH_SUBSCRIPTION = `('message', 'batch', 'sender_id', 'service', 'top_up', 'adjustment', 'subscription')`;

/**
 * Paid subscriptions of the mail and links products (docs/subscriptions.md); free is implied by
 * the absence of an active row. At most one active subscription per account and product (a
 * partial unique index: concurrent subscribes get one row); the renewal sweep reads active rows
 * by period end. Ledger entries may now name a subscription as their related object.
 */
export class Migration20261124001500Subscriptions extends Migration {
  override up(): void {
    this.addSql(`
      create table subscription (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        product varchar(8) not null check (product in ('mail', 'links')),
        tier varchar(16) not null check (tier in ${PAID_TIERS}),
        status varchar(8) not null check (status in ('active', 'canceled')),
        current_period_start timestamptz not null,
        current_period_end timestamptz not null,
        cancel_at_period_end boolean not null,
        pending_tier varchar(16) check (pending_tier in ${PAID_TIERS}),
        ended_at timestamptz,
        end_reason varchar(16) check (end_reason in ('canceled', 'payment_failed')),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check (current_period_end > current_period_start),
        check ((status = 'active') = (ended_at is null)),
        check ((ended_at is null) = (end_reason is null))
      )`);
    this.addSql(`create unique index subscription_active_idx on subscription (account_id, product) where status = 'active'`);
    this.addSql(`create index subscription_due_idx on subscription (current_period_end, id) where status = 'active'`);
    this.addSql('create index subscription_account_idx on subscription (account_id, created_at desc, id desc)');
    for (const table of ['ledger_entry', 'reservation']) this.relatedTypes(table, RELATED_TYPES_WITH_SUBSCRIPTION);
  }

  override down(): void {
    for (const table of ['ledger_entry', 'reservation']) this.relatedTypes(table, RELATED_TYPES);
    this.addSql('drop table subscription');
  }

  private relatedTypes(table: string, types: string): void {
    this.addSql(`alter table ${table} drop constraint ${table}_related_type_check, add constraint ${table}_related_type_check check (related_type in ${types})`);
  }
}
