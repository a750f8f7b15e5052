import { Migration } from '@mikro-orm/migrations';

/** Links API keys (`svc_l_`) are rows of `api_key` of kind `links`, live or test (docs/links.md, "Keys"). */
export class Migration20261125002000LinksKeys extends Migration {
  override up(): void {
    this.addSql('alter table api_key drop constraint api_key_kind_check');
    this.addSql("alter table api_key add constraint api_key_kind_check check (kind in ('customer', 'mail', 'links', 'operator'))");
  }

  override down(): void {
    this.addSql("delete from api_key where kind = 'links'");
    this.addSql('alter table api_key drop constraint api_key_kind_check');
    this.addSql("alter table api_key add constraint api_key_kind_check check (kind in ('customer', 'mail', 'operator'))");
  }
}
