import type { ExamplesByOperation } from '../../http/operation-examples.ts';

/** Duka Online's keyword DUKA on the shared Kenyan short code 22384: customers text it about their orders. */
export const KENYA_TWO_WAY_PRICING = {
  country_code: 'KE',
  country_name: 'Kenya',
  setup_fee_usd: 500,
  monthly_fee_usd: 300,
  shared_keyword_monthly_fee_usd: 40,
  sms_basic_price_usd: 0.006187,
  price_source: 'basic',
  inbound_price_usd: 0.006187,
  outbound_price_usd: 0.006187,
  toll_free_available: true,
  toll_free_inbound_price_usd: null,
  networks: ['Safaricom', 'Airtel Kenya', 'Telkom Kenya', 'Equitel'],
  is_available: true,
};
const requested = {
  country_code: 'KE',
  type: 'shared',
  keyword: 'DUKA',
  use_case: 'Customers text DUKA to 22384 to ask about their orders',
  company_name: 'Duka Online Ltd',
  kyc_document_urls: ['https://duka.co.ke/kyc/certificate-of-incorporation.pdf'],
  webhook_url: 'https://duka.co.ke/hooks/two-way',
};
export const PENDING_TWO_WAY_SERVICE = {
  id: 4,
  status: 'pending',
  country_code: 'KE',
  type: 'shared',
  keyword: 'DUKA',
  toll_free: false,
  number: null,
  use_case: requested.use_case,
  company_name: requested.company_name,
  webhook_url: requested.webhook_url,
  auto_reply_enabled: false,
  auto_reply_text: '',
  forward_email: null,
  setup_fee_usd: 0,
  monthly_fee_usd: 40,
  inbound_price_usd: 0.006187,
  outbound_price_usd: 0.006187,
  next_billing_at: null,
  created_at: '2026-02-03T08:25:40.118Z',
};
/** Approved on 4 February 2026: a 30-day period paid, the next due on 6 April. */
export const TWO_WAY_SERVICE = {
  ...PENDING_TWO_WAY_SERVICE,
  status: 'active',
  number: '22384',
  auto_reply_enabled: true,
  auto_reply_text: 'Asante! Duka will reply within the hour.',
  forward_email: 'care@duka.co.ke',
  next_billing_at: '2026-04-05T10:02:11.736Z',
};
const INBOUND = 'DUKA where is order KE-1042?';

export const TWO_WAY_EXAMPLES = {
  listTwoWayPricing: {
    response: {
      currency: 'USD',
      countries: [
        KENYA_TWO_WAY_PRICING,
        { ...KENYA_TWO_WAY_PRICING, country_code: 'UG', country_name: 'Uganda', sms_basic_price_usd: 0.008451, inbound_price_usd: 0.008451, outbound_price_usd: 0.008451, networks: ['MTN Uganda', 'Airtel Uganda', 'Uganda Telecom'] },
      ],
    },
  },
  checkTwoWayKeyword: { response: { keyword: 'DUKA', country_code: 'KE', available: true, reason: null } },
  requestTwoWayService: { request: requested, response: PENDING_TWO_WAY_SERVICE },
  listTwoWayServices: { response: { services: [TWO_WAY_SERVICE] } },
  getTwoWayService: { response: TWO_WAY_SERVICE },
  updateTwoWayService: {
    request: { auto_reply_text: TWO_WAY_SERVICE.auto_reply_text, auto_reply_enabled: true, forward_email: 'care@duka.co.ke' },
    response: TWO_WAY_SERVICE,
  },
  cancelTwoWayService: { response: { ...TWO_WAY_SERVICE, status: 'cancelled', next_billing_at: null } },
  listTwoWayServiceMessages: {
    response: {
      messages: [
        { id: 'msg_01KKBJ51P69NY2RNYQKE5NYC9F', direction: 'outbound', from: '22384', to: '+254712345678', text: 'Your order KE-1042 arrives tomorrow before noon.', keyword: null, phone: '+254712345678', status: 'delivered', billed: null, cost: 0.799979, auto_reply: false, created_at: '2026-03-10T09:44:50.118Z' },
        { id: 'msg_01KKBHY6B8G2MCDMHSJCAK679X', direction: 'outbound', from: '22384', to: '+254712345678', text: TWO_WAY_SERVICE.auto_reply_text, keyword: null, phone: '+254712345678', status: 'delivered', billed: null, cost: 0.799979, auto_reply: true, created_at: '2026-03-10T09:41:05.512Z' },
        { id: 'mo_01KKBHY671G4PGG4YHJ8DRBTS6', direction: 'inbound', from: '+254712345678', to: '22384', text: INBOUND, keyword: 'DUKA', phone: '+254712345678', status: 'received', billed: true, cost: 0.799979, auto_reply: false, created_at: '2026-03-10T09:41:05.377Z' },
      ],
      total: 3,
    },
  },
  replyFromTwoWayService: {
    request: { to: '+254712345678', text: 'Your order KE-1042 arrives tomorrow before noon.' },
    response: { id: 'msg_01KKBJ51P69NY2RNYQKE5NYC9F', status: 'submitted', segments: 1, cost: 0.799979, currency: 'KES', balance_after: 48207.200063 },
  },
} satisfies ExamplesByOperation;
