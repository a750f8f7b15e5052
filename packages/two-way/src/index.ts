export { Keyword, KEYWORD_MAX_LENGTH, RESERVED_KEYWORDS } from './domain/keywords/keyword.value-object.ts';
export { twoWayPriceOf, type TwoWayPrice, type TwoWayPriceInput } from './domain/pricing/two-way-price.model.ts';
export { pricingEntry, type TwoWayPricingEntry } from './domain/pricing/two-way-pricing-entry.ts';
export { DEFAULT_TWO_WAY_PRICES, defaultTwoWayPrice } from './domain/pricing/default-two-way-prices.data.ts';
export { FINAL_STATUSES, LIVE_APPROVED_STATUSES, SERVICE_STATUSES, SERVICE_TYPES, type ServiceStatus, type ServiceType, type SuspensionReason } from './domain/services/service-status.ts';
export { DAY_MS, GRACE_DAYS, PERIOD_DAYS, periodReference, periodStart } from './domain/services/billing-periods.ts';
export {
  keywordTaken,
  noShortCode,
  numberTaken,
  serviceNotActive,
  serviceStateConflict,
  type KeywordTakenError,
  type NoShortCodeError,
  type NumberTakenError,
  type ServiceNotActiveError,
  type ServiceStateError,
} from './domain/services/two-way-errors.ts';
export { TwoWayService, type DueCharge, type NewTwoWayService, type ServicePrices, type ServiceSettings, type TwoWayServiceSnapshot } from './domain/services/two-way-service.aggregate.ts';
export type { TwoWayDirection, TwoWayMessage } from './domain/messages/two-way-message.ts';
export type { TwoWayMessageLog } from './application/messages/two-way-message-log.port.ts';
export type { TwoWayPriceTable } from './application/pricing/two-way-price-table.port.ts';
export type { ServiceListQuery, TwoWayServiceRepository } from './application/services/two-way-service.repository.port.ts';
export type { ShortCode, ShortCodeInventory } from './application/short-codes/short-code-inventory.port.ts';
export type { WebhookUrlPolicy } from './application/services/webhook-url-policy.port.ts';
export { TwoWayPricing } from './application/pricing/two-way-pricing.ts';
export { ListTwoWayPricing } from './application/pricing/list-two-way-pricing.use-case.ts';
export { SetCountryPricing } from './application/pricing/set-country-pricing.use-case.ts';
export { RequestService, type RequestServiceError, type RequestServiceInput } from './application/services/request-service.use-case.ts';
export { CheckKeyword, type KeywordCheck, type KeywordUnavailableReason } from './application/services/check-keyword.use-case.ts';
export { GetService } from './application/services/get-service.use-case.ts';
export { ListServices } from './application/services/list-services.use-case.ts';
export { ReviewServices } from './application/services/review-services.use-case.ts';
export { UpdateService, type UpdateServiceInput } from './application/services/update-service.use-case.ts';
export { CancelService } from './application/services/cancel-service.use-case.ts';
export { ApproveService, type ApproveServiceError, type ServiceApproved } from './application/services/approve-service.use-case.ts';
export { RejectService } from './application/services/reject-service.use-case.ts';
export { SuspendService } from './application/services/suspend-service.use-case.ts';
export { ServiceBilling, type FeeChargeError } from './application/services/service-billing.ts';
export { ServiceRenewal, type RenewalOutcome } from './application/services/service-renewal.ts';
export { RENEW_TWO_WAY_SERVICES_JOB, RenewServices, type ServiceRenewalCounts } from './application/services/renew-services.ts';
export { routeInbound, type InboundRoute } from './domain/inbound/inbound-route.ts';
export { InboundCharge, type InboundBilling } from './application/inbound/inbound-charge.ts';
export type { InboundMailer } from './application/inbound/inbound-mailer.port.ts';
export { ShortCodeInbound } from './application/inbound/short-code-inbound.ts';
export { ServiceSender, type ServiceSend } from './application/replies/service-sender.ts';
export { Reply, type ReplyError, type ReplyInput } from './application/replies/reply.use-case.ts';
export { ListServiceMessages, SERVICE_MESSAGES_DEFAULT_LIMIT, SERVICE_MESSAGES_MAX_LIMIT } from './application/messages/list-service-messages.use-case.ts';
export type { AccountSmsPrices } from './application/account-prices/account-sms-prices.port.ts';
export { SetAccountSmsPrice, type AccountSmsPrice } from './application/account-prices/set-account-sms-price.use-case.ts';
export { ListShortCodes } from './application/short-codes/list-short-codes.use-case.ts';
export { ProvisionShortCode } from './application/short-codes/provision-short-code.use-case.ts';
export { createTwoWay, twoWayJobRoutes, type TwoWay, type TwoWayPorts } from './create-two-way.ts';
export { TWO_WAY_TOKENS } from './tokens.ts';
