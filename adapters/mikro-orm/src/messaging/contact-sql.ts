import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { ContactMember, ContactMemberWrite } from '@tuma/messaging';
import type { ContactListTable, ContactTable } from '../database/tables.ts';
import { textsOf } from '../database/bound-texts.ts';

/**
 * The statements of MikroOrmContactListRepository the query builder cannot say plainly, as Kysely
 * `sql` templates (values as bind parameters). Batches of members and list ids travel as one JSON
 * parameter each, so a statement's size does not depend on PostgreSQL's limit of bind parameters.
 */

/** Members written per statement: 5,000 members are about half a megabyte of JSON. */
export const MEMBER_WRITE_CHUNK = 5000;

type ListId = Pick<Selectable<ContactListTable>, 'id'>;

/**
 * Adds or updates a batch of members, new numbers in the order given (their `position` is drawn in
 * that order); a listed number keeps its position and `created_at`. Counts come from `xmax`, which
 * is 0 exactly for a row this statement inserted.
 */
export const addMembers = (listId: number, at: string, members: readonly ContactMember[]): RawBuilder<ContactMemberWrite> => sql`
  with written as (
    insert into contact (list_id, phone, country, name, vars, created_at, updated_at)
    select ${listId}::bigint, m->>0, m->>1, m->>2, m->3, ${at}::timestamptz, ${at}::timestamptz
    from jsonb_array_elements(${JSON.stringify(members.map((m) => [m.phone, m.country, m.name, m.vars]))}::jsonb) with ordinality as batch(m, ord)
    order by batch.ord
    on conflict (list_id, phone) do update set name = excluded.name, vars = excluded.vars, updated_at = excluded.updated_at
    returning xmax = 0 as inserted
  )
  select (count(*) filter (where inserted))::int as added, (count(*) filter (where not inserted))::int as updated from written`;

/** Deletes a member of the account's list and moves the list's `updated_at`; a row back when it did. */
export const removeMember = (listId: number, accountId: string, phone: string, at: string): RawBuilder<ListId> => sql`
  with removed as (
    delete from contact c using contact_list l
    where c.list_id = l.id and l.id = ${listId} and l.account_id = ${accountId} and c.phone = ${phone}
    returning c.list_id
  )
  update contact_list set updated_at = ${at}::timestamptz where id in (select list_id from removed) returning id`;

/** Which of the list ids are the account's. */
export const ownedLists = (accountId: string, ids: readonly number[]): RawBuilder<ListId> => sql`
  select l.id::text as id from contact_list l
  where l.account_id = ${accountId} and l.id in (select ${textsOf(ids)}::bigint)`;

/** The members of the lists, list by list in the order given, each in insertion order. */
export const membersOf = (ids: readonly number[]): RawBuilder<Pick<Selectable<ContactTable>, 'phone' | 'country' | 'name' | 'vars'>> => sql`
  select c.phone, c.country, c.name, c.vars
  from ${textsOf(ids)} with ordinality as wanted(id, ord)
  join contact c on c.list_id = wanted.id::bigint
  order by wanted.ord, c.position`;
