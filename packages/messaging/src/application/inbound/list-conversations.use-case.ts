import { checkLimit, okAsync, ResultAsync, type ValidationError } from '@tuma/kernel';
import { CONVERSATION_LIST_DEFAULT_LIMIT, CONVERSATION_LIST_MAX_LIMIT, type ConversationSummary } from '../../domain/inbound/conversation.ts';
import type { InboundMessageRepository } from './inbound-message.repository.port.ts';
import type { MessageEnvironment } from '../../domain/messages/outbound-message.ts';

export interface ListConversationsInput {
  readonly accountId: string;
  /** The environment of the caller's key: replies only ever come to live messages, so a test key sees none. */
  readonly environment: MessageEnvironment;
  /** 1 to 500; 100 when absent. */
  readonly limit?: number;
}

/** Everyone who has replied to the account, newest activity first. */
export class ListConversations {
  constructor(private readonly inbound: InboundMessageRepository) {}

  execute(input: ListConversationsInput): ResultAsync<readonly ConversationSummary[], ValidationError> {
    return checkLimit(input.limit ?? CONVERSATION_LIST_DEFAULT_LIMIT, CONVERSATION_LIST_MAX_LIMIT).asyncAndThen((limit) =>
      input.environment === 'test' ? okAsync([]) : ResultAsync.fromSafePromise(this.inbound.conversations(input.accountId, limit)),
    );
  }
}
