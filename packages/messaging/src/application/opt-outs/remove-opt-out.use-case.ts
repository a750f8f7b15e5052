import { atomically, errAsync, ok, ResultAsync, type UnitOfWork } from '@tuma/kernel';
import type { OptOutList } from './opt-out-list.port.ts';
import { readPhoneField, type InvalidPhoneField } from '../../domain/numbers/read-phone-field.ts';

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
    return atomically(this.unitOfWork, async () => ok({ phone: e164, removed: await this.optOuts.remove(input.accountId, e164) }));
  }
}
