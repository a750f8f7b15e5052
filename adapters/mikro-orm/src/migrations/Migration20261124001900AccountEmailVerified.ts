import { Migration } from '@mikro-orm/migrations';

/**
 * Live traffic waits for the account's email to be verified (issue 14, docs/accounts.md): accounts
 * opened before count as verified unless a registration opened them and its user has not verified
 * the address yet (the user of the same email).
 */
export class Migration20261124001900AccountEmailVerified extends Migration {
  override up(): void {
    this.addSql('alter table account add column email_verified_at timestamptz');
    this.addSql(`
      update account a set email_verified_at = a.created_at
       where not exists (select 1 from app_user u where u.email = a.email and u.email_verified_at is null)`);
  }

  override down(): void {
    this.addSql('alter table account drop column email_verified_at');
  }
}
