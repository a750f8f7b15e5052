import type { ExamplesByOperation } from '../../http/operation-examples.ts';
import { LINKS_BUSINESS } from '../subscriptions/examples.ts';
import { deliveredEvent } from '../webhooks/delivery-examples.ts';

/** Duka Online's short links on the business plan: an Easter campaign sent by SMS, at https://tu.ma/s (SHORT_BASE_URL). */
const CAMPAIGN_ID = 'cmp_01KJPSTXJV21EB8R0VSCTP4FX1';
const LINK_ID = 'lnk_01KJPSZTMXD12Y1SE59G296ZRD';
const WEBHOOK_ID = 'lwh_01KKBN0Z03093SE3E7JF79JX2F';
const storefrontKey = {
  id: 'key_01KKBMAAFP1KKFNCXB8Q9XG1S5',
  name: 'Duka storefront',
  prefix: 'svc_l_TB4YcWOB',
  scopes: ['links:read', 'links:write'],
  environment: 'live',
  is_active: true,
  last_used_at: null,
  created_at: '2026-03-10T10:22:40.118Z',
};
const created = {
  url: 'https://duka.co.ke/offers/easter',
  slug: 'pasaka26',
  campaign_id: CAMPAIGN_ID,
  title: 'Easter offers',
  tags: ['sms', 'nairobi'],
  expires_at: '2026-04-06T21:00:00.000Z',
};
const link = {
  id: LINK_ID,
  slug: created.slug,
  short_url: 'https://tu.ma/s/pasaka26',
  url: created.url,
  domain_id: null,
  campaign_id: CAMPAIGN_ID,
  title: 'Easter offers: up to 30% off',
  tags: ['sms', 'nairobi', 'mombasa'],
  expires_at: created.expires_at,
  has_password: false,
  clicks: 1204,
  created_at: '2026-03-02T08:17:44.605Z',
  updated_at: '2026-03-02T09:05:12.880Z',
};
const orderLink = {
  ...link,
  id: 'lnk_01KKBHA8EC58PPHA4STZ3XQPHQ',
  slug: 'Y8bpBRr',
  short_url: 'https://tu.ma/s/Y8bpBRr',
  url: 'https://duka.co.ke/orders/KE-1042',
  campaign_id: null,
  title: null,
  tags: [],
  expires_at: null,
  clicks: 2,
  created_at: '2026-03-10T09:30:12.300Z',
  updated_at: '2026-03-10T09:30:12.300Z',
};
const qrCode = { id: 'qr_01KJPTRQC0YDJ6BJFDAHD995DX', link_id: LINK_ID, target_url: link.short_url, label: 'Shop window poster', fg_color: '#1B4332', bg_color: '#FFFFFF', created_at: '2026-03-02T08:31:20.448Z' };
const webhook = { id: WEBHOOK_ID, url: 'https://duka.co.ke/hooks/links', events: ['link.clicked'], is_active: true, created_at: '2026-03-10T10:35:02.019Z' };
const click = (id: string, at: string, attemptAt: string) => deliveredEvent({ id, type: 'link.clicked', url: webhook.url, at, attemptAt, latencyMs: 96 });
const latestClick = click('evt_01KKBT93MTVDZP589G37NXAY7X', '2026-03-10T12:06:51.802Z', '2026-03-10T12:06:52.015Z');
const brandedDomain = { id: 'bdm_01KKBNADM3THYNKCXXZW5T179N', hostname: 'go.duka.co.ke', verified: true, tls_ready: true, verify_token: 'svc-links-verify=TytHGRdkAz1p055bAPTRdbtMi5kO4xUt', created_at: '2026-03-10T10:40:11.907Z' };

