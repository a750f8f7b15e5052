import { errAsync, ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { OptOutList } from '../domain/opt-outs/opt-out-list.port.ts';
import { readPhoneField, type InvalidPhoneField } from '../domain/opt-outs/opt-out-phone.ts';

export interface RemoveOptOutInput {
  readonly accountId: string;
  /** International format; the leading `+` may be left out (`254712345678`), as URL paths often do. */
  readonly phone: string;
}

export interface OptOutRemoval {
  /** E.164. */
  readonly phone: string;
  /** False when the number was not on the list (removing is idempotent). */
  readonly removed: boolean;
}

/** Takes a number off the account's opt-out list, so it receives messages again. */
export class RemoveOptOut {
  constructor(
    private readonly optOuts: OptOutList,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(input: RemoveOptOutInput): ResultAsync<OptOutRemoval, InvalidPhoneField> {
    const phone = readPhoneField(input.phone, 'phone', { plusOptional: true });
    if (phone.isErr()) return errAsync(phone.error);
    const e164 = phone.value.e164;
    return this.unitOfWork.run(() =>
      ResultAsync.fromSafePromise(this.optOuts.remove(input.accountId, e164)).map((removed) => ({ phone: e164, removed })),
    );
  }
}
