import type { ResultAsync } from '@tuma/kernel';
import type { EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import { pageOf, type Page } from '../paging.ts';
import type { EmailQuery, EmailRepository } from './email.repository.port.ts';

/** `GET /emails`: newest first, filtered, a page at a time. */
export class ListEmails {
  constructor(private readonly emails: EmailRepository) {}

  execute(query: EmailQuery): ResultAsync<Page<EmailSnapshot>, never> {
    return pageOf((limit) => this.emails.list({ ...query, limit }), query.limit);
  }
}
