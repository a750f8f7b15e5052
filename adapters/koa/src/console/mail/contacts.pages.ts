import { MAIL_CONTACTS_DEFAULT_LIMIT, type MailService, type MailContactChanges } from '@tuma/mail';
import { HttpError } from '../../http/http-error.ts';
import { decodeText } from '../../http/text-encoding.ts';
import { unwrap } from '../../http/unwrap.ts';
import { contactListView, contactView } from '../../apis/mail/contact-views.ts';
import { contactListBody, MAIL_CONTACT_IMPORT_MAX_BYTES } from '../../apis/mail/contacts.routes.ts';
import { checkedBy, fieldRefusal, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import type { FormErrors } from '../layout/form.ts';
import { mailContactListsView, mailContactListView, mailContactView, type MailContactListPage, type MailContactValues } from './contact-views.ts';
import { href } from '../layout/view-context.ts';

export type MailContactPageUseCases = Pick<MailService, 'createMailContactList' | 'listMailContactLists' | 'getMailContactList' | 'renameMailContactList' | 'deleteMailContactList' | 'addMailContact' | 'importMailContacts' | 'listMailContacts' | 'getMailContact' | 'updateMailContact' | 'deleteMailContact'>;

/** The lists a page shows (the API pages them by cursor; an account has few). */
const LISTS_SHOWN = 100;
const LIST_ID = /^cl_[0-9A-Z]{26}$/;

/** The path's list id, or 404 (as the API's `listParams`). */
const listIdOf = (request: MemberRequest): string => {
  const id = request.params.id ?? '';
  if (!LIST_ID.test(id)) throw new HttpError(404, 'not_found', 'There is no such contact list in this account.');
  return id;
};

const valuesOf = (form: URLSearchParams): MailContactValues => ({
  email: (form.get('email') ?? '').trim(),
  first_name: form.get('first_name') ?? '',
  last_name: form.get('last_name') ?? '',
  data: form.get('data') ?? '',
});

/** `key=value` lines as the API's `data` object, or the line that is not one. */
function dataOf(text: string): { ok: true; data: Record<string, string> } | { ok: false; line: string } {
  const data: Record<string, string> = {};
  for (const line of text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
    const at = line.indexOf('=');
    if (at <= 0) return { ok: false, line };
    data[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { ok: true, data };
}

/** A contact's names and data as the use case takes them: blank names are none. */
const changesOf = (values: MailContactValues, data: Record<string, string>): MailContactChanges => ({ firstName: values.first_name.trim() || null, lastName: values.last_name.trim() || null, data });

/**
 * Mail › Contacts: lists (created, renamed, deleted), a list's contacts (paged, searched, added,
 * edited, unsubscribed, resubscribed, deleted), a CSV import with each row left out and why; the
 * `/v1/contacts/lists` use cases (docs/mail.md, "Contacts and broadcasts").
 */
export function mailContactPages(contacts: MailContactPageUseCases): ConsolePage[] {
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const ref = (request: MemberRequest) => ({ accountId: request.member.accountId, listId: listIdOf(request) });
  const contactRef = (request: MemberRequest) => ({ ...ref(request), contact: request.params.contact! });

  const renderLists = async (request: MemberRequest, status: number, values?: { name: string }, errors?: FormErrors) => {
    const lists = unwrap(await contacts.listMailContactLists.execute({ accountId: request.member.accountId, limit: LISTS_SHOWN })).items.map(contactListView);
    return html(status, mailContactListsView(request.view, { lists, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  };
  const renderList = async (request: MemberRequest, status: number, extra: Partial<MailContactListPage> = {}) => {
    const list = contactListView(unwrap(await contacts.getMailContactList.execute(ref(request))));
    const q = (request.query.get('q') ?? '').trim().slice(0, 200);
    const page = Math.max(0, Math.min(100_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
    const found = unwrap(await contacts.listMailContacts.execute({ ...ref(request), ...(q ? { q } : {}), offset: page * MAIL_CONTACTS_DEFAULT_LIMIT, limit: MAIL_CONTACTS_DEFAULT_LIMIT }));
    const pages = Math.ceil(found.total / MAIL_CONTACTS_DEFAULT_LIMIT);
    return html(status, mailContactListView(request.view, { list, contacts: found.contacts.map(contactView), total: found.total, q, page, pages, canWrite: canWrite(request), ...extra }));
  };
  const renderContact = async (request: MemberRequest, status: number, values?: MailContactValues, errors?: FormErrors) => {
    const list = contactListView(unwrap(await contacts.getMailContactList.execute(ref(request))));
    const contact = contactView(unwrap(await contacts.getMailContact.execute(contactRef(request))));
    return html(status, mailContactView(request.view, { list, contact, canWrite: canWrite(request), ...(values ? { values } : {}), ...(errors ? { errors } : {}) }));
  };
  const toList = (request: MemberRequest) => redirect(href(request.view, `/mail/contacts/${encodeURIComponent(listIdOf(request))}`));

  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  const write = (path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}) => page('post', path, handle, { roles: BUILDERS, ...extra });

  return [
    page('get', '/mail/contacts', (request) => renderLists(request, 200), { section: 'mail-contacts' }),
    write('/mail/contacts', async (request) => {
      const values = { name: request.form.get('name') ?? '' };
      const checked = checkedBy(contactListBody, values);
      if (!checked.ok) return renderLists(request, checked.status, values, checked.errors);
      const created = await contacts.createMailContactList.execute({ accountId: request.member.accountId, name: checked.value.name });
      if (created.isErr()) {
        const { status, errors } = refusal(created.error, { '': 'name' });
        return renderLists(request, status, values, errors);
      }
      return redirect(href(request.view, `/mail/contacts/${encodeURIComponent(created.value.id)}`));
    }),
    page('get', '/mail/contacts/:id', (request) => renderList(request, 200)),
    write('/mail/contacts/:id/rename', async (request) => {
      const name = request.form.get('name') ?? '';
      const checked = checkedBy(contactListBody, { name });
      if (!checked.ok) return renderList(request, checked.status, { failed: 'rename', values: { email: '', first_name: '', last_name: '', data: '', name }, errors: checked.errors });
      const renamed = await contacts.renameMailContactList.execute({ ...ref(request), name: checked.value.name });
      if (renamed.isErr()) {
        if (renamed.error.type === 'not_found') unwrap(renamed);
        const { status, errors } = refusal(renamed.error, { '': 'name' });
        return renderList(request, status, { failed: 'rename', values: { email: '', first_name: '', last_name: '', data: '', name }, errors });
      }
      request.session.flash({ kind: 'info', text: 'List renamed.' });
      return toList(request);
    }),
    write('/mail/contacts/:id/delete', async (request) => {
      unwrap(await contacts.deleteMailContactList.execute(ref(request)));
      request.session.flash({ kind: 'info', text: 'The contact list is deleted, with its contacts.' });
      return redirect(href(request.view, '/mail/contacts'));
    }),
    write('/mail/contacts/:id/contacts', async (request) => {
      const values = valuesOf(request.form);
      const again = (answer: { status: number; errors: FormErrors }) => renderList(request, answer.status, { failed: 'add', values, errors: answer.errors });
      const data = dataOf(values.data);
      if (!data.ok) return again(fieldRefusal('data', `“${data.line}” is not key=value`));
      const { firstName, lastName } = changesOf(values, data.data);
      const added = await contacts.addMailContact.execute({ ...ref(request), contact: { email: values.email, firstName, lastName, data: data.data } });
      if (added.isErr()) {
        if (added.error.type === 'not_found') unwrap(added);
        return again(refusal(added.error, { firstName: 'first_name', lastName: 'last_name' }));
      }
      request.session.flash({ kind: 'info', text: `${added.value.email} is in the list.` });
      return toList(request);
    }),
    write(
      '/mail/contacts/:id/import',
      async (request) => {
        const file = request.files.get('file');
        if (!file || file.bytes.length === 0) return renderList(request, 422, { failed: 'import', errors: fieldRefusal('file', 'Choose a CSV file').errors });
        const charset = /charset=([^;]+)/i.exec(file.type)?.[1]?.trim();
        const { text, encoding } = decodeText(file.bytes, charset);
        const imported = await contacts.importMailContacts.execute({ ...ref(request), csv: text });
        if (imported.isErr()) {
          if (imported.error.type === 'not_found') unwrap(imported);
          const { status, errors } = refusal(imported.error, { header: 'file', csv: 'file', '': 'file' });
          return renderList(request, status, { failed: 'import', errors });
        }
        return renderList(request, 200, { imported: { ...imported.value, encoding } });
      },
      { uploadLimitBytes: MAIL_CONTACT_IMPORT_MAX_BYTES },
    ),
    page('get', '/mail/contacts/:id/contacts/:contact', (request) => renderContact(request, 200)),
    write('/mail/contacts/:id/contacts/:contact', async (request) => {
      const values = valuesOf(request.form);
      const data = dataOf(values.data);
      if (!data.ok) return renderContact(request, 422, values, fieldRefusal('data', `“${data.line}” is not key=value`).errors);
      const updated = await contacts.updateMailContact.execute({ ...contactRef(request), changes: changesOf(values, data.data) });
      if (updated.isErr()) {
        if (updated.error.type === 'not_found') unwrap(updated);
        const { status, errors } = refusal(updated.error, { firstName: 'first_name', lastName: 'last_name' });
        return renderContact(request, status, values, errors);
      }
      request.session.flash({ kind: 'info', text: 'Contact saved.' });
      return toList(request);
    }),
    ...(['unsubscribe', 'resubscribe'] as const).map((action) =>
      write(`/mail/contacts/:id/contacts/:contact/${action}`, async (request) => {
        const changed = unwrap(await contacts.updateMailContact.execute({ ...contactRef(request), changes: { unsubscribed: action === 'unsubscribe' } }));
        request.session.flash({ kind: 'info', text: action === 'unsubscribe' ? `${changed.email} is unsubscribed: broadcasts skip it.` : `${changed.email} is subscribed again.` });
        return toList(request);
      }),
    ),
    write('/mail/contacts/:id/contacts/:contact/delete', async (request) => {
      unwrap(await contacts.deleteMailContact.execute(contactRef(request)));
      request.session.flash({ kind: 'info', text: 'Contact taken off the list.' });
      return toList(request);
    }),
  ];
}
