import { atomically, errAsync, newId, ok, ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { EventPublisher } from '../../domain/events/webhook-event.ts';
import { recogniseKeyword, type RecognisedKeyword } from '../../domain/inbound/inbound-keywords.ts';
import { checkInboundSms, type CheckedInboundSms, type InboundMessage, type InboundSms, type InvalidInboundSms } from '../../domain/inbound/inbound-message.ts';
import { inboundMessageEvent } from '../../domain/inbound/inbound-message-event.ts';
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

/**
 * Takes in an inbound message, in one unit of work: stores it (`mo_...`, `received`), attributed to
 * the account that last messaged the texter; for an attributed STOP keyword puts the number on that
 * account's opt-out list (source `sms`, the keyword), for a START keyword takes it off; and publishes
 * `message.inbound` to the account. An unattributed message is stored and nothing else happens. A
 * repeat of a message (same carrier and carrier message id) changes nothing. docs/inbound.md.
 */
export class ReceiveInboundMessage {
  constructor(
    private readonly inbound: InboundMessageRepository,
    private readonly optOuts: OptOutList,
    private readonly events: EventPublisher,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(sms: InboundSms): ResultAsync<ReceivedInbound, InvalidInboundSms> {
    const checked = checkInboundSms(sms);
    if (checked.isErr()) return errAsync(checked.error);
    const receivedAt = sms.receivedAt ?? this.clock.now();
    return atomically(this.unitOfWork, async () => ok(await this.take(checked.value, receivedAt)));
  }

  private async take(sms: CheckedInboundSms, receivedAt: Date): Promise<ReceivedInbound> {
    const accountId = await this.inbound.lastSenderTo(sms.from);
    const { message, added } = await this.inbound.add({ ...sms, id: newId('mo', receivedAt), accountId, receivedAt });
    const keyword = recogniseKeyword(message.text);
    if (added && message.accountId !== null) {
      await this.applyKeyword(message.accountId, message.from, keyword, receivedAt);
      await this.events.publish([inboundMessageEvent(newId('evt', receivedAt), message.accountId, message, keyword, receivedAt)]);
    }
    return { message, duplicate: !added, keyword };
  }

  private async applyKeyword(accountId: string, phone: string, keyword: RecognisedKeyword | null, at: Date): Promise<void> {
    if (keyword?.action === 'opt_out') await this.optOuts.add(accountId, phone, { source: 'sms', keyword: keyword.keyword }, at);
    if (keyword?.action === 'opt_in') await this.optOuts.remove(accountId, phone);
  }
}
