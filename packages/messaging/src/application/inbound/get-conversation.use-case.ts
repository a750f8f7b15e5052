import { checkLimit, errAsync, okAsync, ResultAsync, type ValidationError } from '@tuma/kernel';
import { THREAD_DEFAULT_LIMIT, THREAD_MAX_LIMIT, type ThreadMessage } from '../../domain/inbound/conversation.ts';
import type { InboundMessageRepository } from './inbound-message.repository.port.ts';
import type { MessageEnvironment } from '../../domain/messages/outbound-message.ts';
import { readPhoneField, type InvalidPhoneField } from '../../domain/numbers/read-phone-field.ts';

export interface GetConversationInput {
  readonly accountId: string;
  /** The environment of the caller's key: a test key sees no live messages, so its threads are empty. */
  readonly environment: MessageEnvironment;
  /** International format; the `+` may be left out, as URL paths often do. */
  readonly phone: string;
  /** 1 to 500; 200 when absent. */
  readonly limit?: number;
}

export interface Conversation {
  /** E.164. */
  readonly phone: string;
  /** The newest `limit` messages, oldest first. Empty when the account never exchanged one with the number. */
  readonly messages: readonly ThreadMessage[];
}

/** The thread between the account and one number: its replies and the account's live messages to it. */
export class GetConversation {
  constructor(private readonly inbound: InboundMessageRepository) {}

  execute(input: GetConversationInput): ResultAsync<Conversation, InvalidPhoneField | ValidationError> {
    const phone = readPhoneField(input.phone, 'phone', { plusOptional: true });
    if (phone.isErr()) return errAsync(phone.error);
    const e164 = phone.value.e164;
    return checkLimit(input.limit ?? THREAD_DEFAULT_LIMIT, THREAD_MAX_LIMIT).asyncAndThen((limit) => {
      const messages = input.environment === 'test' ? okAsync([]) : ResultAsync.fromSafePromise(this.inbound.thread(input.accountId, e164, limit));
      return messages.map((thread) => ({ phone: e164, messages: thread }));
    });
  }
}
