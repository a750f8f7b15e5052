import { token, type DnsResolver } from '@tuma/kernel';
import type { SendMessage } from '@tuma/messaging';
import type { BrandedDomainRepository } from './application/domains/branded-domain.repository.port.ts';
import type { TlsProvisioner } from './application/domains/tls-provisioner.port.ts';
import type { ClickAnalytics } from './application/analytics/click-analytics.port.ts';
import type { ClickStore } from './application/clicks/click-store.port.ts';
import type { CountryLookup } from './application/clicks/country-lookup.port.ts';
import type { VisitorKeys } from './application/clicks/visitor-keys.port.ts';
import type { VisitorProfiler } from './application/clicks/visitor-profiler.port.ts';
import type { DestinationCheck } from './application/links/destination-check.port.ts';
import type { LinkPasswords } from './application/links/link-passwords.port.ts';
import type { LinkRepository } from './application/links/link.repository.port.ts';
import type { LinksService } from './create-links.ts';
import type { BlockedHosts } from './domain/links/blocked-hosts.ts';
import type { QrCodeRepository } from './application/qr/qr-code.repository.port.ts';
import type { QrRenderer } from './application/qr/qr-renderer.port.ts';
import type { CampaignRepository } from './application/campaigns/campaign.repository.port.ts';
import type { LinksUsage } from './application/usage/links-usage.port.ts';
import type { LinkWebhookRepository } from './application/webhooks/link-webhook.repository.port.ts';
import type { ApiRequestCounts } from './application/usage/api-request-counts.port.ts';
import type { LinksPlans } from './application/plans/links-plans.port.ts';

export const LINKS_TOKENS = {
  /** Every links use case (`createLinks`). */
  links: token<LinksService>('links.Links'),
  linkRepository: token<LinkRepository>('links.LinkRepository'),
  destinations: token<DestinationCheck>('links.DestinationCheck'),
  blockedHosts: token<BlockedHosts>('links.BlockedHosts'),
  passwords: token<LinkPasswords>('links.LinkPasswords'),
  qrCodeRepository: token<QrCodeRepository>('links.QrCodeRepository'),
  qrRenderer: token<QrRenderer>('links.QrRenderer'),
  campaignRepository: token<CampaignRepository>('links.CampaignRepository'),
  brandedDomainRepository: token<BrandedDomainRepository>('links.BrandedDomainRepository'),
  dnsResolver: token<DnsResolver>('links.DnsResolver'),
  tlsProvisioner: token<TlsProvisioner>('links.TlsProvisioner'),
  linksUsage: token<LinksUsage>('links.LinksUsage'),
  linkWebhookRepository: token<LinkWebhookRepository>('links.LinkWebhookRepository'),
  sendMessage: token<Pick<SendMessage, 'execute'>>('links.SendMessage'),
  apiRequestCounts: token<ApiRequestCounts>('links.ApiRequestCounts'),
  linksPlans: token<LinksPlans>('links.LinksPlans'),
  clickStore: token<ClickStore>('links.ClickStore'),
  clickAnalytics: token<ClickAnalytics>('links.ClickAnalytics'),
  visitorProfiler: token<VisitorProfiler>('links.VisitorProfiler'),
  countryLookup: token<CountryLookup>('links.CountryLookup'),
  visitorKeys: token<VisitorKeys>('links.VisitorKeys'),
  shortBaseUrl: token<() => string>('links.ShortBaseUrl'),
};
