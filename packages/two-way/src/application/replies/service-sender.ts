import type { WalletOwners } from '@tuma/billing';
import { errAsync, Money, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import type { MessageEnvironment, SendMessage, SendMessageError, SentMessage } from '@tuma/messaging';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { AccountSmsPrices } from '../account-prices/account-sms-prices.port.ts';
import type { TwoWayMessageLog } from '../messages/two-way-message-log.port.ts';

export interface ServiceSend {
  readonly service: TwoWayServiceSnapshot;
  readonly to: string;
  readonly text: string;
  readonly environment: MessageEnvironment;
  readonly apiKeyId: string | null;
  readonly autoReply: boolean;
}

/**
 * Sends a text from a service's short code through the SMS sending path (priced per segment at the
 * account's per-customer SMS price for the country when it has one, else the service's outbound
 * rate, in the wallet currency; charged, stored, submitted, its delivery reports to the account's
 * dlr_url), then logs it as the service's outbound message.
 */
export class ServiceSender {
  constructor(
    private readonly sendMessage: Pick<SendMessage, 'execute'>,
    private readonly owners: WalletOwners,
    private readonly log: TwoWayMessageLog,
    private readonly accountPrices: AccountSmsPrices,
  ) {}

  send(input: ServiceSend): ResultAsync<SentMessage, SendMessageError | NotFoundError> {
    const { service } = input;
    const facts = Promise.all([this.owners.walletCurrencyOf(service.accountId), this.accountPrices.find(service.accountId, service.countryCode)]);
    return ResultAsync.fromSafePromise(facts).andThen(([walletCurrency, customPrice]) => {
      if (!walletCurrency) return errAsync(notFound('account', service.accountId));
      return this.sendMessage
        .execute({
          sender: { accountId: service.accountId, apiKeyId: input.apiKeyId, environment: input.environment, walletCurrency },
          to: input.to,
          text: input.text,
          scheduleMode: 'now',
          shortCode: { number: service.number!, pricePerSegment: customPrice ?? service.prices.outboundPriceUsd },
        })
        .andThen((sent) => ResultAsync.fromSafePromise(this.record(service, sent, input.autoReply)).map(() => sent));
    });
  }

  private record(service: TwoWayServiceSnapshot, sent: SentMessage, autoReply: boolean): Promise<void> {
    const { message } = sent;
    const charged = message.environment === 'live' && message.delivery.status !== 'rejected';
    return this.log.record({
      id: message.id,
      serviceId: service.id,
      direction: 'outbound',
      from: service.number!,
      to: message.phone,
      text: message.text,
      keyword: null,
      phone: message.phone,
      status: message.delivery.status,
      billed: null,
      cost: charged ? message.cost : Money.zero(message.cost.currency),
      autoReply,
      createdAt: message.createdAt,
    });
  }
}
