import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency-Key (issue 13, docs/idempotency.md): one record per account, environment and key.
 * While its request runs the record is a claim (an owner and a lease); once answered it keeps the
 * response (status, headers and body as `json`, which keeps the body's text and key order) until
 * `expires_at`, 24 hours after the claim. The workers purge expired records by `expires_at`.
 */
export class Migration20261124001400Idempotency extends Migration {
  override up(): void {
    this.addSql(`
      create table idempotency_record (
        account_id varchar(40) not null references account (id),
        environment varchar(4) not null check (environment in ('live', 'test')),
        key varchar(255) not null,
        operation varchar(255) not null,
        fingerprint char(64) not null,
        owner varchar(40) not null,
        created_at timestamptz not null,
        lease_expires_at timestamptz not null,
        expires_at timestamptz not null,
        response_status smallint,
        response_headers json,
        response_body json,
        completed_at timestamptz,
        primary key (account_id, environment, key),
        check ((response_status is null) = (completed_at is null))
      )`);
    this.addSql('create index idempotency_record_expires_idx on idempotency_record (expires_at)');
  }

  override down(): void {
    this.addSql('drop table idempotency_record');
  }
}
