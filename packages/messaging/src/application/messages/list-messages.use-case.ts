import { checkLimit, errAsync, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { MessagePage, MessageQuery, MessageRepository } from './message.repository.port.ts';

export const MESSAGE_PAGE_MAX_LIMIT = 100;
export const MESSAGE_PAGE_DEFAULT_LIMIT = 20;

/** `GET /api/messages`: the account's messages, newest first, filtered. */
export class ListMessages {
  constructor(private readonly messages: MessageRepository) {}

  execute(query: MessageQuery): ResultAsync<MessagePage, ValidationError> {
    const limit = checkLimit(query.limit, MESSAGE_PAGE_MAX_LIMIT);
    if (limit.isErr()) return errAsync(limit.error);
    return ResultAsync.fromSafePromise(this.messages.list(query));
  }
}
