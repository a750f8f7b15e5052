import type { ResultAsync } from '@tuma/kernel';
import type { MailContactListView } from '../../domain/contacts/mail-contact-list.ts';
import { pageOf, type Page } from '../paging.ts';
import type { MailContactRepository } from './mail-contact.repository.port.ts';

/** `GET /v1/contacts/lists`: the account's lists of mail contacts, newest first, by cursor. */
export class ListMailContactLists {
  constructor(private readonly repository: MailContactRepository) {}

  execute(input: { readonly accountId: string; readonly after?: string; readonly limit: number }): ResultAsync<Page<MailContactListView>, never> {
    return pageOf((limit) => this.repository.lists(input.accountId, { after: input.after, limit }), input.limit);
  }
}
