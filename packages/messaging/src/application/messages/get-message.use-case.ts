import { err, notFound, ok, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MessageRepository } from './message.repository.port.ts';
import { inScope, type KeyScope } from '../../domain/messages/key-scope.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/** `GET /api/messages/{id}`: one of the account's messages in the key's scope (another account's is not found). */
export class GetMessage {
  constructor(private readonly messages: MessageRepository) {}

  execute(scope: KeyScope, id: string): ResultAsync<OutboundMessage, NotFoundError> {
    return ResultAsync.fromSafePromise(this.messages.find(scope.accountId, id)).andThen((message) =>
      message && inScope(scope, message) ? ok(message) : err(notFound('message', id)),
    );
  }
}
