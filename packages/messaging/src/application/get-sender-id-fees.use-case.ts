import { ResultAsync } from '@tuma/kernel';
import type { Catalogue } from '../domain/catalogue/catalogue.port.ts';
import { toSenderIdFeesView, type SenderIdFeesView } from '../domain/catalogue/catalogue.views.ts';

/** The public sender-ID fee schedule, as the catalogue holds it. */
export class GetSenderIdFees {
  constructor(private readonly catalogue: Catalogue) {}

  execute(): ResultAsync<SenderIdFeesView, never> {
    return ResultAsync.fromSafePromise(this.catalogue.senderIdFees()).map(toSenderIdFeesView);
  }
}
