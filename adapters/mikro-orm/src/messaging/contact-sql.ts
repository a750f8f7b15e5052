/**
 * The statements of MikroOrmContactListRepository, with `?` placeholders for `em.execute` (and
 * `executeBound`). Batches of members and list ids travel as one JSON parameter each, so a
 * statement's size does not depend on PostgreSQL's limit of bind parameters.
 */

/** Members written per statement: 5,000 members are about half a megabyte of JSON. */
export const MEMBER_WRITE_CHUNK = 5000;

/** A taken name (by `lower(name)`, per account) makes the insert do nothing, even against a concurrent insert. */
export const INSERT_LIST = `
  insert into contact_list (account_id, name, description, created_at, updated_at)
  values (?, ?, ?, ?::timestamptz, ?::timestamptz)
  on conflict (account_id, lower(name)) do nothing
  returning id::text as id`;

/** Parameters: list id, account id. */
export const LIST_EXISTS = `select 1 as found from contact_list where id = ? and account_id = ?`;

/** Moves the list's `updated_at`, locking its row to the end of the transaction. Parameters: time, list id, account id. */
export const TOUCH_LIST = `update contact_list set updated_at = ?::timestamptz where id = ? and account_id = ? returning id`;

/**
 * Adds or updates a batch of members, given as a JSON array of `[phone, country, name, vars]`,
 * new numbers in the order given (their `position` is drawn in that order); a listed number keeps
 * its position and `created_at`. Counts come from `xmax`, which is 0 exactly for a row this
 * statement inserted. Run through `executeBound` (the batch is megabytes). Parameters: list id,
 * created_at, updated_at, members.
 */
export const ADD_MEMBERS = `
  with written as (
    insert into contact (list_id, phone, country, name, vars, created_at, updated_at)
    select ?::bigint, m->>0, m->>1, m->>2, m->3, ?::timestamptz, ?::timestamptz
    from jsonb_array_elements(?::jsonb) with ordinality as batch(m, ord)
    order by batch.ord
    on conflict (list_id, phone) do update set name = excluded.name, vars = excluded.vars, updated_at = excluded.updated_at
    returning xmax = 0 as inserted
  )
  select (count(*) filter (where inserted))::int as added, (count(*) filter (where not inserted))::int as updated from written`;

/** Deletes a member of the account's list and moves the list's `updated_at`; a row back when it did. Parameters: list id, account id, phone, time. */
export const REMOVE_MEMBER = `
  with removed as (
    delete from contact c using contact_list l
    where c.list_id = l.id and l.id = ? and l.account_id = ? and c.phone = ?
    returning c.list_id
  )
  update contact_list set updated_at = ?::timestamptz where id in (select list_id from removed) returning id`;

/** Which of a JSON array of list ids are the account's. Parameters: account id, ids. */
export const OWNED_LISTS = `
  select l.id::text as id from contact_list l
  where l.account_id = ? and l.id in (select jsonb_array_elements_text(?::jsonb)::bigint)`;

/** Row shape of MEMBERS_OF; `vars` as JSON text, which every driver hands over alike. */
export interface MemberRow {
  phone: string;
  country: string;
  name: string | null;
  vars: string;
}

/** The members of a JSON array of list ids, list by list in that order, each in insertion order. Parameter: ids. */
export const MEMBERS_OF = `
  select c.phone, c.country, c.name, c.vars::text as vars
  from jsonb_array_elements_text(?::jsonb) with ordinality as wanted(id, ord)
  join contact c on c.list_id = wanted.id::bigint
  order by wanted.ord, c.position`;
