import { atomically, err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork } from '@tuma/kernel';
import { Email, type EmailSnapshot, type NotCancellableError } from '../../domain/emails/email.aggregate.ts';
import type { EmailRepository } from './email.repository.port.ts';

/** `POST /emails/{id}/cancel`: a scheduled email before its time; its job then finds it cancelled and sends nothing. */
export class CancelEmail {
  constructor(
    private readonly emails: EmailRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly accountId: string; readonly emailId: string }): ResultAsync<EmailSnapshot, NotFoundError | NotCancellableError> {
    return atomically(this.unitOfWork, async () => {
      const [snapshot] = await this.emails.lock([input.emailId]);
      if (!snapshot || snapshot.accountId !== input.accountId) return err(notFound('email', input.emailId));
      const email = Email.rehydrate(snapshot);
      const cancelled = email.cancel(this.clock.now());
      if (cancelled.isErr()) return err(cancelled.error);
      await this.emails.addEvents([cancelled.value]);
      await this.emails.save([email.toSnapshot()]);
      return ok(email.toSnapshot());
    });
  }
}
