import { EMAIL_COLUMN_NAMES, MAIL_CONTACT_IMPORT_ERRORS_SHOWN, MAIL_CONTACT_IMPORT_MAX_ROWS, MAIL_CONTACT_LIST_NAME_MAX_LENGTH, MAIL_CONTACT_MAX_DATA, MAIL_CONTACT_NAME_MAX_LENGTH, MAIL_CONTACTS_DEFAULT_LIMIT, MAIL_CONTACTS_MAX_LIMIT, MAIL_CONTACTS_PER_CALL, type MailService, type MailContactInput } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { MAIL_MANAGE, MAIL_READ } from './access.ts';
import { contactListSchema, contactListView, contactSchema, contactView } from './contact-views.ts';

export type MailContactUseCases = Pick<MailService, 'createMailContactList' | 'listMailContactLists' | 'getMailContactList' | 'renameMailContactList' | 'deleteMailContactList' | 'addMailContacts' | 'addMailContact' | 'importMailContacts' | 'listMailContacts' | 'getMailContact' | 'updateMailContact' | 'deleteMailContact'>;

/** The largest CSV body an import reads: 100,000 rows of 160 bytes, as the SMS lists' import. */
export const MAIL_CONTACT_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
const PAGE_MAX = 100;
const TAG = 'Contacts';
const LIST_NOT_YOURS = { description: 'No contact list with this id in the account', errorCodes: ['not_found'] };
const NOT_YOURS = { description: 'No such contact list in the account, or no such contact in it', errorCodes: ['not_found'] };
const NAME_TAKEN = { description: 'The account has another contact list of this name', errorCodes: ['conflict'] };

const listId = z.string().regex(/^cl_[0-9A-Z]{26}$/, 'Must be a contact list id (cl_...)').describe('The contact list id');
const listParams = z.object({ id: listId });
const contactParams = listParams.extend({ contact: z.string().min(1).max(254).describe('The contact id (ct_...) or its address, URL-encoded, case aside') });
const listName = z.string().max(1000).describe(`1 to ${MAIL_CONTACT_LIST_NAME_MAX_LENGTH} characters once trimmed; unique per account in any case`);

/** The body of creating or renaming a list (the console's forms are checked by it too). */
export const contactListBody = z.strictObject({ name: listName });

const name = z.string().max(1000).nullable().optional().describe(`At most ${MAIL_CONTACT_NAME_MAX_LENGTH} characters; null or blank for none`);
const data = z.record(z.string(), z.string()).optional().describe(`At most ${MAIL_CONTACT_MAX_DATA} keys of 1 to 40 letters, digits and _ (not starting with a digit); values up to 500 characters`);
const contactBody = z.strictObject({
  email: z.string().max(1000),
  first_name: name,
  last_name: name,
  data,
  unsubscribed: z.boolean().optional().describe('Given: set; absent: kept (new contacts are subscribed)'),
});
const addBody = z.union([contactBody, z.strictObject({ contacts: z.array(contactBody).max(MAIL_CONTACTS_PER_CALL).describe(`1 to ${MAIL_CONTACTS_PER_CALL} contacts`) })]);
const patchBody = z.strictObject({ first_name: name, last_name: name, data, unsubscribed: z.boolean().optional() });

const asInput = (body: z.infer<typeof contactBody>): MailContactInput => ({
  email: body.email,
  ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
  ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
  ...(body.data === undefined ? {} : { data: body.data }),
  ...(body.unsubscribed === undefined ? {} : { unsubscribed: body.unsubscribed }),
});

const importSchema = z.object({
  imported: z.number().int().describe('Contacts written: distinct addresses of the rows without errors'),
  added: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int().describe('Rows whose address an earlier row had (the last row wins)'),
  error_count: z.number().int(),
  encoding: z.string().describe('How the file was read: its charset, its byte-order mark, UTF-8, else windows-1252 (docs/contacts.md)'),
  errors: z.array(z.object({ row: z.number().int().describe('1 is the header'), value: z.string(), reason: z.string() })).describe(`The first ${MAIL_CONTACT_IMPORT_ERRORS_SHOWN} rows left out`),
});

