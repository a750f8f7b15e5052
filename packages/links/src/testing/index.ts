/** In-memory fakes of the links ports, for tests and embedding apps. */
export { InMemoryLinkRepository } from './in-memory-link.repository.ts';
export { InMemoryClicks } from './in-memory-clicks.ts';
export { InMemoryQrCodeRepository } from './in-memory-qr-code.repository.ts';
export { InMemoryCampaignRepository } from './in-memory-campaign.repository.ts';
export { InMemoryLinksUsage } from './in-memory-links-usage.ts';
export { InMemoryBrandedDomainRepository } from './in-memory-branded-domain.repository.ts';
export { InMemoryApiRequestCounts } from './in-memory-api-request-counts.ts';
export { InMemoryLinkWebhookRepository } from './in-memory-link-webhook.repository.ts';
