/**
 * The statements of MikroOrmMailContactRepository, with `?` placeholders. Batches of contacts
 * travel as one JSON parameter each (bound, not inlined: `executeBound`), as the SMS lists' do
 * (contact-sql.ts), so no statement approaches PostgreSQL's limit of bind parameters.
 */

/** Contacts written per statement. */
export const CONTACT_WRITE_CHUNK = 5000;

export const LIST_COLUMNS = `l.id, l.account_id, l.name, l.created_at::text as created_at, l.updated_at::text as updated_at,
  (select count(*)::int from mail_contact c where c.list_id = l.id) as contact_count,
  (select count(*)::int from mail_contact c where c.list_id = l.id and c.unsubscribed) as unsubscribed_count`;

export const CONTACT_COLUMNS = 'c.id, c.list_id, c.email, c.first_name, c.last_name, c.data::text as data, c.unsubscribed, c.created_at::text as created_at, c.updated_at::text as updated_at';

/** A taken name (by `lower(name)`, per account) makes the insert do nothing, even against a concurrent insert. */
export const INSERT_LIST = `
  insert into mail_contact_list (id, account_id, name, created_at, updated_at) values (?, ?, ?, ?::timestamptz, ?::timestamptz)
  on conflict (account_id, lower(name)) do nothing returning id`;

/** Moves the list's `updated_at`, locking its row to the end of the transaction. Parameters: time, list id, account id. */
export const TOUCH_LIST = 'update mail_contact_list set updated_at = ?::timestamptz where id = ? and account_id = ? returning id';

/**
 * Adds or updates a batch of contacts, a JSON array of `[id, email, first_name, last_name, data]`,
 * new addresses in the order given (`position` drawn in that order); a listed address keeps its
 * id, position, `created_at` and `unsubscribed`. `xmax` is 0 exactly for a row this statement
 * inserted. Parameters: list id, created_at, updated_at, contacts.
 */
export const UPSERT_CONTACTS = `
  with written as (
    insert into mail_contact (id, list_id, email, first_name, last_name, data, created_at, updated_at)
    select c->>0, ?, c->>1, c->>2, c->>3, c->4, ?::timestamptz, ?::timestamptz
    from jsonb_array_elements(?::jsonb) with ordinality as batch(c, ord)
    order by batch.ord
    on conflict (list_id, email) do update set first_name = excluded.first_name, last_name = excluded.last_name, data = excluded.data, updated_at = excluded.updated_at
    returning xmax = 0 as inserted
  )
  select (count(*) filter (where inserted))::int as added, (count(*) filter (where not inserted))::int as updated from written`;

/** Sets `unsubscribed` of the addresses given with it, a JSON array of `[email, boolean]`. Parameters: list id, contacts. */
export const SET_UNSUBSCRIBED = `
  update mail_contact c set unsubscribed = (v->>1)::boolean
  from jsonb_array_elements(?::jsonb) as v
  where c.list_id = ? and c.email = v->>0`;

/** Marks a contact unsubscribed (its `updated_at` moves only when it changes); a row back when the contact exists. Parameters: time, id. */
export const UNSUBSCRIBE = `
  update mail_contact set updated_at = case when unsubscribed then updated_at else ?::timestamptz end, unsubscribed = true
  where id = ? returning id`;
