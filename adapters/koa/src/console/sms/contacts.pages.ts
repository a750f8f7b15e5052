import { isNumberingCountry } from '@tuma/messaging';
import { HttpError } from '../../http/http-error.ts';
import { decodeText } from '../../http/text-encoding.ts';
import { unwrap } from '../../http/unwrap.ts';
import { CONTACT_IMPORT_MAX_BYTES, contactListView as contactListRow, contactMemberView, type ContactListUseCases } from '../../apis/sms/contact-lists.routes.ts';
import { fieldRefusal, refusal } from '../form-errors.ts';
import { BUILDERS, html, redirect, type ConsolePage, type MemberRequest } from '../page.ts';
import { contactListPageView, contactListsView, type ContactListPage } from './contact-views.ts';
import { href } from '../layout/view-context.ts';

const PAGE_SIZE = 50;

type UseCases = Pick<
  ContactListUseCases,
  'listContactLists' | 'createContactList' | 'getContactList' | 'updateContactList' | 'deleteContactList' | 'listContactMembers' | 'importContacts' | 'addContactMembers' | 'removeContactMember'
>;

/** A list id of the path, or 404 (as the API's `positiveIdParam`). */
const listIdOf = (request: MemberRequest): number => {
  const id = Number(request.params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, 'not_found', 'There is no such contact list in this account.');
  return id;
};

/**
 * SMS › Contact lists: the account's lists, a list's members (paged), a CSV upload with the rows
 * left out and why; the `/api/contacts/lists` use cases, the upload read as the API reads its CSV
 * body (its charset, byte-order mark, UTF-8, else Windows-1252).
 */
