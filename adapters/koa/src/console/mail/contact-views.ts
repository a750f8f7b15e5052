import type { MailContactImport } from '@tuma/mail';
import { escapeHtml as e } from '../../http/html.ts';
import type { contactListView, contactView } from '../../apis/mail/contact-views.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { importResultView } from '../layout/import-result.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type MailContactListRow = ReturnType<typeof contactListView>;
export type MailContactRow = ReturnType<typeof contactView>;

/** The contact form's fields, as typed (`data` one `key=value` a line). */
export interface MailContactValues {
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly data: string;
}

export const EMPTY_CONTACT: MailContactValues = { email: '', first_name: '', last_name: '', data: '' };

const listPath = (id: string, rest = '') => `/mail/contacts/${encodeURIComponent(id)}${rest}`;
const contactPath = (listId: string, contactId: string, rest = '') => listPath(listId, `/contacts/${encodeURIComponent(contactId)}${rest}`);
export const dataText = (data: Readonly<Record<string, string>>) => Object.entries(data).map(([key, value]) => `${key}=${value}`).join('\n');

export function mailContactListsView(view: ViewContext, page: { lists: readonly MailContactListRow[]; canWrite: boolean; values?: { name: string }; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'Mail contact lists, newest first',
    [
      { header: 'Name', cell: (list) => `<a href="${href(view, listPath(list.id))}">${e(list.name)}</a>` },
      { header: 'Contacts', cell: (list) => String(list.contact_count) },
      { header: 'Unsubscribed', cell: (list) => String(list.unsubscribed_count) },
      { header: 'Updated', cell: (list) => time(list.updated_at) },
    ],
    page.lists,
    'No contact lists yet.',
  );
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="create-title"><h2 id="create-title">New list</h2>
${form(view, href(view, '/mail/contacts'), field({ name: 'name', label: 'Name', value: page.values?.name, required: true }, errors), 'Create list', errors)}
</section>`
    : '';
  return consolePage(view, 'Mail contacts', 'mail-contacts', `<section class="card">${rows}</section>\n${create}`);
}


const contactFields = (values: MailContactValues, errors: FormErrors, withEmail: boolean) =>
  [
    withEmail ? field({ name: 'email', label: 'Email', type: 'email', value: values.email, required: true, autocomplete: 'off' }, errors) : '',
    field({ name: 'first_name', label: 'First name (optional)', value: values.first_name }, errors),
    field({ name: 'last_name', label: 'Last name (optional)', value: values.last_name }, errors),
    field({ name: 'data', label: 'Data (optional)', value: values.data, multiline: true, hint: 'One key=value a line, filled into {{data.key}} placeholders.' }, errors),
  ]
    .filter(Boolean)
    .join('\n');

export interface MailContactListPage {
  readonly list: MailContactListRow;
  readonly contacts: readonly MailContactRow[];
  readonly total: number;
  readonly q: string;
  readonly page: number;
  readonly pages: number;
  readonly canWrite: boolean;
  readonly imported?: MailContactImport & { encoding: string };
  /** Which form the errors and values are of. */
  readonly failed?: 'rename' | 'add' | 'import';
  readonly values?: MailContactValues & { name?: string };
  readonly errors?: FormErrors;
}

export function mailContactListView(view: ViewContext, page: MailContactListPage): string {
  const { list } = page;
  const errorsOf = (which: MailContactListPage['failed']) => (page.failed === which ? (page.errors ?? NO_ERRORS) : NO_ERRORS);
  const action = (contact: MailContactRow, path: string, label: string, danger = false) =>
    buttonForm(view, href(view, contactPath(list.id, contact.id, path)), label, { danger, accessibleName: `${label} ${contact.email}` });
  const rows = table(
    page.q ? `Contacts matching “${page.q}” (${page.total})` : `Contacts (${page.total})`,
    [
      { header: 'Email', cell: (c) => `<a href="${href(view, contactPath(list.id, c.id))}">${e(c.email)}</a>` },
      { header: 'Name', cell: (c) => e([c.first_name, c.last_name].filter(Boolean).join(' ')) },
      { header: 'Data', cell: (c) => e(dataText(c.data).replace(/\n/g, ', ')) },
      { header: 'Status', cell: (c) => (c.unsubscribed ? badge('unsubscribed', 'bad') : badge('subscribed', 'ok')) },
      {
        header: 'Actions',
        cell: (c) => (page.canWrite ? `<span class="actions">${c.unsubscribed ? action(c, '/resubscribe', 'Resubscribe') : action(c, '/unsubscribe', 'Unsubscribe')} ${action(c, '/delete', 'Delete', true)}</span>` : ''),
      },
    ],
    page.contacts,
    page.q ? 'No contact matches.' : 'No contacts yet: add one or import a CSV file.',
  );
  const query = (at: number) => `${listPath(list.id)}?page=${at}${page.q ? `&q=${encodeURIComponent(page.q)}` : ''}`;
  const pager =
    page.pages > 1
      ? `<nav aria-label="Contact pages"><p>${page.page > 0 ? `<a href="${href(view, query(page.page - 1))}">Previous</a>` : ''} Page ${page.page + 1} of ${page.pages} ${
          page.page + 1 < page.pages ? `<a href="${href(view, query(page.page + 1))}">Next</a>` : ''
        }</p></nav>`
      : '';
  const search = `<form method="get" action="${href(view, listPath(list.id))}" role="search" class="actions">
<label for="f-q" class="visually-hidden">Search contacts</label><input type="text" id="f-q" name="q" value="${e(page.q)}" placeholder="Address or name">
<button type="submit" class="secondary">Search</button></form>`;
  const values = page.values ?? { ...EMPTY_CONTACT, name: list.name };
  const writes = page.canWrite
    ? `<section class="card" aria-labelledby="add-title"><h2 id="add-title">Add a contact</h2>
<p class="muted">An address already in the list (any case) gets the names and data given here.</p>
${form(view, href(view, listPath(list.id, '/contacts')), contactFields(page.failed === 'add' ? values : EMPTY_CONTACT, errorsOf('add'), true), 'Add contact', errorsOf('add'))}
</section>
<section class="card" aria-labelledby="import-title"><h2 id="import-title">Import a CSV file</h2>
<p class="muted">A header row with an email column (email, e-mail, email_address…), optional first_name and last_name columns; every other column becomes data for {{data.key}} placeholders. Read in its charset, its byte-order mark, UTF-8, else Windows-1252.</p>
${form(view, href(view, listPath(list.id, '/import')), field({ name: 'file', label: 'CSV file', type: 'file', required: true, extra: 'accept=".csv,text/csv"' }, errorsOf('import')), 'Import', errorsOf('import'), 'enctype="multipart/form-data"')}
</section>
<section class="card" aria-labelledby="rename-title"><h2 id="rename-title">Rename or delete</h2>
${form(view, href(view, listPath(list.id, '/rename')), field({ name: 'name', label: 'List name', value: page.failed === 'rename' ? values.name : list.name, required: true }, errorsOf('rename')), 'Rename list', errorsOf('rename'))}
<p>Deleting the list deletes its contacts; its broadcasts keep their history.</p>
${buttonForm(view, href(view, listPath(list.id, '/delete')), 'Delete this list', { danger: true })}
</section>`
    : '';
  return consolePage(view, list.name, 'mail-contacts', `<p><a href="${href(view, '/mail/contacts')}">← All contact lists</a> · <a href="${href(view, `/mail/broadcasts?list_id=${encodeURIComponent(list.id)}`)}">Send a broadcast to this list</a></p>
${page.imported ? importResultView(page.imported, page.imported.encoding) : ''}
<section class="card"><p>${list.contact_count} contacts, ${list.unsubscribed_count} unsubscribed.</p>${search}
${rows}
${pager}</section>
${writes}`);
}

/** One contact, edited: names, data, subscribed or not. */
export function mailContactView(view: ViewContext, page: { list: MailContactListRow; contact: MailContactRow; canWrite: boolean; values?: MailContactValues; errors?: FormErrors }): string {
  const { list, contact } = page;
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? { email: contact.email, first_name: contact.first_name ?? '', last_name: contact.last_name ?? '', data: dataText(contact.data) };
  const edit = page.canWrite
    ? `<section class="card" aria-labelledby="edit-title"><h2 id="edit-title">Edit</h2>
${form(view, href(view, contactPath(list.id, contact.id)), contactFields(values, errors, false), 'Save contact', errors)}
<p class="actions">${buttonForm(view, href(view, contactPath(list.id, contact.id, contact.unsubscribed ? '/resubscribe' : '/unsubscribe')), contact.unsubscribed ? 'Resubscribe' : 'Unsubscribe')} ${buttonForm(
        view,
        href(view, contactPath(list.id, contact.id, '/delete')),
        'Delete contact',
        { danger: true },
      )}</p>
</section>`
    : '';
  return consolePage(view, contact.email, 'mail-contacts', `<p><a href="${href(view, listPath(list.id))}">← ${e(list.name)}</a></p>
<section class="card"><p>${contact.unsubscribed ? badge('unsubscribed', 'bad') : badge('subscribed', 'ok')} · in ${e(list.name)} since ${time(contact.created_at)}</p></section>
${edit}`);
}
