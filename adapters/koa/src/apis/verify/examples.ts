import type { ExamplesByOperation } from '../../http/operation-examples.ts';

/** Duka Online's sign-in codes: a Verify App for East Africa, codes by SMS at KES 0.80 each. */
const app = {
  id: 'vera_01KGC7KNRKSR4TH24SERS0AD8Y',
  name: 'Duka login',
  brand: 'Duka',
  template: 'Your {{brand}} code is {{code}}. It expires in {{minutes}} minutes.',
  code_length: 6,
  ttl_seconds: 300,
  max_check_attempts: 5,
  max_sends: 5,
  resend_cooldown_seconds: 30,
  allowed_countries: ['KE', 'UG', 'TZ'],
  sender_id: 'DUKA',
  is_default: true,
  created_at: '2026-02-01T09:12:44.051Z',
  updated_at: '2026-02-01T09:12:44.051Z',
};
const VERIFICATION_ID = 'ver_01KKBTR3HX1T4ZBQRNG7FWX2JK';
const started = {
  id: VERIFICATION_ID,
  status: 'pending',
  to: '+254712345678',
  app_id: app.id,
  channel: 'sms',
  expires_at: '2026-03-10T12:20:03.229Z',
  attempts_left: 5,
  sends_left: 4,
  cost: 0.8,
  currency: 'KES',
  created_at: '2026-03-10T12:15:03.229Z',
  updated_at: '2026-03-10T12:15:03.229Z',
};
const approved = { ...started, status: 'approved', updated_at: '2026-03-10T12:15:41.607Z' };
/** A second sign-in whose first SMS was slow: a new code sent 40 seconds later. */
const resent = {
  ...started,
  id: 'ver_01KKBTWXGGA4SWBG2FSKE47BX7',
  to: '+254722000111',
  expires_at: '2026-03-10T12:23:20.912Z',
  sends_left: 3,
  cost: 1.6,
  created_at: '2026-03-10T12:17:40.880Z',
  updated_at: '2026-03-10T12:18:20.912Z',
};

export const VERIFY_EXAMPLES = {
  listVerifyApps: { response: { apps: [app] } },
  createVerifyApp: {
    request: { name: app.name, brand: app.brand, code_length: 6, ttl_seconds: 300, allowed_countries: app.allowed_countries, sender_id: 'DUKA' },
    response: app,
  },
  getVerifyApp: { response: app },
  updateVerifyApp: { request: { ttl_seconds: 600 }, response: { ...app, ttl_seconds: 600, updated_at: '2026-03-09T14:02:18.330Z' } },
  startVerification: { request: { to: '+254712345678', app_id: app.id }, response: started },
  checkVerification: { request: { verification_id: VERIFICATION_ID, code: '482913' }, response: { id: VERIFICATION_ID, status: 'approved', valid: true, attempts_left: 5 } },
  listVerifications: { response: { verifications: [resent, approved], total: 2, page: 0, limit: 20 } },
  getVerification: { response: approved },
  resendVerification: { response: resent },
  cancelVerification: { response: { ...resent, status: 'canceled', updated_at: '2026-03-10T12:19:02.144Z' } },
} satisfies ExamplesByOperation;
