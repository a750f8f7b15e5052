import { errAsync, notFound, okAsync, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { QrCodeRepository } from './qr-code.repository.port.ts';

/** Deletes a QR code of the account (its link, if any, stays). */
export class DeleteQrCode {
  constructor(private readonly codes: QrCodeRepository) {}

  execute(input: LinkOwner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.codes.remove(input.accountId, input.environment, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('qr_code', input.id))));
  }
}
