/** Contract suites of this package's ports, run against the in-memory fakes and the real adapters. */
export { describeLinkRepositoryContract, newLink, type LinkRepositoryFixture } from './link-repository.contract.ts';
export { describeClicksContract, type ClicksFixture } from './clicks.contract.ts';
export { describeQrCodeRepositoryContract, type QrCodeRepositoryFixture } from './qr-code-repository.contract.ts';
export { describeCampaignRepositoryContract, type CampaignRepositoryFixture } from './campaign-repository.contract.ts';
export { describeLinksUsageContract, type LinksUsageFixture } from './links-usage.contract.ts';
export { describeBrandedDomainRepositoryContract, type BrandedDomainRepositoryFixture } from './branded-domain-repository.contract.ts';
export { describeApiRequestCountsContract, type ApiRequestCountsFixture } from './api-request-counts.contract.ts';
export { describeLinkWebhookRepositoryContract, type LinkWebhookRepositoryFixture } from './link-webhook-repository.contract.ts';
