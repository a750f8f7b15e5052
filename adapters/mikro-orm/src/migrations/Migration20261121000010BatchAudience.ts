import { Migration } from '@mikro-orm/migrations';

/**
 * The members of a batch kept until its dispatch jobs write them as messages (docs/messages.md,
 * "Bulk send"): one row per chunk of 500 positions, its members as compact JSON text (parsed only
 * when the chunk is written), so a 100k-member send-bulk writes 200 rows instead of 100k messages.
 */
export class Migration20261121000010BatchAudience extends Migration {
  override up(): void {
    this.addSql(`
      create table message_batch_chunk (
        batch_id varchar(40) not null references message_batch (id),
        from_seq integer not null,
        to_seq integer not null,
        members text not null,
        primary key (batch_id, from_seq),
        check (to_seq >= from_seq)
      )`);
    // Short-lived rows: not worth compressing on the request's path.
    this.addSql('alter table message_batch_chunk alter column members set storage external');
  }

  override down(): void {
    this.addSql('drop table message_batch_chunk');
  }
}
