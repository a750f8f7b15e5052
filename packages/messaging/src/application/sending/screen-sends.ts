import type { MessageRepository } from '../messages/message.repository.port.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { OptOutList } from '../opt-outs/opt-out-list.port.ts';
import type { PricedSend } from './prepare-send.ts';

/** Identical text to the same number within this window is refused (spec: Limits). */
export const DUPLICATE_WINDOW_MS = 5 * 60_000;

/** What a unit of work learns of its sends before charging any: repeats of recent messages, opted-out recipients. */
export interface Screening {
  /** Per send, in order: the recent message it repeats (only sends that suppress duplicates are looked up). */
  readonly duplicates: readonly (OutboundMessage | undefined)[];
  readonly optedOut: (message: OutboundMessage) => boolean;
}

const optedOutKey = (accountId: string, phone: string): string => `${accountId} ${phone}`;

/** The send step that reads before any write: duplicates in one query, opt-outs in one per account. */
export class ScreenSends {
  constructor(
    private readonly messages: MessageRepository,
    private readonly optOuts: OptOutList,
  ) {}

  async screen(sends: readonly PricedSend[]): Promise<Screening> {
    const checked = sends.filter((send) => send.suppressDuplicates);
    const found = await this.messages.findRecentDuplicates(
      checked.map(({ message }) => ({
        key: { accountId: message.accountId, environment: message.environment, phone: message.phone, text: message.text },
        since: new Date(message.createdAt.getTime() - DUPLICATE_WINDOW_MS),
      })),
    );
    const duplicateOf = new Map(checked.map((send, index) => [send.message.id, found[index]]));
    const optedOut = await this.optedOut(sends.map(({ message }) => message));
    return {
      duplicates: sends.map((send) => duplicateOf.get(send.message.id)),
      optedOut: (message) => optedOut.has(optedOutKey(message.accountId, message.phone)),
    };
  }

  /** The opted-out (account, number) pairs among these messages: one query per account. */
  private async optedOut(messages: readonly OutboundMessage[]): Promise<ReadonlySet<string>> {
    const phonesByAccount = new Map<string, string[]>();
    for (const message of messages) phonesByAccount.set(message.accountId, [...(phonesByAccount.get(message.accountId) ?? []), message.phone]);
    const found = new Set<string>();
    for (const [accountId, phones] of phonesByAccount) {
      for (const phone of await this.optOuts.optedOutAmong(accountId, phones)) found.add(optedOutKey(accountId, phone));
    }
    return found;
  }
}
