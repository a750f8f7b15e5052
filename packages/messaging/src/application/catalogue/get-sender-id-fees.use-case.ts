import { ResultAsync } from '@tuma/kernel';
import type { SenderIdFee } from '../../domain/catalogue/sender-id-fee.model.ts';
import type { Catalogue } from './catalogue.port.ts';

/** The public sender-ID fee schedule, as the catalogue holds it. */
export class GetSenderIdFees {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<readonly SenderIdFee[], never> {
    return ResultAsync.fromSafePromise(this.catalogue.senderIdFees());
  }
}
