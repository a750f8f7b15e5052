import type { ContactImport } from '@tuma/messaging';
import { escapeHtml as e } from '../../http/html.ts';
import type { contactListView as contactListRow, contactMemberView } from '../../apis/sms/contact-lists.routes.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { time } from '../layout/format.ts';
import { consolePage, csrfField } from '../layout/layout.ts';
import { importResultView } from '../layout/import-result.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type ContactListRow = ReturnType<typeof contactListRow>;
export type ContactMemberRow = ReturnType<typeof contactMemberView>;

export function contactListsView(view: ViewContext, lists: readonly ContactListRow[], options: { canWrite: boolean; values?: { name: string; description: string }; errors?: FormErrors }): string {
  const errors = options.errors ?? NO_ERRORS;
  const list = table(
    'Contact lists',
    [
      { header: 'Name', cell: (row) => `<a href="${href(view, `/sms/contacts/${row.id}`)}">${e(row.name)}</a>${row.description ? `<br><span class="muted">${e(row.description)}</span>` : ''}` },
      { header: 'Members', cell: (row) => String(row.member_count) },
      { header: 'Updated', cell: (row) => time(row.updated_at) },
    ],
    lists,
    'No contact lists yet.',
  );
  const create = options.canWrite
    ? `<section class="card" aria-labelledby="new-list"><h2 id="new-list">New list</h2>
${form(
  view,
  href(view, '/sms/contacts'),
  [field({ name: 'name', label: 'Name', value: options.values?.name, required: true }, errors), field({ name: 'description', label: 'Description (optional)', value: options.values?.description }, errors)].join('\n'),
  'Create list',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'Contact lists', 'sms-contacts', `<section class="card">${list}</section>\n${create}`);
}

export interface ContactListPage {
  readonly list: ContactListRow;
  readonly members: readonly ContactMemberRow[];
  readonly page: number;
  readonly pages: number;
  readonly canWrite: boolean;
  readonly imported?: ContactImport;
  readonly errors?: FormErrors;
  readonly renameValues?: { name: string; description: string };
  readonly renameErrors?: FormErrors;
  readonly memberValues?: { phone: string; member_name: string };
  readonly memberErrors?: FormErrors;
}



export function contactListPageView(view: ViewContext, page: ContactListPage): string {
  const errors = page.errors ?? NO_ERRORS;
  const base = `/sms/contacts/${page.list.id}`;
  const members = table(
    `Members (${page.list.member_count})`,
    [
      { header: 'Number', cell: (member) => e(member.phone) },
      { header: 'Country', cell: (member) => e(member.country) },
      { header: 'Name', cell: (member) => e(member.name ?? '') },
      { header: 'Variables', cell: (member) => e(Object.entries(member.vars).map(([key, value]) => `${key}=${value}`).join(', ')) },
      ...(page.canWrite
        ? [
            {
              header: 'Action',
              cell: (member: ContactListPage['members'][number]) =>
                `<form class="inline" method="post" action="${href(view, `${base}/members/remove`)}">${csrfField(view)}<input type="hidden" name="phone" value="${e(member.phone)}"><button type="submit" class="danger" aria-label="Remove ${e(member.phone)} from the list">Remove</button></form>`,
            },
          ]
        : []),
    ],
    page.members,
    'No members yet: import a CSV file.',
  );
  const pager =
    page.pages > 1
      ? `<nav aria-label="Member pages"><p>${page.page > 0 ? `<a href="${href(view, `${base}?page=${page.page - 1}`)}">Previous</a>` : ''} Page ${page.page + 1} of ${page.pages} ${
          page.page + 1 < page.pages ? `<a href="${href(view, `${base}?page=${page.page + 1}`)}">Next</a>` : ''
        }</p></nav>`
      : '';
  const upload = page.canWrite
    ? `<section class="card" aria-labelledby="import-title"><h2 id="import-title">Import a CSV file</h2>
<p class="muted">A header row with a phone column (phone, msisdn, number, mobile…), an optional name column; every other column becomes a variable for {{placeholders}}.</p>
${form(
  view,
  href(view, `${base}/import`),
  [
    field({ name: 'file', label: 'CSV file', type: 'file', required: true, extra: 'accept=".csv,text/csv"' }, errors),
    field({ name: 'default_country', label: 'Country of national numbers (optional)', hint: 'ISO code, e.g. KE: numbers without + or 00 are read as numbers of it.' }, errors),
  ].join('\n'),
  'Import',
  errors,
  'enctype="multipart/form-data"',
)}
${buttonForm(view, href(view, `${base}/delete`), 'Delete this list', { danger: true })}
</section>`
    : '';
  const memberErrors = page.memberErrors ?? NO_ERRORS;
  const renameErrors = page.renameErrors ?? NO_ERRORS;
  const rename = page.renameValues ?? { name: page.list.name, description: page.list.description ?? '' };
  const edit = page.canWrite
    ? `<section class="card" aria-labelledby="add-member-title"><h2 id="add-member-title">Add a member</h2>
${form(
  view,
  href(view, `${base}/members`),
  [
    field({ name: 'phone', label: 'Phone number', type: 'tel', value: page.memberValues?.phone, required: true, hint: 'International format. A number already in the list gets the new name.' }, memberErrors),
    field({ name: 'member_name', label: 'Contact name (optional)', value: page.memberValues?.member_name }, memberErrors),
  ].join('\n'),
  'Add member',
  memberErrors,
)}
</section>
<section class="card" aria-labelledby="rename-title"><h2 id="rename-title">Name and description</h2>
${form(
  view,
  href(view, `${base}/rename`),
  [
    field({ name: 'name', label: 'List name', value: rename.name, required: true }, renameErrors),
    field({ name: 'description', label: 'Description (optional)', value: rename.description }, renameErrors),
  ].join('\n'),
  'Save name',
  renameErrors,
)}
</section>`
    : '';
  const content = `${page.imported ? importResultView(page.imported) : ''}
${page.list.description ? `<p>${e(page.list.description)}</p>` : ''}
<section class="card">${members}\n${pager}</section>
${edit}
${upload}
<p><a href="${href(view, '/sms/contacts')}">All contact lists</a></p>`;
  return consolePage(view, page.list.name, 'sms-contacts', content);
}
