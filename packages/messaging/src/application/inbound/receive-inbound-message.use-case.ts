import { atomically, errAsync, newId, ok, ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import { recogniseKeyword, type RecognisedKeyword } from '../../domain/inbound/inbound-keywords.ts';
import { checkInboundSms, type CheckedInboundSms, type InboundMessage, type InboundSms, type InvalidInboundSms } from '../../domain/inbound/inbound-message.ts';
import { inboundMessageEvent } from '../../domain/inbound/inbound-message-event.ts';
import type { ClaimedEventPublisher } from '../webhooks/claimed-event-publisher.ts';
import type { ClaimedInbound, InboundClaims } from './inbound-claims.port.ts';
import type { InboundMessageRepository } from './inbound-message.repository.port.ts';
import type { OptOutList } from '../opt-outs/opt-out-list.port.ts';

export interface ReceivedInbound {
  /** As stored: for a repeat, the first delivery of it. */
  readonly message: InboundMessage;
  /** The carrier delivered it before; nothing was done again. */
  readonly duplicate: boolean;
  /** The STOP or START keyword the message is, if any. */
  readonly keyword: RecognisedKeyword | null;
}

/** Nobody claims any message: every one is the SMS pipeline's own. */
const NO_CLAIMS: InboundClaims = { claim: async () => null, forwardUrlNow: async () => null };

/**
 * Takes in an inbound message, in one unit of work: stores it (`mo_...`, `received`), attributed to
 * the account that last messaged the texter; for an attributed STOP keyword puts the number on that
 * account's opt-out list (source `sms`, the keyword), for a START keyword takes it off; and publishes
 * `message.inbound` to the account. An unattributed message is stored and nothing else happens. A
 * repeat of a message (same carrier and carrier message id) changes nothing. docs/inbound.md.
 *
 * A message another product claims (a two-way short code's, docs/two-way.md) is attributed to the
 * claiming account instead, its STOP or START read where the claim says, its event sent where the
 * claim says (or nowhere), and the claim does its part in the same unit of work, then after the commit.
 */
export class ReceiveInboundMessage {
  constructor(
    private readonly inbound: InboundMessageRepository,
    private readonly optOuts: OptOutList,
    private readonly events: EventPublisher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly claims: InboundClaims = NO_CLAIMS,
    private readonly claimedEvents?: ClaimedEventPublisher,
  ) {}

  execute(sms: InboundSms): ResultAsync<ReceivedInbound, InvalidInboundSms> {
    const checked = checkInboundSms(sms);
    if (checked.isErr()) return errAsync(checked.error);
    const receivedAt = sms.receivedAt ?? this.clock.now();
    return atomically(this.unitOfWork, async () => ok(await this.take(checked.value, receivedAt))).andThen(({ received, claimed }) =>
      ResultAsync.fromSafePromise(this.afterCommit(received, claimed)).map(() => received),
    );
  }

  /** What a claim does once its new message is committed (nothing for a repeated delivery). */
  private async afterCommit(received: ReceivedInbound, claimed: ClaimedInbound | null): Promise<void> {
    if (claimed && !received.duplicate) await claimed.afterCommit(received.message, received.keyword);
  }

  private async take(sms: CheckedInboundSms, receivedAt: Date): Promise<{ received: ReceivedInbound; claimed: ClaimedInbound | null }> {
    const claimed = await this.claims.claim(sms);
    const accountId = claimed ? claimed.accountId : await this.inbound.lastSenderTo(sms.from);
    const { message, added } = await this.inbound.add({ ...sms, id: newId('mo', receivedAt), accountId, receivedAt });
    const keyword = recogniseKeyword(claimed ? claimed.keywordText : message.text);
    if (added && message.accountId !== null) {
      await this.applyKeyword(message.accountId, message.from, keyword, receivedAt);
      const event = inboundMessageEvent(newId('evt', receivedAt), message.accountId, message, keyword, receivedAt);
      if (!claimed) await this.events.publish([event]);
      else {
        await claimed.take(message, keyword);
        if (claimed.forward) await this.publishClaimed({ ...event, payload: { ...event.payload, ...claimed.forward.fields } }, claimed.forward.url);
      }
    }
    return { received: { message, duplicate: !added, keyword }, claimed };
  }

  private async publishClaimed(event: Parameters<ClaimedEventPublisher['publish']>[0], url: string | null): Promise<void> {
    if (!this.claimedEvents) throw new Error('A claimed inbound message has an event to publish, but no publisher for claimed events was given');
    await this.claimedEvents.publish(event, url);
  }

  private async applyKeyword(accountId: string, phone: string, keyword: RecognisedKeyword | null, at: Date): Promise<void> {
    if (keyword?.action === 'opt_out') await this.optOuts.add(accountId, phone, { source: 'sms', keyword: keyword.keyword }, at);
    if (keyword?.action === 'opt_in') await this.optOuts.remove(accountId, phone);
  }
}