export const LINKS_EXAMPLES = {
  createLinksApiKey: {
    request: { name: storefrontKey.name, environment: 'live', scopes: storefrontKey.scopes },
    response: { ...storefrontKey, key: 'svc_l_TB4YcWOByNUtqcSgOWwjPBzTVFIFB58ALqrGpO1q' },
  },
  listLinksApiKeys: {
    response: {
      data: [storefrontKey, { ...storefrontKey, id: 'key_01KKBM7DXJP7HK6EYAF750ZKSS', name: 'Duka backend', prefix: 'svc_l_oJQBTvXe', scopes: ['*'], last_used_at: '2026-03-10T10:27:44.590Z', created_at: '2026-03-10T10:21:05.330Z' }],
    },
  },
  createLink: {
    request: { ...created, utm: { source: 'sms', medium: 'bulk', campaign: 'easter-2026' } },
    response: { ...link, title: created.title, tags: created.tags, clicks: 0, updated_at: link.created_at },
  },
  listLinks: { response: { data: [orderLink, link] } },
  getLink: { response: link },
  updateLink: { request: { title: link.title, tags: link.tags }, response: link },
  createQrCode: {
    request: { link_id: LINK_ID, label: qrCode.label, fg_color: qrCode.fg_color, bg_color: qrCode.bg_color },
    // The PNG of https://tu.ma/s/pasaka26 in the code's colours, as the API draws it.
    response: { ...qrCode, png: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAQgAAAEICAYAAACj9mr/AAAAAklEQVR4AewaftIAAAaHSURBVO3B0bFbOw4AwTFKYSALpICwmQKzYB5eB7Dgxzulkq493b9+/4Ek/R+BJA0CSRoEkjQIJGkQSNIgkKRBIEmDQJIGgSQNAkkaBJI0CCRpEEjSIJCkQSBJg0CSBoEkDQJJGgSSNAgkaRBI0iCQpEEgSYNAkgaBJA0CSRoEkjQIJGkQSNIgkKRBIEmDFx+WXfzNztrcZBdPnLW5yS5+srM2N9nF3+yszScFkjQIJGkQSNIgkKRBIEmDQJIGgSQNXny5szbfLLt44qzNTXZxk13cnLW5yS7e6azNJ521+WbZxTcLJGkQSNIgkKRBIEmDQJIGgSQNAkkavPjhsot3Omvzzc7a3GQXT5y1uckubrKLJ87avFN28U5nbX6yQJIGgSQNAkkaBJI0CCRpEEjSIJCkwQt9VHZxc9bmJrt4p+zinc7a6HsFkjQIJGkQSNIgkKRBIEmDQJIGgSQNXuivdtbmJrt44qzNTXZxk13cnLXR5wSSNAgkaRBI0iCQpEEgSYNAkgaBJA1e/HBnbf5m2cXNWZt3Omtzk13cnLW5yS4+6ayNZoEkDQJJGgSSNAgkaRBI0iCQpEEgSYMXXy67+JedtbnJLm7O2vzLsgv9d4EkDQJJGgSSNAgkaRBI0iCQpEEgSYMXH3bWRrPs4p3O2nzSWZsnztrofQJJGgSSNAgkaRBI0iCQpEEgSYNAkgYvPiy7uDlr807Zxc1Zm5vs4pPO2jyRXdyctbk5a3OTXdyctbnJLr7ZWZsnsoubszafFEjSIJCkQSBJg0CSBoEkDQJJGgSSNHjx5bKLdzprc5Nd3Jy1uckunjhrc5NdPHHW5ia7+GZnbZ7ILt4pu7g5a/PNAkkaBJI0CCRpEEjSIJCkQSBJg0CSBr9+/8EHZRfvdNbmJrv4pLM2N9nFzVmbm+ziibM2T2QXN2dtvll28cRZm58skKRBIEmDQJIGgSQNAkkaBJI0CCRp8Ov3H3yx7OLmrM1NdvHEWZsnsouf7KzNTXZxc9bmJru4OWvzRHZxc9bmieziibM23yyQpEEgSYNAkgaBJA0CSRoEkjQIJGnw4sOyi5uzNjfZxSdlFzdnbW6yi086a/PEWZtPyi5uzto8kV28U3Zxc9bmkwJJGgSSNAgkaRBI0iCQpEEgSYNAkgYvvlx2cXPW5ons4omzNjfZxRNnbW6yi5uzNjfZxc1Zm5vs4pPO2jyRXdyctXkiu7g5a/PNAkkaBJI0CCRpEEjSIJCkQSBJg0CSBr9+/8E/LLu4OWtzk108cdbmnbKLdzprc5Nd3Jy1eSK7+GZnbX6yQJIGgSQNAkkaBJI0CCRpEEjSIJCkwYsfLru4OWvzTmdtnsgubs7avNNZmyeyi5uzNk9kF5901uYmu7jJLm7O2nyzQJIGgSQNAkkaBJI0CCRpEEjSIJCkwa/ff/BB2cXf7KzNE9nFE2dtbrKLm7M2T2QX/7KzNj9ZIEmDQJIGgSQNAkkaBJI0CCRpEEjS4NfvP9DHZBdPnLV5p+ziibM2N9nFzVmbd8oubs7a/MsCSRoEkjQIJGkQSNIgkKRBIEmDQJIGLz4su/ibnbV5p+zi5qzNE2dtvll2cXPWRv9dIEmDQJIGgSQNAkkaBJI0CCRpEEjS4MWXO2vzzbKLJ87a3GQX75Rd3Jy1uckuPumszTtlF+901uabBZI0CCRpEEjSIJCkQSBJg0CSBoEkDV78cNnFO521eafs4uaszU12cZNdfNJZm5vs4ia7+MnO2vxkgSQNAkkaBJI0CCRpEEjSIJCkQSBJgxf6qLM2N9nFzVmbJ7KLm+zi5qzNTXZxc9bmJrt4p7M2T2QXN9nFE2dtPimQpEEgSYNAkgaBJA0CSRoEkjQIJGnwQn+17OLmrM1NdvFO2cU7nbV5Iru4OWtzk13cnLX5ZoEkDQJJGgSSNAgkaRBI0iCQpEEgSYMXP9xZm7/ZWZsnztrcZBc3Z23e6azNE9nFTXbxTtnF3yyQpEEgSYNAkgaBJA0CSRoEkjQIJGnw4stlF3+z7OKJszZPnLV5Irt4p+ziibM275RdPJFd3Jy1+aRAkgaBJA0CSRoEkjQIJGkQSNIgkKTBr99/IEn/RyBJg0CSBoEkDQJJGgSSNAgkaRBI0iCQpEEgSYNAkgaBJA0CSRoEkjQIJGkQSNIgkKRBIEmDQJIGgSQNAkkaBJI0CCRpEEjSIJCkQSBJg0CSBoEkDQJJGgSSNAgkaRBI0uB/JH+PuBAIoMgAAAAASUVORK5CYII=' },
  },
  listQrCodes: { response: [qrCode] },
  listCampaigns: { response: [{ id: CAMPAIGN_ID, name: 'Easter 2026', color: '#E4572E', links: 3, clicks: 1396, created_at: '2026-03-02T08:15:03.771Z' }] },
  createCampaign: { request: { name: 'Easter 2026', color: '#E4572E' }, response: { id: CAMPAIGN_ID, name: 'Easter 2026', color: '#E4572E' } },
  addBrandedDomain: {
    request: { hostname: 'go.duka.co.ke' },
    response: { ...brandedDomain, verified: false, tls_ready: false, txt_record: `_svc-links.go.duka.co.ke TXT ${brandedDomain.verify_token}` },
  },
  listBrandedDomains: { response: [brandedDomain] },
  getBrandedDomain: { response: brandedDomain },
  verifyBrandedDomain: { response: { ...brandedDomain, tls_ready: false } },
  askTlsForBrandedDomain: { response: { domain: 'go.duka.co.ke' } },
  createLinkWebhook: { request: { url: webhook.url, events: webhook.events }, response: { ...webhook, secret: 'whsec_EmYtf4tN6iIEP7bMBWvBLhaxEP3xoV0f' } },
  listLinkWebhooks: { response: [webhook] },
  getLinkWebhook: { response: webhook },
  listLinkWebhookDeliveries: { response: { deliveries: [latestClick, click('evt_01KKBT4CSJ6K7NVTB0H1GYC6KC', '2026-03-10T12:04:17.330Z', '2026-03-10T12:04:17.541Z')], total: 2, page: 0, limit: 20 } },
  redeliverLinkWebhook: { response: { ...latestClick, status: 'pending', next_attempt_at: '2026-03-10T13:10:04.227Z' } },
  getLinkAnalytics: {
    response: {
      link_id: LINK_ID,
      range_days: 7,
      totals: { clicks: 815, uniques: 728 },
      timeline: [
        { day: '2026-03-04', clicks: 212, uniques: 187 },
        { day: '2026-03-05', clicks: 148, uniques: 131 },
        { day: '2026-03-06', clicks: 96, uniques: 88 },
        { day: '2026-03-07', clicks: 71, uniques: 66 },
        { day: '2026-03-08', clicks: 40, uniques: 37 },
        { day: '2026-03-09', clicks: 183, uniques: 160 },
        { day: '2026-03-10', clicks: 65, uniques: 59 },
      ],
      by_country: { KE: 781, UG: 21, TZ: 9, US: 4 },
      by_device: { mobile: 742, desktop: 61, tablet: 12 },
      by_browser: { Chrome: 531, Safari: 118, 'Samsung Internet for Android': 97, Opera: 41, Firefox: 28 },
      by_referrer: { direct: 690, 'l.facebook.com': 74, 't.co': 27, 'duka.co.ke': 24 },
    },
  },
  getLinksAccount: {
    response: { user_id: null, email: 'amina@duka.co.ke', tier: 'business', is_admin: false, plan: LINKS_BUSINESS, usage: { links_this_month: 148, qr_this_month: 6 } },
  },
} satisfies ExamplesByOperation;
