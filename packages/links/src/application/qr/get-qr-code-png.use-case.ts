import { errAsync, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { LinkOwner } from '../link-owner.ts';
import type { QrCodeRepository } from './qr-code.repository.port.ts';
import type { QrRenderer } from './qr-renderer.port.ts';

/** A QR code's PNG, drawn again from its fields; another account's code is 404. */
export class GetQrCodePng {
  constructor(
    private readonly codes: QrCodeRepository,
    private readonly renderer: QrRenderer,
  ) {}

  execute(input: LinkOwner & { readonly id: string }): ResultAsync<Uint8Array, NotFoundError> {
    return ResultAsync.fromSafePromise(this.codes.find(input.accountId, input.environment, input.id)).andThen((code) =>
      code ? ResultAsync.fromSafePromise(this.renderer.png(code.targetUrl, { fg: code.fgColor, bg: code.bgColor })) : errAsync(notFound('qr_code', input.id)),
    );
  }
}
