import { Migration } from '@mikro-orm/migrations';

/** Mail API keys (`svc_k_`) are rows of `api_key` of kind `mail` (docs/mail.md, "API keys"); listed per account and kind. */
export class Migration20261124001800MailKeys extends Migration {
  override up(): void {
    this.addSql('alter table api_key drop constraint api_key_kind_check');
    this.addSql("alter table api_key add constraint api_key_kind_check check (kind in ('customer', 'mail', 'operator'))");
    this.addSql('create index api_key_account_kind_idx on api_key (account_id, kind, created_at desc)');
  }

  override down(): void {
    this.addSql('drop index api_key_account_kind_idx');
    this.addSql("delete from api_key where kind = 'mail'");
    this.addSql('alter table api_key drop constraint api_key_kind_check');
    this.addSql("alter table api_key add constraint api_key_kind_check check (kind in ('customer', 'operator'))");
  }
}
