import {
  CONTACT_IMPORT_ERRORS_SHOWN,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_LIST_DESCRIPTION_MAX_LENGTH,
  CONTACT_LIST_NAME_MAX_LENGTH,
  CONTACT_LISTS_DEFAULT_LIMIT,
  CONTACT_LISTS_MAX_LIMIT,
  CONTACT_MAX_VARS,
  CONTACT_MEMBERS_DEFAULT_LIMIT,
  CONTACT_MEMBERS_MAX_LIMIT,
  CONTACT_MEMBERS_PER_CALL,
  CONTACT_NAME_MAX_LENGTH,
  isNumberingCountry,
  PHONE_COLUMN_NAMES,
  type AddContactMembers,
  type ContactList,
  type CreateContactList,
  type DeleteContactList,
  type GetContactList,
  type ImportContacts,
  type ListContactLists,
  type ListContactMembers,
  type RemoveContactMember,
  type StoredContactMember,
  type UpdateContactList,
} from '@tuma/messaging';
import { z } from 'zod';
import { positiveIdParam } from '../../http/id-param.ts';
import { located } from '../../http/located.ts';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface ContactListUseCases {
  readonly listContactLists: ListContactLists;
  readonly createContactList: CreateContactList;
  readonly getContactList: GetContactList;
  readonly updateContactList: UpdateContactList;
  readonly deleteContactList: DeleteContactList;
  readonly listContactMembers: ListContactMembers;
  readonly addContactMembers: AddContactMembers;
  readonly removeContactMember: RemoveContactMember;
  readonly importContacts: ImportContacts;
}

/** The largest CSV body `POST /api/contacts/lists/{id}/import` reads (100,000 rows of 160 bytes). */
export const CONTACT_IMPORT_MAX_BYTES = 16 * 1024 * 1024;

const contactListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().describe('Last change of the list or of its members'),
});

export const contactListView = (list: ContactList): z.infer<typeof contactListSchema> => ({
  id: list.id,
  name: list.name,
  description: list.description,
  member_count: list.memberCount,
  created_at: list.createdAt.toISOString(),
  updated_at: list.updatedAt.toISOString(),
});

const varsSchema = z.record(z.string(), z.string());

const memberSchema = z.object({
  phone: z.string().describe('E.164'),
  country: z.string().describe('ISO 3166-1 alpha-2 of the number'),
  name: z.string().nullable(),
  vars: varsSchema.describe('Filled into {{key}} placeholders of bulk sends'),
  created_at: z.string(),
});

export const contactMemberView = (member: StoredContactMember): z.infer<typeof memberSchema> => ({
  phone: member.phone,
  country: member.country,
  name: member.name,
  vars: member.vars,
  created_at: member.createdAt.toISOString(),
});

const NAME = `1 to ${CONTACT_LIST_NAME_MAX_LENGTH} characters, trimmed; unique per account in any case`;
const DESCRIPTION = `At most ${CONTACT_LIST_DESCRIPTION_MAX_LENGTH} characters; blank or null for none`;

/** Lengths and variable names are checked by the domain, which names every bad field. */
const createBody = z.strictObject({
  name: z.string().describe(NAME),
  description: z.string().nullable().optional().describe(DESCRIPTION),
});

const patchBody = z.strictObject({
  name: z.string().optional().describe(NAME),
  description: z.string().nullable().optional().describe(`${DESCRIPTION}; null removes it`),
});

const membersBody = z.strictObject({
  members: z
    .array(
      z.strictObject({
        phone: z.string().describe('International format (+254..., 00254...)'),
        name: z.string().nullable().optional().describe(`At most ${CONTACT_NAME_MAX_LENGTH} characters`),
        vars: varsSchema
          .optional()
          .describe(`At most ${CONTACT_MAX_VARS}; keys of 1 to 40 letters, digits and _ (not starting with a digit), not name or phone`),
      }),
    )
    .describe(`1 to ${CONTACT_MEMBERS_PER_CALL} members; a number already in the list gets the new name and vars`),
});

const membersAddedSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), input: z.string(), reason: z.string().describe('As number validation gives it') })),
});

const importSchema = z.object({
  imported: z.number().int().describe('Members written: distinct numbers of the rows without errors'),
  added: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int().describe('Rows whose number an earlier row had (the last row wins)'),
  error_count: z.number().int(),
  encoding: z.string().describe('How the file was read: its charset, its byte-order mark, UTF-8, else windows-1252 (docs/contacts.md)'),
  errors: z
    .array(z.object({ row: z.number().int().describe('1 is the header'), value: z.string(), reason: z.string() }))
    .describe(`The first ${CONTACT_IMPORT_ERRORS_SHOWN} rows left out`),
});

const listParams = z.object({ id: positiveIdParam('contact list id') });
const memberParams = listParams.extend({ phone: z.string().min(1).max(64).describe('E.164, URL-encoded (%2B254...); the + may be left out') });

/** Saved lists hold real people's numbers and names: live data, live keys only (docs/contacts.md, "Test keys"). */
const READ = { anyScope: ['query', 'send'], liveKeysOnly: true } as const;
const WRITE = { anyScope: ['send'], liveKeysOnly: true } as const;
const TAG = 'Contact lists';
const NOT_YOURS = { description: 'No contact list with this id in the account' };
const NAME_TAKEN = { description: 'The account has another contact list of this name' };

