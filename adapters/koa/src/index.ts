export { createHttpApp, type Authenticate, type AuthenticateSession, type HttpAppOptions, type MountedRoute } from './http/http-app.ts';
export { API_NAMES, APIS, type ApiDescription, type ApiName } from './http/api-description.ts';
export { mountApis, type MountedApi } from './http/mount-apis.ts';
export { clientAddress, RATE_LIMIT_HEADERS, type HttpRateLimits, type RateLimitOptions } from './http/rate-limit.ts';
export { IDEMPOTENT_REPLAYED_HEADER, type HttpIdempotency, type RouteIdempotency } from './http/idempotency.ts';
export { alsoUnderV1, defineRoute, json, noContent, toOpenApiPath, type HttpResult, type RouteAccess, type RouteDefinition, type SessionAccess } from './http/route.ts';
export { OPERATION_IDS } from './http/operation-ids.ts';
export { HttpError, type ErrorDetail } from './http/http-error.ts';
export { DOMAIN_ERROR_STATUS, isAppError, toHttpError, type AppError } from './http/domain-error-status.ts';
export type { HttpLogger } from './http/middleware.ts';
export { buildOpenApiDocument, type OpenApiOptions } from './http/openapi.ts';
export { unwrap } from './http/unwrap.ts';
export { healthRoutes, livenessRoute, type HealthProbe } from './routes/health.routes.ts';
export { authRoutes } from './routes/auth.routes.ts';
export { adminAccountRoutes, type AdminAccountUseCases } from './routes/admin-accounts.routes.ts';
export { mailKeyRoutes, type MailKeyUseCases } from './routes/mail-keys.routes.ts';
export { mailDomainRoutes, type MailDomainUseCases } from './routes/mail-domains.routes.ts';
export { mailEmailRoutes, type MailEmailUseCases } from './routes/mail-emails.routes.ts';
export { numberValidationRoutes } from './routes/number-validation.routes.ts';
export { quoteRoutes, quoteView, type QuoteUseCases } from './routes/quote.routes.ts';
export { adminFxRateRoutes, fxRateView, type AdminFxRateUseCases } from './routes/admin-fx-rates.routes.ts';
export { catalogueRoutes, type CatalogueUseCases } from './routes/catalogue.routes.ts';
export { toCoverage, toCoverageView, toPricing, toPricingEntry, toRouteView, toSenderIdFeesView } from './routes/catalogue-views.ts';
export { escapeHtml, htmlPage, seeOther } from './http/html.ts';
export { topUpRoutes, topUpView, type TopUpUseCases } from './routes/top-up.routes.ts';
export { paymentWebhookRoutes, type PaymentWebhookUseCases } from './routes/payment-webhook.routes.ts';
export {
  checkoutPageRoutes,
  type CheckoutPageUseCases,
  type HostedCheckoutAction,
  type HostedCheckoutActions,
} from './routes/checkout-pages.routes.ts';
export { balanceRoutes } from './routes/balance.routes.ts';
export { adminBalanceRoutes, type AdminBalanceUseCases } from './routes/admin-balances.routes.ts';
export { optOutRoutes, optOutView, type OptOutUseCases } from './routes/opt-outs.routes.ts';
export { templateRoutes, templateView, type TemplateUseCases } from './routes/templates.routes.ts';
export { verifyRoutes, type VerifyUseCases } from './routes/verify.routes.ts';
export { planRoutes } from './routes/plans.routes.ts';
export { linksPlanSchema, mailPlanSchema, toLinksPlanView, toMailPlanView, toPlansView, type LinksPlanView, type MailPlanView } from './routes/plan-views.ts';
export { verifyAppRoutes } from './routes/verify-apps.routes.ts';
export { senderIdRoutes, type SenderIdUseCases } from './routes/sender-ids.routes.ts';
export { adminSenderIdRoutes, type AdminSenderIdUseCases } from './routes/admin-sender-ids.routes.ts';
export { adminSenderIdView, senderIdReceiptView, senderIdView } from './routes/sender-id-views.ts';
export { messageRoutes, type MessageUseCases } from './routes/messages.routes.ts';
export { contactListRoutes, contactListView, contactMemberView, CONTACT_IMPORT_MAX_BYTES, type ContactListUseCases } from './routes/contact-lists.routes.ts';
export type { RawBodyOptions } from './http/route.ts';
export { webhookRoutes, type WebhookUseCases } from './routes/webhooks.routes.ts';
export { reportRoutes, type ReportUseCases } from './routes/reports.routes.ts';
export { conversationRoutes, conversationView, threadMessageView, type ConversationUseCases } from './routes/conversations.routes.ts';
export { INBOUND_PROVIDER_NAME, inboundPushRoutes, type InboundPushAuthenticator, type InboundPushUseCases } from './routes/inbound.routes.ts';
export { simulatorInboundRoutes, type InboundSimulator } from './routes/simulator-inbound.routes.ts';
export { simulatorInboxRoutes, type HandsetDelivery, type SimulatorInbox } from './routes/simulator-inbox.routes.ts';
export { adminRateLimitRoutes, type AdminRateLimitUseCases } from './routes/admin-rate-limits.routes.ts';
export { registrationRoutes, type RegistrationUseCases } from './routes/registration.routes.ts';
export { sessionRoutes, type SessionUseCases } from './routes/session.routes.ts';
export { profileRoutes, type ProfileUseCases } from './routes/profile.routes.ts';
export { adminOutboxRoutes, type MailOutbox, type OutboxMail } from './routes/admin-outbox.routes.ts';
