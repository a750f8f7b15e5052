import { errAsync, fieldError, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { MessageRepository } from './message.repository.port.ts';
import { inScope, type KeyScope } from '../../domain/messages/key-scope.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';

/** Ids one status lookup takes (spec: Limits). */
export const STATUS_LOOKUP_MAX_IDS = 100;

/** In input order: the message, or undefined for an id that is not one of the account's messages in the key's scope. */
export type StatusLookupResult = readonly { readonly id: string; readonly message: OutboundMessage | undefined }[];

/** `GET /api/messages/status?ids=`: up to 100 ids, answered in input order. */
export class GetMessageStatuses {
  constructor(private readonly messages: MessageRepository) {}

  execute(scope: KeyScope, ids: readonly string[]): ResultAsync<StatusLookupResult, ValidationError> {
    if (ids.length === 0) return errAsync(fieldError('ids', 'At least one id'));
    if (ids.length > STATUS_LOOKUP_MAX_IDS) return errAsync(fieldError('ids', `At most ${STATUS_LOOKUP_MAX_IDS} ids`));
    return ResultAsync.fromSafePromise(this.messages.findMany(scope.accountId, ids)).map((found) => {
      const byId = new Map(found.filter((m) => inScope(scope, m)).map((m) => [m.id, m]));
      return ids.map((id) => ({ id, message: byId.get(id) }));
    });
  }
}
