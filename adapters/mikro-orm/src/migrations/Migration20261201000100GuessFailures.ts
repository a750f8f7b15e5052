import { Migration } from '@mikro-orm/migrations';

/**
 * Failed logins become failed guesses of any secret (docs/accounts.md, "Throttling"): sign-ins, link
 * passwords and SMTP logins, each key under its product's scope, pairs of a client address and an
 * email among them (longer than 300 characters may be). Old keys (`email:`, `ip:`) are read by
 * nobody and go with the next day's purge.
 */
export class Migration20261201000100GuessFailures extends Migration {
  override up(): void {
    this.addSql('alter table login_failure rename to guess_failure');
    this.addSql('alter index login_failure_key_idx rename to guess_failure_key_idx');
    this.addSql('alter index login_failure_at_idx rename to guess_failure_at_idx');
    this.addSql('alter table guess_failure alter column key type text');
  }

  override down(): void {
    this.addSql('delete from guess_failure where length(key) > 300');
    this.addSql('alter table guess_failure alter column key type varchar(300)');
    this.addSql('alter index guess_failure_at_idx rename to login_failure_at_idx');
    this.addSql('alter index guess_failure_key_idx rename to login_failure_key_idx');
    this.addSql('alter table guess_failure rename to login_failure');
  }
}
