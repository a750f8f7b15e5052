import { Migration } from '@mikro-orm/migrations';

/**
 * Inbound (MO) messages (docs/inbound.md). `account_id` is null for a message from a number no
 * account messaged. A carrier message id is stored once per carrier (the partial unique index makes
 * repeated deliveries idempotent). Attribution asks for the newest live message to a number of any
 * account: `message_live_phone_idx` answers it from the index. Ids sort with the "C" collation, as
 * the domain compares them.
 */
export class Migration20261121000013Inbound extends Migration {
  override up(): void {
    this.addSql(`
      create table inbound_message (
        id varchar(40) primary key,
        account_id varchar(40) references account (id),
        phone varchar(16) not null check (phone ~ '^\\+[1-9][0-9]{1,14}$'),
        recipient varchar(32) not null check (recipient <> ''),
        text text not null,
        carrier varchar(64) not null check (carrier <> ''),
        carrier_message_id varchar(128) check (carrier_message_id <> ''),
        received_at timestamptz not null
      )`);
    this.addSql('create unique index inbound_message_carrier_id_idx on inbound_message (carrier, carrier_message_id) where carrier_message_id is not null');
    this.addSql(
      'create index inbound_message_account_phone_idx on inbound_message (account_id, phone, received_at desc, id collate "C" desc) where account_id is not null',
    );
    this.addSql(`create index message_live_phone_idx on message (phone, created_at desc, id collate "C" desc) where environment = 'live'`);
  }

  override down(): void {
    this.addSql('drop index message_live_phone_idx');
    this.addSql('drop table inbound_message');
  }
}