/** The account's saved contact lists and their members, under `/api/contacts/lists`. */
export function contactListRoutes(useCases: ContactListUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/contacts/lists',
      summary: 'The contact lists, newest first',
      tag: TAG,
      access: READ,
      query: z.object({ limit: z.coerce.number().int().min(1).max(CONTACT_LISTS_MAX_LIMIT).default(CONTACT_LISTS_DEFAULT_LIMIT) }),
      responses: { 200: { description: 'At most `limit` lists', schema: z.object({ contact_lists: z.array(contactListSchema) }) } },
      handler: async ({ principal, query }) => {
        const lists = unwrap(await useCases.listContactLists.execute({ accountId: principal.account.id, limit: query.limit }));
        return json(200, { contact_lists: lists.map(contactListView) });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/contacts/lists',
      summary: 'Create an empty contact list',
      tag: TAG,
      access: WRITE,
      body: createBody,
      responses: { 201: { description: 'The list', schema: contactListSchema }, 409: NAME_TAKEN },
      handler: async ({ principal, body }) => {
        const result = await useCases.createContactList.execute({ accountId: principal.account.id, name: body.name, description: body.description ?? null });
        return json(201, contactListView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/contacts/lists/:id',
      summary: 'One contact list',
      tag: TAG,
      access: READ,
      params: listParams,
      responses: { 200: { description: 'The list', schema: contactListSchema }, 404: NOT_YOURS },
      handler: async ({ principal, params }) => json(200, contactListView(unwrap(await useCases.getContactList.execute({ accountId: principal.account.id, id: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/contacts/lists/:id',
      summary: "Change a contact list's name and/or description",
      tag: TAG,
      access: WRITE,
      params: listParams,
      body: patchBody,
      responses: { 200: { description: 'The list as changed', schema: contactListSchema }, 404: NOT_YOURS, 409: NAME_TAKEN },
      handler: async ({ principal, params, body }) => {
        const result = await useCases.updateContactList.execute({ accountId: principal.account.id, id: params.id, ...body });
        return json(200, contactListView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/contacts/lists/:id',
      summary: 'Delete a contact list and its members',
      tag: TAG,
      access: WRITE,
      params: listParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
      handler: async ({ principal, params }) => {
        unwrap(await useCases.deleteContactList.execute({ accountId: principal.account.id, id: params.id }));
        return noContent();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/contacts/lists/:id/members',
      summary: "A page of a list's members, in the order they were added",
      tag: TAG,
      access: READ,
      params: listParams,
      query: z.object({
        page: z.coerce.number().int().min(0).default(0).describe('0-based'),
        limit: z.coerce.number().int().min(1).max(CONTACT_MEMBERS_MAX_LIMIT).default(CONTACT_MEMBERS_DEFAULT_LIMIT),
      }),
      responses: {
        200: {
          description: 'One page',
          schema: z.object({ members: z.array(memberSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
        },
        404: NOT_YOURS,
      },
      handler: async ({ principal, params, query }) => {
        const result = await useCases.listContactMembers.execute({ accountId: principal.account.id, listId: params.id, page: query.page, limit: query.limit });
        const { members, total } = unwrap(result);
        return json(200, { members: members.map(contactMemberView), total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/contacts/lists/:id/members',
      summary: 'Add members to a list (a number already in it gets the new name and vars)',
      tag: TAG,
      access: WRITE,
      params: listParams,
      body: membersBody,
      responses: { 200: { description: 'What was written; members with an invalid number are left out and listed', schema: membersAddedSchema }, 404: NOT_YOURS },
      handler: async ({ principal, params, body }) => {
        const result = await useCases.addContactMembers.execute({ accountId: principal.account.id, listId: params.id, members: body.members });
        const { added, updated, errors } = unwrap(result);
        return json(200, { added, updated, errors });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/contacts/lists/:id/members/:phone',
      summary: 'Take a number off a list',
      tag: TAG,
      access: WRITE,
      params: memberParams,
      responses: {
        204: { description: 'Removed' },
        400: { description: 'invalid_phone_number: not a number in international format' },
        404: { description: 'No such list in the account, or the number is not in it' },
      },
      handler: async ({ principal, params }) => {
        const result = await useCases.removeContactMember.execute({ accountId: principal.account.id, listId: params.id, phone: params.phone });
        unwrap(result.mapErr(located('path')));
        return noContent();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/contacts/lists/:id/import',
      summary: 'Import members from a CSV file',
      tag: TAG,
      access: WRITE,
      params: listParams,
      query: z.object({
        default_country: z
          .string()
          .toUpperCase()
          .refine(isNumberingCountry, 'Must be an ISO 3166-1 alpha-2 country code')
          .optional()
          .describe('Numbers without + or 00 are national numbers of this country; without it they are errors'),
      }),
      rawBody: { contentTypes: ['text/csv'], limitBytes: CONTACT_IMPORT_MAX_BYTES },
      body: z
        .string()
        .describe(
          `UTF-8 CSV (RFC 4180) with a header row: a phone column (${PHONE_COLUMN_NAMES.join(', ')}), an optional name column, ` +
            `every other column a variable; at most ${CONTACT_IMPORT_MAX_ROWS} data rows`,
        ),
      responses: {
        200: { description: 'What was imported; rows with errors are left out', schema: importSchema },
        404: NOT_YOURS,
        413: { description: `More than ${CONTACT_IMPORT_MAX_ROWS} data rows (too_many_rows), or a body over ${CONTACT_IMPORT_MAX_BYTES} bytes` },
      },
      handler: async ({ principal, params, query, body, koa }) => {
        const result = await useCases.importContacts.execute({ accountId: principal.account.id, listId: params.id, csv: body, defaultCountry: query.default_country });
        const { imported, added, updated, duplicates, errorCount, errors } = unwrap(result);
        return json(200, { imported, added, updated, duplicates, error_count: errorCount, encoding: koa.state.bodyEncoding, errors });
      },
    }),
  ];
}