/** `/v1/contacts/lists`: the account's lists of mail contacts and the contacts in them (docs/mail.md, "Contacts and broadcasts"). */
export function mailContactRoutes(contacts: MailContactUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/contacts/lists',
      summary: 'Create an empty contact list',
      tag: TAG,
      access: MAIL_MANAGE,
      body: contactListBody,
      responses: { 201: { description: 'The list', schema: contactListSchema }, 409: NAME_TAKEN },
      handler: async ({ caller, body }) => json(201, contactListView(unwrap(await contacts.createMailContactList.execute({ accountId: caller.account.id, name: body.name })))),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/contacts/lists',
      summary: "The account's contact lists, newest first",
      tag: TAG,
      access: MAIL_READ,
      query: z.object({ cursor: listId.optional().describe('next_cursor of the previous page'), limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(20) }),
      responses: { 200: { description: 'A page of lists', schema: z.object({ data: z.array(contactListSchema), next_cursor: z.string().nullable() }) } },
      handler: async ({ caller, query }) => {
        const page = unwrap(await contacts.listMailContactLists.execute({ accountId: caller.account.id, after: query.cursor, limit: query.limit }));
        return json(200, { data: page.items.map(contactListView), next_cursor: page.next });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/contacts/lists/:id',
      summary: 'One contact list, with its counts',
      tag: TAG,
      access: MAIL_READ,
      params: listParams,
      responses: { 200: { description: 'The list', schema: contactListSchema }, 404: LIST_NOT_YOURS },
      handler: async ({ caller, params }) => json(200, contactListView(unwrap(await contacts.getMailContactList.execute({ accountId: caller.account.id, listId: params.id })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/contacts/lists/:id',
      summary: 'Rename a contact list',
      tag: TAG,
      access: MAIL_MANAGE,
      params: listParams,
      body: contactListBody,
      responses: { 200: { description: 'The list as changed', schema: contactListSchema }, 404: LIST_NOT_YOURS, 409: NAME_TAKEN },
      handler: async ({ caller, params, body }) => json(200, contactListView(unwrap(await contacts.renameMailContactList.execute({ accountId: caller.account.id, listId: params.id, name: body.name })))),
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/contacts/lists/:id',
      summary: 'Delete a contact list and its contacts (its broadcasts keep their history)',
      tag: TAG,
      access: MAIL_MANAGE,
      params: listParams,
      responses: { 204: { description: 'Deleted' }, 404: LIST_NOT_YOURS },
      handler: async ({ caller, params }) => {
        unwrap(await contacts.deleteMailContactList.execute({ accountId: caller.account.id, listId: params.id }));
        return noContent();
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/contacts/lists/:id/contacts',
      summary: 'Add one contact, or up to 1,000 as {contacts}; an address already in the list (any case) gets the new names and data',
      tag: TAG,
      access: MAIL_MANAGE,
      params: listParams,
      body: addBody,
      responses: {
        200: {
          description: 'One contact: the contact as stored. A batch: what was written; contacts whose address is not one are left out and listed',
          schema: z.union([
            contactSchema,
            z.object({ added: z.number().int(), updated: z.number().int(), errors: z.array(z.object({ index: z.number().int(), input: z.string(), reason: z.literal('invalid_email') })) }),
          ]),
        },
        404: LIST_NOT_YOURS,
      },
      handler: async ({ caller, params, body }) => {
        const list = { accountId: caller.account.id, listId: params.id };
        if ('contacts' in body) {
          const { added, updated, errors } = unwrap(await contacts.addMailContacts.execute({ ...list, contacts: body.contacts.map(asInput) }));
          return json(200, { added, updated, errors });
        }
        return json(200, contactView(unwrap(await contacts.addMailContact.execute({ ...list, contact: asInput(body) }))));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/contacts/lists/:id/contacts/import',
      summary: 'Import contacts from a CSV file',
      tag: TAG,
      access: MAIL_MANAGE,
      params: listParams,
      rawBody: { contentTypes: ['text/csv'], limitBytes: MAIL_CONTACT_IMPORT_MAX_BYTES },
      body: z
        .string()
        .describe(
          `CSV (RFC 4180) with a header row: an email column (${EMAIL_COLUMN_NAMES.join(', ')}), optional first_name and last_name columns, ` +
            `every other column a data key; at most ${MAIL_CONTACT_IMPORT_MAX_ROWS} data rows`,
        ),
      responses: {
        200: { description: 'What was imported; rows with errors are left out', schema: importSchema },
        404: LIST_NOT_YOURS,
        413: { description: `More than ${MAIL_CONTACT_IMPORT_MAX_ROWS} data rows (too_many_rows), or a body over ${MAIL_CONTACT_IMPORT_MAX_BYTES} bytes`, errorCodes: ['too_many_rows', 'payload_too_large'] },
      },
      handler: async ({ caller, params, body, koa }) => {
        const result = await contacts.importMailContacts.execute({ accountId: caller.account.id, listId: params.id, csv: body });
        const { imported, added, updated, duplicates, errorCount, errors } = unwrap(result);
        return json(200, { imported, added, updated, duplicates, error_count: errorCount, encoding: koa.state.bodyEncoding, errors });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/contacts/lists/:id/contacts',
      summary: "A page of a list's contacts, in the order they were added",
      tag: TAG,
      access: MAIL_READ,
      params: listParams,
      query: z.object({
        q: z.string().min(1).max(200).optional().describe('Text in the address, first or last name, case aside'),
        unsubscribed: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
        page: z.coerce.number().int().min(0).max(100_000).default(0).describe('From 0'),
        limit: z.coerce.number().int().min(1).max(MAIL_CONTACTS_MAX_LIMIT).default(MAIL_CONTACTS_DEFAULT_LIMIT),
      }),
      responses: {
        200: { description: 'One page', schema: z.object({ data: z.array(contactSchema), total: z.number().int().describe('Contacts matching'), page: z.number().int(), limit: z.number().int() }) },
        404: LIST_NOT_YOURS,
      },
      handler: async ({ caller, params, query }) => {
        const page = unwrap(await contacts.listMailContacts.execute({ accountId: caller.account.id, listId: params.id, q: query.q, unsubscribed: query.unsubscribed, offset: query.page * query.limit, limit: query.limit }));
        return json(200, { data: page.contacts.map(contactView), total: page.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/contacts/lists/:id/contacts/:contact',
      summary: 'One contact, by id or address',
      tag: TAG,
      access: MAIL_READ,
      params: contactParams,
      responses: { 200: { description: 'The contact', schema: contactSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => json(200, contactView(unwrap(await contacts.getMailContact.execute({ accountId: caller.account.id, listId: params.id, contact: params.contact })))),
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/contacts/lists/:id/contacts/:contact',
      summary: "Change a contact's names, data or unsubscribed",
      tag: TAG,
      access: MAIL_MANAGE,
      params: contactParams,
      body: patchBody,
      responses: { 200: { description: 'The contact as changed', schema: contactSchema }, 404: NOT_YOURS },
      handler: async ({ caller, params, body }) => {
        const changes = {
          ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
          ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
          ...(body.data === undefined ? {} : { data: body.data }),
          ...(body.unsubscribed === undefined ? {} : { unsubscribed: body.unsubscribed }),
        };
        return json(200, contactView(unwrap(await contacts.updateMailContact.execute({ accountId: caller.account.id, listId: params.id, contact: params.contact, changes }))));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/contacts/lists/:id/contacts/:contact',
      summary: 'Take a contact off a list',
      tag: TAG,
      access: MAIL_MANAGE,
      params: contactParams,
      responses: { 204: { description: 'Removed' }, 404: NOT_YOURS },
      handler: async ({ caller, params }) => {
        unwrap(await contacts.deleteMailContact.execute({ accountId: caller.account.id, listId: params.id, contact: params.contact }));
        return noContent();
      },
    }),
  ];
}
