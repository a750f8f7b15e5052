import { checkLimit, errAsync, notFound, okAsync, ResultAsync, type NotFoundError, type ValidationError } from '@tuma/kernel';
import type { LinkEnvironment } from '../../domain/links/link.aggregate.ts';
import type { QrCodeSnapshot } from '../../domain/qr/qr-code.aggregate.ts';
import { MAX_LINKS_PAGE } from '../links/read-links.use-cases.ts';
import type { QrCodeRepository } from './qr-code.repository.port.ts';
import type { QrRenderer } from './qr-renderer.port.ts';

interface Owner {
  readonly accountId: string;
  readonly environment: LinkEnvironment;
}

/** The account's QR codes, newest first (limit up to 200, as links). */
export class ListQrCodes {
  constructor(private readonly codes: QrCodeRepository) {}

  execute(input: Owner & { readonly limit: number; readonly offset: number }): ResultAsync<readonly QrCodeSnapshot[], ValidationError> {
    const limit = checkLimit(input.limit, MAX_LINKS_PAGE);
    if (limit.isErr()) return errAsync(limit.error);
    return ResultAsync.fromSafePromise(this.codes.list(input.accountId, input.environment, { limit: input.limit, offset: input.offset }));
  }
}

/** A QR code's PNG, drawn again from its fields; another account's code is 404. */
export class GetQrCodePng {
  constructor(
    private readonly codes: QrCodeRepository,
    private readonly renderer: QrRenderer,
  ) {}

  execute(input: Owner & { readonly id: string }): ResultAsync<Uint8Array, NotFoundError> {
    return ResultAsync.fromSafePromise(this.codes.find(input.accountId, input.environment, input.id)).andThen((code) =>
      code ? ResultAsync.fromSafePromise(this.renderer.png(code.targetUrl, { fg: code.fgColor, bg: code.bgColor })) : errAsync(notFound('qr_code', input.id)),
    );
  }
}

/** Deletes a QR code of the account (its link, if any, stays). */
export class DeleteQrCode {
  constructor(private readonly codes: QrCodeRepository) {}

  execute(input: Owner & { readonly id: string }): ResultAsync<void, NotFoundError> {
    return ResultAsync.fromSafePromise(this.codes.remove(input.accountId, input.environment, input.id)).andThen((removed) => (removed ? okAsync(undefined) : errAsync(notFound('qr_code', input.id))));
  }
}
