import type { LedgerEntry, WalletError, WalletLedger } from '@tuma/billing';
import type { Money, Result } from '@tuma/kernel';
import type { PricedSend } from './prepare-send.ts';

/** The send step that takes the money: live sends' charges posted together, and the balances the uncharged ones show. */
export class ChargeSends {
  constructor(private readonly ledger: WalletLedger) {}

  /** The live sends' charges, posted together: each message's outcome by its id. */
  async charge(live: readonly PricedSend[]): Promise<ReadonlyMap<string, Result<LedgerEntry, WalletError>>> {
    const charged = (
      await this.ledger.chargeMany(
        live.map(({ message }) => ({
          accountId: message.accountId,
          amount: message.cost,
          reason: `SMS to ${message.phone} (${message.segments} segment${message.segments === 1 ? '' : 's'})`,
          reference: `msg:${message.id}`,
          related: { type: 'message' as const, id: message.id },
        })),
      )
    ).match(
      (outcomes) => outcomes,
      (never) => never,
    );
    return new Map(live.map(({ message }, index) => [message.id, charged[index]!]));
  }

  /** The balances answers show where nothing is charged (test keys, opted-out recipients): one read per account. */
  async balancesOf(sends: readonly PricedSend[]): Promise<ReadonlyMap<string, Money | null>> {
    const balances = new Map<string, Money | null>();
    for (const accountId of new Set(sends.map(({ message }) => message.accountId))) {
      const view = await this.ledger.balance(accountId);
      if (view.isErr()) throw new Error(`Reading the balance of ${accountId} failed: ${view.error.message}`);
      balances.set(accountId, view.value?.balance ?? null);
    }
    return balances;
  }
}
