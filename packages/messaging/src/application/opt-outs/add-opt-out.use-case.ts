import { atomically, errAsync, ok, ResultAsync, type Clock, type Result, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { OptOutAddition, OptOutList } from './opt-out-list.port.ts';
import { readPhoneField, type InvalidPhoneField } from '../../domain/numbers/read-phone-field.ts';
import { API_ORIGIN, smsOrigin, type OptOutOrigin } from '../../domain/opt-outs/opt-out.model.ts';

export interface AddOptOutInput {
  readonly accountId: string;
  /** International format (`+254 712 345 678`, `00254...`); stored in E.164. */
  readonly phone: string;
  /** The STOP keyword when the recipient texted one (source `sms`); absent for the API (source `api`). */
  readonly keyword?: string;
}

export type AddOptOutError = InvalidPhoneField | ValidationError;

/**
 * Puts a number on the account's opt-out list. Idempotent: a number already on the list keeps
 * its first entry (source, keyword and time), and the outcome says it was not added again.
 */
export class AddOptOut {
  constructor(
    private readonly optOuts: OptOutList,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: AddOptOutInput): ResultAsync<OptOutAddition, AddOptOutError> {
    const phone = readPhoneField(input.phone, 'phone');
    if (phone.isErr()) return errAsync(phone.error);
    const origin: Result<OptOutOrigin, ValidationError> = input.keyword === undefined ? ok(API_ORIGIN) : smsOrigin(input.keyword);
    if (origin.isErr()) return errAsync(origin.error);
    return atomically(this.unitOfWork, async () => ok(await this.optOuts.add(input.accountId, phone.value.e164, origin.value, this.clock.now())));
  }
}
