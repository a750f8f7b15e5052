import { Migration } from '@mikro-orm/migrations';

/** QR codes of the links API (docs/links.md, "QR codes"): what they encode and their colours; the PNG is drawn on demand. */
export class Migration20261125002020QrCodes extends Migration {
  override up(): void {
    this.addSql(`
      create table link_qr_code (
        id varchar(40) primary key,
        account_id varchar(40) not null references account (id),
        environment varchar(4) not null check (environment in ('live', 'test')),
        link_id varchar(40) references link (id) on delete set null,
        target_url text not null,
        label varchar(200),
        fg_color char(7) not null,
        bg_color char(7) not null,
        created_at timestamptz not null
      )`);
    this.addSql('create index link_qr_code_account_idx on link_qr_code (account_id, environment, id desc)');
  }

  override down(): void {
    this.addSql('drop table link_qr_code');
  }
}
