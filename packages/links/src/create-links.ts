import { GuessThrottle, jobRoute, ResultAsync, type Clock, type DnsResolver, type FailureLog, type JobRoute, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import { DeliverWebhook, deliverWebhookJob, ListWebhookDeliveries, RedeliverWebhook, WebhookOutbox, type WebhookDeliveryRepository, type WebhookSender } from '@tuma/webhooks';
import { ClickWebhooks } from './application/webhooks/click-webhooks.ts';
import type { LinkWebhookRepository } from './application/webhooks/link-webhook.repository.port.ts';
import { CreateLinkWebhook } from './application/webhooks/create-link-webhook.use-case.ts';
import { DeleteLinkWebhook } from './application/webhooks/delete-link-webhook.use-case.ts';
import { GetLinkWebhook } from './application/webhooks/get-link-webhook.use-case.ts';
import { LinkWebhookEndpoints } from './application/webhooks/link-webhook-endpoints.ts';
import { ListLinkWebhooks } from './application/webhooks/list-link-webhooks.use-case.ts';
import { LINKS_WEBHOOK_PROFILE } from './domain/webhooks/link-webhook.ts';
import type { BrandedDomainRepository } from './application/domains/branded-domain.repository.port.ts';
import { AddBrandedDomain } from './application/domains/add-branded-domain.use-case.ts';
import { DeleteBrandedDomain } from './application/domains/delete-branded-domain.use-case.ts';
import { GetBrandedDomain } from './application/domains/get-branded-domain.use-case.ts';
import { ListBrandedDomains } from './application/domains/list-branded-domains.use-case.ts';
import { VerifyBrandedDomain } from './application/domains/verify-branded-domain.use-case.ts';
import { BrandedHosts } from './application/domains/branded-hosts.ts';
import type { TlsProvisioner } from './application/domains/tls-provisioner.port.ts';
import { ClickBuffer, DEFAULT_CLICK_BUFFER, type ClickBufferOptions } from './application/clicks/click-buffer.ts';
import { ClickClassifier } from './application/clicks/click-classifier.ts';
import type { ClickStore } from './application/clicks/click-store.port.ts';
import type { CountryLookup } from './application/clicks/country-lookup.port.ts';
import { RecordClick } from './application/clicks/record-click.use-case.ts';
import type { VisitorKeys } from './application/clicks/visitor-keys.port.ts';
import type { VisitorProfiler } from './application/clicks/visitor-profiler.port.ts';
import type { ClickAnalytics } from './application/analytics/click-analytics.port.ts';
import { GetLinkAnalytics } from './application/analytics/get-link-analytics.use-case.ts';
import { CreateLink } from './application/links/create-link.use-case.ts';
import { LinkSender } from './application/links/link-sms.ts';
import type { SendMessage } from '@tuma/messaging';
import type { WalletOwners } from '@tuma/billing';
import type { DestinationCheck } from './application/links/destination-check.port.ts';
import { LinkInput } from './application/links/link-input.ts';
import type { LinkPasswords } from './application/links/link-passwords.port.ts';
import type { LinkRepository } from './application/links/link.repository.port.ts';
import { DeleteLink } from './application/links/delete-link.use-case.ts';
import { GetLink } from './application/links/get-link.use-case.ts';
import { ListLinks } from './application/links/list-links.use-case.ts';
import { TargetScreen } from './application/links/target-screen.ts';
import { UpdateLink } from './application/links/update-link.use-case.ts';
import { FollowLink } from './application/redirects/follow-link.use-case.ts';
import { UnlockLink } from './application/redirects/unlock-link.use-case.ts';
import type { BlockedHosts } from './domain/links/blocked-hosts.ts';
import type { CampaignRepository } from './application/campaigns/campaign.repository.port.ts';
import { CreateCampaign } from './application/campaigns/create-campaign.use-case.ts';
import { DeleteCampaign } from './application/campaigns/delete-campaign.use-case.ts';
import { ListCampaigns } from './application/campaigns/list-campaigns.use-case.ts';
import { GetLinksUsage } from './application/usage/get-links-usage.use-case.ts';
import { ApiRequestMeter } from './application/usage/api-request-meter.ts';
import type { ApiRequestCounts } from './application/usage/api-request-counts.port.ts';
import type { LinksUsage } from './application/usage/links-usage.port.ts';
import type { LinksPlans } from './application/plans/links-plans.port.ts';
import { PlanGate } from './application/plans/plan-gate.ts';
import { CreateQrCode } from './application/qr/create-qr-code.use-case.ts';
import type { QrCodeRepository } from './application/qr/qr-code.repository.port.ts';
import type { QrRenderer } from './application/qr/qr-renderer.port.ts';
import { DeleteQrCode } from './application/qr/delete-qr-code.use-case.ts';
import { GetQrCodePng } from './application/qr/get-qr-code-png.use-case.ts';
import { ListQrCodes } from './application/qr/list-qr-codes.use-case.ts';
import type { LinkSnapshot } from './domain/links/link.aggregate.ts';

export interface LinksPorts {
  readonly linkRepository: LinkRepository;
  /** The SSRF guard (the webhook engine's `WebhookDestinations`): `screen` for targets, `check` for click webhooks. */
  readonly destinations: DestinationCheck;
  /** Known-bad hosts (the blocklist file); the short domain's host is added here. */
  readonly blockedHosts: BlockedHosts;
  readonly passwords: LinkPasswords;
  /** Wrong link passwords (the kernel's `GuessThrottle`, scope `link`), shared with sign-ins' store. */
  readonly failureLog: FailureLog;
  readonly qrCodeRepository: QrCodeRepository;
  readonly campaignRepository: CampaignRepository;
  readonly brandedDomainRepository: BrandedDomainRepository;
  /** Checks branded domains' TXT records (the kernel's port, shared with mail). */
  readonly dnsResolver: DnsResolver;
  readonly tlsProvisioner: TlsProvisioner;
  readonly linksUsage: LinksUsage;
  /** Requests with live links keys per month (the plan's api_monthly), flushed from memory. */
  readonly apiRequestCounts: ApiRequestCounts;
  /** The plan in force (the account service's subscriptions). */
  readonly linksPlans: LinksPlans;
  readonly qrRenderer: QrRenderer;
  readonly clickStore: ClickStore;
  readonly clickAnalytics: ClickAnalytics;
  readonly visitorProfiler: VisitorProfiler;
  readonly countryLookup: CountryLookup;
  readonly visitorKeys: VisitorKeys;
  readonly clock: Clock;
  /** `SHORT_BASE_URL`: where the default domain's short links are served (`http://localhost:3000/s`); known once the server listens. */
  readonly shortBaseUrl: () => string;
  readonly clickBuffer?: Partial<ClickBufferOptions>;
  /** Click webhooks: the account's endpoints, and the engine's shared outbox, sender and jobs. */
  readonly linkWebhookRepository: LinkWebhookRepository;
  readonly webhookDeliveries: WebhookDeliveryRepository;
  readonly webhookSender: WebhookSender;
  readonly jobs: JobScheduler;
  readonly unitOfWork: UnitOfWork;
  /** Links sent by SMS: the SMS platform's send path (messaging's `SendMessage`) and the wallets it bills. */
  readonly sendMessage: Pick<SendMessage, 'execute'>;
  readonly walletOwners: WalletOwners;
  /** Runs work done outside any request (a flush of clicks) in a database context of its own. */
  readonly background?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** The links product (docs/links.md): every use case built from its ports, as `createMail`. */
export function createLinks(ports: LinksPorts) {
  const { linkRepository: links, clock } = ports;
  const base = () => ports.shortBaseUrl().replace(/\/+$/, '');
  const domains = ports.brandedDomainRepository;
  const brandedHosts = new BrandedHosts(domains, base);
  const shortUrlOf = (link: Pick<LinkSnapshot, 'accountId' | 'domainId' | 'slug'>): Promise<string> => brandedHosts.shortUrlOf(link);
  const ownHosts = () => [new URL(base()).hostname];
  const screen = new TargetScreen(ports.blockedHosts, ownHosts, brandedHosts, ports.destinations);
  const gate = new PlanGate(ports.linksPlans, ports.linksUsage, clock);
  const input = new LinkInput(screen, ports.passwords, ports.campaignRepository);
  const classifier = new ClickClassifier(ports.visitorProfiler, ports.countryLookup, ports.visitorKeys);
  const clickWebhooks = new ClickWebhooks(ports.linkWebhookRepository, ports.linksPlans, new WebhookOutbox(ports.webhookDeliveries, ports.jobs, clock, LINKS_WEBHOOK_PROFILE), shortUrlOf, clock);
  const background = ports.background ?? (<T>(work: () => Promise<T>) => work());
  // A flush writes its clicks, and the click events of accounts with webhooks in the same unit of work.
  const flushed: ClickStore = {
    append: (clicks) =>
      background(async () => {
        const webhooks = await clickWebhooks.subscribersOf(clicks);
        if (webhooks.length === 0) return ports.clickStore.append(clicks);
        await ports.unitOfWork.run(() => ResultAsync.fromSafePromise((async () => {
          await ports.clickStore.append(clicks);
          await clickWebhooks.publish(clicks, webhooks);
        })()));
      }),
  };
  const clickBuffer = new ClickBuffer(flushed, (raw) => classifier.classify(raw), { ...DEFAULT_CLICK_BUFFER, onError: () => {}, ...ports.clickBuffer });
  const webhookEndpoints = new LinkWebhookEndpoints(ports.linkWebhookRepository);
  const recordClick = new RecordClick(clickBuffer, clock);
  return {
    createLink: new CreateLink(links, input, gate, domains, new LinkSender(ports.sendMessage, ports.walletOwners, links), shortUrlOf, clock),
    updateLink: new UpdateLink(links, input, clock),
    getLink: new GetLink(links),
    listLinks: new ListLinks(links),
    deleteLink: new DeleteLink(links),
    followLink: new FollowLink(links, recordClick, clock),
    unlockLink: new UnlockLink(links, ports.passwords, new GuessThrottle('link', ports.failureLog, clock), recordClick, clock),
    getLinkAnalytics: new GetLinkAnalytics(links, ports.clickAnalytics, gate, clock),
    createQrCode: new CreateQrCode(ports.qrCodeRepository, links, screen, ports.qrRenderer, shortUrlOf, gate, clock),
    listQrCodes: new ListQrCodes(ports.qrCodeRepository),
    getQrCodePng: new GetQrCodePng(ports.qrCodeRepository, ports.qrRenderer),
    deleteQrCode: new DeleteQrCode(ports.qrCodeRepository),
    createCampaign: new CreateCampaign(ports.campaignRepository, clock),
    listCampaigns: new ListCampaigns(ports.campaignRepository),
    deleteCampaign: new DeleteCampaign(ports.campaignRepository),
    getLinksUsage: new GetLinksUsage(ports.linksUsage, clock),
    addBrandedDomain: new AddBrandedDomain(domains, gate, ownHosts, clock),
    listBrandedDomains: new ListBrandedDomains(domains),
    getBrandedDomain: new GetBrandedDomain(domains),
    verifyBrandedDomain: new VerifyBrandedDomain(domains, ports.dnsResolver, ports.tlsProvisioner, clock),
    deleteBrandedDomain: new DeleteBrandedDomain(domains),
    createLinkWebhook: new CreateLinkWebhook(ports.linkWebhookRepository, ports.destinations, gate, clock),
    listLinkWebhooks: new ListLinkWebhooks(ports.linkWebhookRepository),
    getLinkWebhook: new GetLinkWebhook(ports.linkWebhookRepository),
    deleteLinkWebhook: new DeleteLinkWebhook(ports.linkWebhookRepository),
    listWebhookDeliveries: new ListWebhookDeliveries(ports.webhookDeliveries, [LINKS_WEBHOOK_PROFILE]),
    redeliverWebhook: new RedeliverWebhook(ports.webhookDeliveries, webhookEndpoints, ports.jobs, ports.unitOfWork, clock, [LINKS_WEBHOOK_PROFILE]),
    deliverWebhook: new DeliverWebhook(ports.webhookDeliveries, webhookEndpoints, ports.webhookSender, ports.jobs, ports.unitOfWork, clock, LINKS_WEBHOOK_PROFILE),
    /** Which verified branded domain a request's Host names (redirects at the root path, the TLS ask endpoint). */
    brandedHosts,
    /** Flushed by the server on a timer and at stop. */
    clickBuffer,
    /** The plan's api_monthly: each live key's request admitted (or refused, 402) in memory; flushed with the clicks. */
    apiRequests: new ApiRequestMeter(ports.apiRequestCounts, ports.linksPlans, clock),
    /** The link's short URL on its domain: SHORT_BASE_URL/<slug>, or https://<branded hostname>/<slug>. */
    shortUrlOf,
  };
}

export type LinksService = ReturnType<typeof createLinks>;

/** The delivery attempts of click webhooks, for the workers. */
export const linksJobRoutes = (service: LinksService): JobRoute[] => [jobRoute(deliverWebhookJob(LINKS_WEBHOOK_PROFILE), (ref) => service.deliverWebhook.execute(ref))];
