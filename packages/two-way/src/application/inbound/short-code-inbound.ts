import type { CheckedInboundSms, ClaimedInbound, InboundClaims, InboundMessage, RecognisedKeyword } from '@tuma/messaging';
import { routeInbound } from '../../domain/inbound/inbound-route.ts';
import { TwoWayService, type TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { TwoWayMessageLog } from '../messages/two-way-message-log.port.ts';
import type { ServiceSender } from '../replies/service-sender.ts';
import type { TwoWayServiceRepository } from '../services/two-way-service.repository.port.ts';
import type { InboundCharge } from './inbound-charge.ts';
import type { InboundMailer } from './inbound-mailer.port.ts';

/**
 * Two-way's part of the SMS inbound pipeline (docs/two-way.md, "Inbound"): a text to a short code
 * an approved live service holds (by number, or number and first word on a shared code) is that
 * service's. It is stored and billed whatever the service's state (`billed` false when the wallet
 * cannot pay); while the service is active or past due its `message.inbound` goes to the service's
 * webhook_url (else the account's mo_url) with the `two_way` block, a copy goes to forward_email
 * and the auto-reply is sent from the code (billed as any reply); a suspended service forwards and
 * answers nothing. STOP and START are the SMS pipeline's, on the service account's list.
 */
export class ShortCodeInbound implements InboundClaims {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly log: TwoWayMessageLog,
    private readonly charges: InboundCharge,
    private readonly mailer: InboundMailer,
    private readonly sender: ServiceSender,
  ) {}

  async claim(sms: CheckedInboundSms): Promise<ClaimedInbound | null> {
    const route = routeInbound(await this.services.onNumber(sms.to), sms.text);
    if (!route) return null;
    const { service, keywordText } = route;
    const serving = TwoWayService.rehydrate(service).isServing;
    return {
      accountId: service.accountId,
      keywordText,
      forward: serving ? { url: service.webhookUrl, fields: { two_way: twoWayBlock(service) } } : null,
      take: (message) => this.take(service, message),
      afterCommit: (message, keyword) => (serving ? this.answer(service, message, keyword) : Promise.resolve()),
    };
  }

  /** The service named by the event's `two_way` block, the account's and still serving: its webhook_url now (null: the account's mo_url). */
  async forwardUrlNow(accountId: string, fields: Readonly<Record<string, unknown>>): Promise<string | null> {
    const serviceId = (fields.two_way as { service_id?: unknown } | undefined)?.service_id;
    const service = typeof serviceId === 'number' ? await this.services.find(serviceId) : undefined;
    if (!service || service.accountId !== accountId || !TwoWayService.rehydrate(service).isServing) return null;
    return service.webhookUrl;
  }

  private async take(service: TwoWayServiceSnapshot, message: InboundMessage): Promise<void> {
    const { billed, cost } = await this.charges.charge(service, message.id);
    await this.log.record({
      id: message.id,
      serviceId: service.id,
      direction: 'inbound',
      from: message.from,
      to: message.to,
      text: message.text,
      keyword: service.keyword,
      phone: message.from,
      status: 'received',
      billed,
      cost,
      autoReply: false,
      createdAt: message.receivedAt,
    });
  }

  /**
   * The copy by mail, then the auto-reply (not to a STOP: the texter just left). An auto-reply the
   * wallet cannot pay, or that the sending path refuses, is not sent; the message stays received.
   */
  private async answer(service: TwoWayServiceSnapshot, message: InboundMessage, keyword: RecognisedKeyword | null): Promise<void> {
    if (service.forwardEmail) {
      await this.mailer.send({
        to: service.forwardEmail,
        subject: `SMS from ${message.from} to ${service.number}${service.keyword ? ` (${service.keyword})` : ''}`,
        text: `${message.text}\n\nFrom ${message.from} to short code ${service.number} at ${message.receivedAt.toISOString()} (service ${service.id}, message ${message.id}).`,
      });
    }
    if (!service.autoReplyEnabled || !service.autoReplyText || keyword?.action === 'opt_out') return;
    await this.sender.send({ service, to: message.from, text: service.autoReplyText, environment: 'live', apiKeyId: null, autoReply: true });
  }
}

/** The `two_way` block of the spec's `message.inbound` on a short code. */
const twoWayBlock = (service: TwoWayServiceSnapshot) => ({
  service_id: service.id,
  number: service.number,
  keyword: service.keyword,
  type: service.type,
  toll_free: service.tollFree,
});
