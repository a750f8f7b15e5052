import { errAsync, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { EmailEvent, EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import type { EmailRepository } from './email.repository.port.ts';

export interface EmailWithEvents {
  readonly email: EmailSnapshot;
  /** Its timeline, oldest first. */
  readonly events: readonly EmailEvent[];
}

/** `GET /emails/{id}`: the email and what happened to it. */
export class GetEmail {
  constructor(private readonly emails: EmailRepository) {}

  execute(input: { readonly accountId: string; readonly emailId: string }): ResultAsync<EmailWithEvents, NotFoundError> {
    return ResultAsync.fromSafePromise(this.emails.find(input.accountId, input.emailId)).andThen((email) =>
      email ? ResultAsync.fromSafePromise(this.emails.events(email.id)).map((events) => ({ email, events })) : errAsync(notFound('email', input.emailId)),
    );
  }
}