export function contactPages(useCases: UseCases): ConsolePage[] {
  const renderLists = async (request: MemberRequest, status: number, extra: { values?: { name: string; description: string }; errors?: Parameters<typeof contactListsView>[2]['errors'] } = {}) => {
    const lists = unwrap(await useCases.listContactLists.execute({ accountId: request.member.accountId })).map(contactListRow);
    return html(status, contactListsView(request.view, lists, { canWrite: BUILDERS.includes(request.member.role), ...extra }));
  };
  const renderList = async (request: MemberRequest, status: number, extra: Partial<ContactListPage> = {}) => {
    const accountId = request.member.accountId;
    const id = listIdOf(request);
    const list = unwrap(await useCases.getContactList.execute({ accountId, id }));
    const page = Math.max(0, Math.min(100_000, Number.parseInt(request.query.get('page') ?? '0', 10) || 0));
    const found = unwrap(await useCases.listContactMembers.execute({ accountId, listId: id, page, limit: PAGE_SIZE }));
    return html(
      status,
      contactListPageView(request.view, {
        list: contactListRow(list),
        members: found.members.map(contactMemberView),
        page,
        pages: Math.ceil(found.total / PAGE_SIZE),
        canWrite: BUILDERS.includes(request.member.role),
        ...extra,
      }),
    );
  };
  return [
    { method: 'get', path: '/sms/contacts', visitor: 'member', section: 'sms-contacts', handle: (request) => renderLists(request, 200) },
    {
      method: 'post',
      path: '/sms/contacts',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const values = { name: request.form.get('name') ?? '', description: request.form.get('description') ?? '' };
        const created = await useCases.createContactList.execute({ accountId: request.member.accountId, name: values.name, description: values.description.trim() || null });
        if (created.isErr()) {
          const { status, errors } = refusal(created.error);
          return renderLists(request, status, { values, errors });
        }
        return redirect(href(request.view, `/sms/contacts/${created.value.id}`));
      },
    },
    { method: 'get', path: '/sms/contacts/:id', visitor: 'member', handle: (request) => renderList(request, 200) },
    {
      method: 'post',
      path: '/sms/contacts/:id/import',
      visitor: 'member',
      roles: BUILDERS,
      uploadLimitBytes: CONTACT_IMPORT_MAX_BYTES,
      handle: async (request) => {
        const file = request.files.get('file');
        if (!file || file.bytes.length === 0) return renderList(request, 422, { errors: fieldRefusal('file', 'Choose a CSV file').errors });
        const country = (request.form.get('default_country') ?? '').trim().toUpperCase();
        if (country && !isNumberingCountry(country)) return renderList(request, 422, { errors: fieldRefusal('default_country', 'Must be an ISO 3166-1 alpha-2 country code').errors });
        const charset = /charset=([^;]+)/i.exec(file.type)?.[1]?.trim();
        const { text } = decodeText(file.bytes, charset);
        const imported = await useCases.importContacts.execute({ accountId: request.member.accountId, listId: listIdOf(request), csv: text, ...(country ? { defaultCountry: country } : {}) });
        if (imported.isErr()) {
          const { status, errors } = refusal(imported.error, { csv: 'file', '': 'file' });
          return renderList(request, status, { errors });
        }
        return renderList(request, 200, { imported: imported.value });
      },
    },
    {
      method: 'post',
      path: '/sms/contacts/:id/rename',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const id = listIdOf(request);
        const values = { name: request.form.get('name') ?? '', description: request.form.get('description') ?? '' };
        const updated = await useCases.updateContactList.execute({ accountId: request.member.accountId, id, name: values.name, description: values.description.trim() || null });
        if (updated.isErr()) {
          if (updated.error.type === 'not_found') unwrap(updated);
          const { status, errors } = refusal(updated.error);
          return renderList(request, status, { renameValues: values, renameErrors: errors });
        }
        request.session.flash({ kind: 'info', text: `The list is now "${updated.value.name}".` });
        return redirect(href(request.view, `/sms/contacts/${id}`));
      },
    },
    {
      method: 'post',
      path: '/sms/contacts/:id/members',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const id = listIdOf(request);
        const values = { phone: (request.form.get('phone') ?? '').trim(), member_name: (request.form.get('member_name') ?? '').trim() };
        if (values.phone === '') return renderList(request, 422, { memberValues: values, memberErrors: fieldRefusal('phone', 'Give a number in international format').errors });
        const added = await useCases.addContactMembers.execute({ accountId: request.member.accountId, listId: id, members: [{ phone: values.phone, name: values.member_name || null }] });
        if (added.isErr()) {
          if (added.error.type === 'not_found') unwrap(added);
          const { status, errors } = refusal(added.error, { members: 'phone', 'members.0.phone': 'phone', 'members.0.name': 'member_name' });
          return renderList(request, status, { memberValues: values, memberErrors: errors });
        }
        const [refused] = added.value.errors;
        if (refused) return renderList(request, 422, { memberValues: values, memberErrors: fieldRefusal('phone', `Not a valid number (${refused.reason.replaceAll('_', ' ')})`).errors });
        request.session.flash({ kind: 'info', text: added.value.added > 0 ? `${values.phone} is added.` : `${values.phone} was in the list already: its name is updated.` });
        return redirect(href(request.view, `/sms/contacts/${id}`));
      },
    },
    {
      method: 'post',
      path: '/sms/contacts/:id/members/remove',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        const id = listIdOf(request);
        const phone = request.form.get('phone') ?? '';
        const removed = await useCases.removeContactMember.execute({ accountId: request.member.accountId, listId: id, phone });
        if (removed.isErr()) throw new HttpError(404, 'not_found', 'There is no such member in this list.');
        request.session.flash({ kind: 'info', text: `${phone} is removed from the list.` });
        return redirect(href(request.view, `/sms/contacts/${id}`));
      },
    },
    {
      method: 'post',
      path: '/sms/contacts/:id/delete',
      visitor: 'member',
      roles: BUILDERS,
      handle: async (request) => {
        unwrap(await useCases.deleteContactList.execute({ accountId: request.member.accountId, id: listIdOf(request) }));
        request.session.flash({ kind: 'info', text: 'The contact list is deleted.' });
        return redirect(href(request.view, '/sms/contacts'));
      },
    },
  ];
}
