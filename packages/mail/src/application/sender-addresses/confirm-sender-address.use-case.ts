import { atomically, err, errAsync, ok, type ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import { invalidConfirmationToken, type InvalidConfirmationTokenError } from '../../domain/sender-addresses/sender-address-errors.ts';
import { SenderAddress, type SenderAddressSnapshot } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { ConfirmationTokens } from './confirmation-tokens.ts';
import type { SenderAddressRepository } from './sender-address.repository.port.ts';

/**
 * The confirmation link: a token we signed, not expired, of an address the account still has
 * under that id (deleted and added again, it has a new id and a new link). Confirming twice
 * answers the confirmed address again.
 */
export class ConfirmSenderAddress {
  constructor(
    private readonly addresses: SenderAddressRepository,
    private readonly tokens: ConfirmationTokens,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly token: string }): ResultAsync<SenderAddressSnapshot, InvalidConfirmationTokenError> {
    const now = this.clock.now();
    const claim = this.tokens.read(input.token, now);
    if (!claim) return errAsync(invalidConfirmationToken());
    return atomically(this.unitOfWork, async () => {
      const snapshot = await this.addresses.find(claim.accountId, claim.senderAddressId);
      if (!snapshot || snapshot.email !== claim.email) return err(invalidConfirmationToken());
      const address = SenderAddress.rehydrate(snapshot);
      address.confirm(now);
      await this.addresses.save(address.toSnapshot());
      return ok(address.toSnapshot());
    });
  }
}
