import type { FxRates, WalletLedger, WalletOwners } from '@tuma/billing';
import { jobRoute, type Clock, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { Catalogue, OptOutList, SendMessage } from '@tuma/messaging';
import type { AccountSmsPrices } from './application/account-prices/account-sms-prices.port.ts';
import { SetAccountSmsPrice } from './application/account-prices/set-account-sms-price.use-case.ts';
import { InboundCharge } from './application/inbound/inbound-charge.ts';
import type { InboundMailer } from './application/inbound/inbound-mailer.port.ts';
import { ShortCodeInbound } from './application/inbound/short-code-inbound.ts';
import { ListServiceMessages } from './application/messages/list-service-messages.use-case.ts';
import type { TwoWayMessageLog } from './application/messages/two-way-message-log.port.ts';
import { Reply } from './application/replies/reply.use-case.ts';
import { ServiceSender } from './application/replies/service-sender.ts';
import { ListTwoWayPricing } from './application/pricing/list-two-way-pricing.use-case.ts';
import { SetCountryPricing } from './application/pricing/set-country-pricing.use-case.ts';
import type { TwoWayPriceTable } from './application/pricing/two-way-price-table.port.ts';
import { TwoWayPricing } from './application/pricing/two-way-pricing.ts';
import { ApproveService } from './application/services/approve-service.use-case.ts';
import { CancelService } from './application/services/cancel-service.use-case.ts';
import { CheckKeyword } from './application/services/check-keyword.use-case.ts';
import { GetService } from './application/services/get-service.use-case.ts';
import { ListServices } from './application/services/list-services.use-case.ts';
import { ReviewServices } from './application/services/review-services.use-case.ts';
import { RejectService } from './application/services/reject-service.use-case.ts';
import { RENEW_TWO_WAY_SERVICES_JOB, RenewServices } from './application/services/renew-services.ts';
import { RequestService } from './application/services/request-service.use-case.ts';
import { ServiceBilling } from './application/services/service-billing.ts';
import { ServiceRenewal } from './application/services/service-renewal.ts';
import type { ShortCodeInventory } from './application/short-codes/short-code-inventory.port.ts';
import { SuspendService } from './application/services/suspend-service.use-case.ts';
import type { TwoWayServiceRepository } from './application/services/two-way-service.repository.port.ts';
import { UpdateService } from './application/services/update-service.use-case.ts';
import { ListShortCodes } from './application/short-codes/list-short-codes.use-case.ts';
import { ProvisionShortCode } from './application/short-codes/provision-short-code.use-case.ts';
import type { WebhookUrlPolicy } from './application/services/webhook-url-policy.port.ts';

export interface TwoWayPorts {
  readonly unitOfWork: UnitOfWork;
  readonly clock: Clock;
  readonly jobs: JobScheduler;
  readonly services: TwoWayServiceRepository;
  readonly priceTable: TwoWayPriceTable;
  readonly inventory: ShortCodeInventory;
  readonly webhookUrls: WebhookUrlPolicy;
  /** Messaging's markets and routes: the basic per-SMS rate of each country. */
  readonly catalogue: Catalogue;
  /** Billing's wallet: fees are `fee` entries. */
  readonly walletLedger: Pick<WalletLedger, 'charge'>;
  readonly walletOwners: WalletOwners;
  readonly fxRates: FxRates;
  /** The services' messages both ways. */
  readonly messageLog: TwoWayMessageLog;
  /** Messaging's sending path: replies and auto-replies go out from the short code through it. */
  readonly sendMessage: Pick<SendMessage, 'execute'>;
  /** Messaging's opt-out lists: replies are not sent to numbers on the account's. */
  readonly optOuts: Pick<OptOutList, 'isOptedOut'>;
  /** Copies of inbound messages to forward_email. */
  readonly mailer: InboundMailer;
  /** Per-customer SMS prices: replies of an account that has one for the country are billed at it. */
  readonly accountPrices: AccountSmsPrices;
}

/** Two-Way short-code services (docs/two-way.md): every use case, built from its ports. */
export function createTwoWay(ports: TwoWayPorts) {
  const { unitOfWork: uow, clock, services } = ports;
  const pricing = new TwoWayPricing(ports.priceTable, ports.catalogue, ports.fxRates);
  const billing = new ServiceBilling(ports.walletOwners, ports.fxRates, ports.walletLedger);
  const sender = new ServiceSender(ports.sendMessage, ports.walletOwners, ports.messageLog, ports.accountPrices);
  return {
    listPricing: new ListTwoWayPricing(pricing),
    setCountryPricing: new SetCountryPricing(ports.priceTable, pricing),
    requestService: new RequestService(services, pricing, ports.webhookUrls, uow, clock),
    checkKeyword: new CheckKeyword(services, pricing),
    getService: new GetService(services),
    listServices: new ListServices(services),
    reviewServices: new ReviewServices(services),
    updateService: new UpdateService(services, ports.webhookUrls, uow, clock),
    cancelService: new CancelService(services, uow, clock),
    approveService: new ApproveService(services, ports.inventory, billing, uow, clock),
    rejectService: new RejectService(services, uow, clock),
    suspendService: new SuspendService(services, uow, clock),
    /** Messaging's `InboundClaims`: texts to short codes are the services'. */
    shortCodeInbound: new ShortCodeInbound(services, ports.messageLog, new InboundCharge(ports.walletOwners, ports.fxRates, ports.walletLedger), ports.mailer, sender),
    reply: new Reply(services, ports.optOuts, sender),
    listServiceMessages: new ListServiceMessages(services, ports.messageLog),
    setAccountSmsPrice: new SetAccountSmsPrice(ports.accountPrices, ports.walletOwners, ports.catalogue),
    provisionShortCode: new ProvisionShortCode(ports.inventory, ports.catalogue),
    listShortCodes: new ListShortCodes(ports.inventory),
    renewServices: new RenewServices(services, new ServiceRenewal(services, billing), ports.jobs, uow, clock),
  };
}

export type TwoWay = ReturnType<typeof createTwoWay>;

/** The jobs the two-way workers run. */
export function twoWayJobRoutes(service: TwoWay): readonly JobRoute[] {
  return [jobRoute(RENEW_TWO_WAY_SERVICES_JOB, () => service.renewServices.run())];
}
