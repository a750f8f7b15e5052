import { sql } from 'kysely';

/**
 * The bulk statements of MikroOrmMailContactRepository. Batches of contacts travel as one JSON
 * parameter each, as the SMS lists' do (contact-sql.ts), so no statement approaches PostgreSQL's
 * limit of bind parameters.
 */

/** Contacts written per statement. */
export const CONTACT_WRITE_CHUNK = 5000;

/**
 * Adds or updates a batch of contacts, a JSON array of `[id, email, first_name, last_name, data]`,
 * new addresses in the order given (`position` drawn in that order); a listed address keeps its
 * id, position, `created_at` and `unsubscribed`. `xmax` is 0 exactly for a row this statement
 * inserted.
 */
export const upsertContacts = (listId: string, at: string, batch: string) => sql<{ added: number; updated: number }>`
  with written as (
    insert into mail_contact (id, list_id, email, first_name, last_name, data, created_at, updated_at)
    select c->>0, ${listId}, c->>1, c->>2, c->>3, c->4, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_array_elements(${batch}::jsonb) with ordinality as batch(c, ord)
    order by batch.ord
    on conflict (list_id, email) do update set first_name = excluded.first_name, last_name = excluded.last_name, data = excluded.data, updated_at = excluded.updated_at
    returning xmax = 0 as inserted
  )
  select (count(*) filter (where inserted))::int as added, (count(*) filter (where not inserted))::int as updated from written`;

/** Sets `unsubscribed` of the addresses given with it, a JSON array of `[email, boolean]`. */
export const setUnsubscribed = (listId: string, given: string) => sql`
  update mail_contact c set unsubscribed = (v->>1)::boolean
  from jsonb_array_elements(${given}::jsonb) as v
  where c.list_id = ${listId} and c.email = v->>0`;
