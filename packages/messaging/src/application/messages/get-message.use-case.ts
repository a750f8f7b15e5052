import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MessageRepository } from '../../domain/messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/** `GET /api/messages/{id}`: one of the account's messages (another account's is not found). */
export class GetMessage {
  constructor(private readonly messages: MessageRepository) {}

  execute(accountId: string, id: string): ResultAsync<OutboundMessage, NotFoundError> {
    return ResultAsync.fromSafePromise(this.messages.find(accountId, id)).andThen((message) => (message ? ok(message) : err(notFound('message', id))));
  }
}
