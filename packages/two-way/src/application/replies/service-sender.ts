import type { WalletOwners } from '@tuma/billing';
import { errAsync, Money, notFound, ResultAsync, type NotFoundError } from '@tuma/kernel';
import { writeAlongside, type AlongsideWriter, type MessageEnvironment, type SendMessage, type SendMessageError, type SentMessage } from '@tuma/messaging';
import type { TwoWayMessage } from '../../domain/messages/two-way-message.ts';
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
 * dlr_url), logged as the service's outbound message in the same unit of work (a crash cannot
 * leave a sent, charged reply missing from the service's messages).
 */
export class ServiceSender {
  /** The service's outbound rows, written with their sends (one group commit's in turn). */
  private readonly outboundRows: AlongsideWriter<TwoWayMessage>;

  constructor(
    private readonly sendMessage: Pick<SendMessage, 'execute'>,
    private readonly owners: WalletOwners,
    private readonly log: TwoWayMessageLog,
    private readonly accountPrices: AccountSmsPrices,
  ) {
    this.outboundRows = {
      write: async (rows) => {
        for (const row of rows) await this.log.record(row);
      },
    };
  }

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
          alongside: writeAlongside(this.outboundRows, (sent: SentMessage) => outboundRow(service, sent, input.autoReply)),
        });
    });
  }
}

/** The service's outbound row of a reply or an auto-reply. */
function outboundRow(service: TwoWayServiceSnapshot, sent: SentMessage, autoReply: boolean): TwoWayMessage {
  const { message } = sent;
  const charged = message.environment === 'live' && message.delivery.status !== 'rejected';
  return {
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
  };
}
