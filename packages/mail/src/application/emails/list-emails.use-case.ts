import { ResultAsync } from '@tuma/kernel';
import type { EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import type { EmailQuery, EmailRepository } from './email.repository.port.ts';

export interface EmailPage {
  readonly emails: readonly EmailSnapshot[];
  /** The cursor of the next page (`after`); null on the last. */
  readonly next: string | null;
}

/** `GET /emails`: newest first, filtered; one more row than asked tells whether a next page exists. */
export class ListEmails {
  constructor(private readonly emails: EmailRepository) {}

  execute(query: EmailQuery): ResultAsync<EmailPage, never> {
    return ResultAsync.fromSafePromise(this.emails.list({ ...query, limit: query.limit + 1 })).map((rows) => {
      const emails = rows.slice(0, query.limit);
      return { emails, next: rows.length > query.limit ? emails[emails.length - 1]!.id : null };
    });
  }
}
