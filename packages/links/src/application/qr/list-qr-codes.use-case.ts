import { checkLimit, errAsync, ResultAsync, type ValidationError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { QrCodeSnapshot } from '../../domain/qr/qr-code.aggregate.ts';
import { MAX_LINKS_PAGE } from '../links/list-links.use-case.ts';
import type { QrCodeRepository } from './qr-code.repository.port.ts';

/** The account's QR codes, newest first (limit up to 200, as links). */
export class ListQrCodes {
  constructor(private readonly codes: QrCodeRepository) {}

  execute(input: LinkOwner & { readonly limit: number; readonly offset: number }): ResultAsync<readonly QrCodeSnapshot[], ValidationError> {
    const limit = checkLimit(input.limit, MAX_LINKS_PAGE);
    if (limit.isErr()) return errAsync(limit.error);
    return ResultAsync.fromSafePromise(this.codes.list(input.accountId, input.environment, { limit: input.limit, offset: input.offset }));
  }
}
