import { Migration } from '@mikro-orm/migrations';

/**
 * The message log of two-way services (docs/two-way.md, "Inbound" and "Replies"): each inbound
 * message to a service (the same id as its `inbound_message` row) and each reply or auto-reply
 * from it (the same id as its `message` row, whose status the log shows). Read newest first per service.
 */
export class Migration20261125000200TwoWayMessages extends Migration {
  override up(): void {
    this.addSql(`
      create table two_way_message (
        id varchar(40) primary key,
        service_id bigint not null references two_way_service (id),
        direction varchar(8) not null check (direction in ('inbound', 'outbound')),
        sender varchar(32) not null,
        recipient varchar(32) not null,
        text text not null,
        keyword varchar(20),
        phone varchar(16) not null,
        status varchar(10) not null,
        billed boolean,
        cost numeric(20, 6) not null check (cost >= 0),
        currency char(3) not null,
        auto_reply boolean not null,
        created_at timestamptz not null,
        check ((direction = 'inbound') = (billed is not null))
      )`);
    this.addSql('create index two_way_message_service_idx on two_way_message (service_id, created_at desc, id collate "C" desc)');
  }

  override down(): void {
    this.addSql('drop table two_way_message');
  }
}
