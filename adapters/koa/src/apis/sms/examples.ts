import type { ExamplesByOperation } from '../../http/operation-examples.ts';
import { WALLET_BALANCE } from '../billing/examples.ts';
import { deliveredEvent } from '../webhooks/delivery-examples.ts';
import { ACCOUNT_ID, LIVE_KEY } from './message-examples.ts';

/** The account, keys, catalogue, settings, lists and webhooks of Duka Online (message-examples.ts has its sends). */
const stagingKey = {
  id: 'key_01KGEXJHRJR52E3WETGBFNR2EK',
  prefix: 'svc_test_wTwXaxuF',
  name: 'Staging',
  scopes: ['send', 'query'],
  environment: 'test',
  is_active: true,
  last_used_at: null,
  revoked_at: null,
  created_at: '2026-02-02T10:15:04.722Z',
};
const liveKey = {
  ...LIVE_KEY,
  scopes: ['send', 'query', 'webhooks', 'two_way'],
  environment: 'live',
  is_active: true,
  last_used_at: '2026-03-10T09:30:12.470Z',
  revoked_at: null,
  created_at: '2026-01-12T07:52:40.310Z',
};

const kenya = { country_code: 'KE', country_name: 'Kenya', currency: 'KES', price_per_segment: 0.8 };
const uganda = { country_code: 'UG', country_name: 'Uganda', currency: 'UGX', price_per_segment: 30 };
const route = { code: 'SVC_KE', name: 'Kenya Direct', ...kenya, sender_id_default: 'Tuma', is_active: true };
const daily = (hours: string | null, weekend: string | null = hours) => ({ mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: weekend, sun: weekend });

const template = { id: 3, name: 'Order shipped', text: 'Habari {{name}}! Your order {{order_id}} has shipped.', created_at: '2026-02-20T08:12:31.004Z', updated_at: '2026-02-20T08:12:31.004Z' };
export const SENDER_ID = {
  id: 2,
  name: 'DUKA',
  countries: ['KE'],
  use_case: 'Order confirmations and delivery updates for duka.co.ke customers',
  status: 'approved',
  rejection_reason: null,
  fee_usd: 257.640232,
  fee_charged_at: '2026-01-15T11:20:03.881Z',
  created_at: '2026-01-12T08:03:17.260Z',
};
const contactList = { id: 7, name: 'Nairobi customers', description: 'Customers who ordered in Nairobi in 2026', member_count: 3, created_at: '2026-02-14T06:30:00.512Z', updated_at: '2026-03-09T16:45:10.208Z' };
const members = [
  { phone: '+254712345678', name: 'Amina', vars: { order_id: 'KE-1042' } },
  { phone: '+254722000111', name: 'Otieno', vars: { order_id: 'KE-1043' } },
];
const hooks = { dlr_url: 'https://duka.co.ke/hooks/sms/delivery', mo_url: 'https://duka.co.ke/hooks/sms/inbound' };
const deliveryReport = deliveredEvent({ id: 'evt_01KKBHACZPEVBJV5M2441CDC7M', type: 'message.delivered', url: hooks.dlr_url, at: '2026-03-10T09:30:16.950Z', attemptAt: '2026-03-10T09:30:17.133Z', latencyMs: 184 });
const inboundEvent = deliveredEvent({ id: 'evt_01KKBHY6EC3MX16N4AH6K797TR', type: 'message.inbound', url: hooks.mo_url, at: '2026-03-10T09:41:05.612Z', attemptAt: '2026-03-10T09:41:05.840Z', latencyMs: 211 });

export const SMS_EXAMPLES = {
  getCurrentAccount: {
    response: {
      id: ACCOUNT_ID,
      email: 'amina@duka.co.ke',
      status: 'active',
      wallet_currency: 'KES',
      created_at: '2026-01-12T07:41:09.118Z',
      api_key: { id: LIVE_KEY.id, prefix: LIVE_KEY.prefix, environment: 'live', livemode: true, scopes: liveKey.scopes },
      balance: WALLET_BALANCE,
    },
  },
  listOwnApiKeys: { response: { data: [stagingKey, liveKey] } },
  createOwnApiKey: {
    request: { environment: 'test', scopes: ['send', 'query'], name: 'Staging' },
    response: { ...stagingKey, key: 'svc_test_wTwXaxuFeWY29Uu4IzZRUSjQbqO9CWgElVxp1z0K' },
  },
  revokeOwnApiKey: { response: { ...stagingKey, is_active: false, last_used_at: '2026-03-02T14:11:52.407Z', revoked_at: '2026-03-10T08:00:21.930Z' } },
  listRoutes: {
    response: [
      route,
      { code: 'SVC_TZ', name: 'Tanzania Direct', country_code: 'TZ', country_name: 'Tanzania', currency: 'TZS', price_per_segment: 25, sender_id_default: 'Tuma', is_active: true },
      { code: 'SVC_UG', name: 'Uganda Direct', ...uganda, sender_id_default: 'Tuma', is_active: true },
    ],
  },
  getRoute: { response: route },
  updateRoute: { request: { price_per_segment: 0.75 }, response: { ...route, price_per_segment: 0.75 } },
  listPricing: {
    response: [
      { route_code: 'SVC_KE', ...kenya, sender_id: 'Tuma' },
      { route_code: 'SVC_UG', ...uganda, sender_id: 'Tuma' },
    ],
  },
  listCountries: {
    response: {
      total: 54,
      supported: 46,
      countries: [
        {
          country_code: 'KE',
          country_name: 'Kenya',
          networks: ['Safaricom', 'Airtel Kenya', 'Telkom Kenya', 'Equitel'],
          currency: 'KES',
          supported: true,
          route_code: 'SVC_KE',
          price_per_segment: 0.8,
          price_currency: 'KES',
          sender_id_registration: true,
          sender_id_free: false,
          regulator: 'Communications Authority of Kenya (CA)',
          promo_note:
            'Communications Authority of Kenya consumer-protection guidelines allow marketing SMS only between 07:00 and 19:00 unless the recipient asked otherwise, on an opt-in basis with an opt-out in every message.',
          rules: [
            'Alphanumeric sender IDs must be registered with the networks before use; unregistered IDs are blocked or replaced.',
            "Promotional messages need the recipient's prior consent and a working opt-out.",
            'Sender IDs are registered per network (Safaricom, Airtel, Telkom, Equitel).',
            'Personal data used for messaging is subject to the Data Protection Act, 2019.',
          ],
          otp_available: true,
          two_way: true,
        },
      ],
    },
  },
  listSenderIdFees: {
    response: {
      currency: 'USD',
      countries: [
        {
          country_code: 'KE',
          country_name: 'Kenya',
          fee_usd: null,
          fee_type: 'per_network',
          covers: null,
          fee_table: [
            ['Safaricom + Airtel', 15800, 0],
            ['Safaricom', 7800, 0],
            ['Airtel', 8000, 0],
            ['Telkom', 7500, 0],
            ['Equitel', 10000, 0],
          ],
          note: 'One-off setup fee per network in KES; no recurring fee.',
        },
      ],
    },
  },
  getSmsSettings: { response: { smart_encoding: false, quiet_hours: {} } },
  updateSmsSettings: { request: { smart_encoding: true }, response: { smart_encoding: true, quiet_hours: {} } },
  getAccountSmsSettings: { response: { smart_encoding: true, quiet_hours: { KE: daily('08:00-18:00') } } },
  updateAccountSmsSettings: { request: { quiet_hours: { KE: '08:00-18:00' } }, response: { smart_encoding: true, quiet_hours: { KE: daily('08:00-18:00') } } },
  listMarketQuietHours: {
    response: {
      markets: [
        { country_code: 'KE', time_zones: ['Africa/Nairobi'], promotional_hours: daily('07:00-19:00'), updated_by: null, updated_at: null },
        { country_code: 'UG', time_zones: ['Africa/Kampala'], promotional_hours: null, updated_by: null, updated_at: null },
      ],
    },
  },
  updateMarketQuietHours: {
    request: { promotional_hours: daily('07:00-19:00', '09:00-17:00') },
    response: { country_code: 'KE', time_zones: ['Africa/Nairobi'], promotional_hours: daily('07:00-19:00', '09:00-17:00'), updated_by: 'key:op_bf8dce4a9558', updated_at: '2026-03-10T07:15:42.665Z' },
  },
  listOptOuts: {
    response: {
      opt_outs: [
        { phone: '+254700111222', source: 'api', keyword: null, created_at: '2026-03-08T15:02:19.377Z' },
        { phone: '+254711987654', source: 'sms', keyword: 'STOP', created_at: '2026-03-05T18:44:03.120Z' },
      ],
    },
  },
  addOptOut: { request: { phone: '+254700111222' }, response: { phone: '+254700111222', opted_out: true } },
  removeOptOut: { response: { phone: '+254700111222', opted_out: false } },
  listTemplates: { response: { templates: [template] } },
  createTemplate: { request: { name: template.name, text: template.text }, response: template },
  updateTemplate: {
    request: { name: 'Order shipped', text: 'Habari {{name}}! Order {{order_id}} is on its way: {{link}}' },
    response: { ...template, text: 'Habari {{name}}! Order {{order_id}} is on its way: {{link}}', updated_at: '2026-03-09T10:31:07.552Z' },
  },
  listSenderIds: { response: [SENDER_ID] },
  requestSenderId: {
    request: { name: 'DUKA', countries: ['KE'], use_case: SENDER_ID.use_case },
    response: { id: 2, name: 'DUKA', status: 'pending', estimated_fee_usd: 0, fee_countries: [] },
  },
  listContactLists: { response: { contact_lists: [contactList] } },
  createContactList: {
    request: { name: contactList.name, description: contactList.description },
    response: { ...contactList, member_count: 0, updated_at: contactList.created_at },
  },
  getContactList: { response: contactList },
  updateContactList: {
    request: { description: 'Customers who ordered in Nairobi since January 2026' },
    response: { ...contactList, description: 'Customers who ordered in Nairobi since January 2026', updated_at: '2026-03-10T08:20:14.019Z' },
  },
  listContactMembers: {
    response: {
      members: [
        ...members.map((member) => ({ ...member, country: 'KE', created_at: '2026-02-14T06:31:12.884Z' })),
        { phone: '+254733000222', country: 'KE', name: 'Wanjiku', vars: { order_id: 'KE-1044' }, created_at: '2026-03-09T16:45:10.208Z' },
      ],
      total: 3,
      page: 0,
      limit: 100,
    },
  },
  addContactMembers: { request: { members }, response: { added: 2, updated: 0, errors: [] } },
  importContacts: {
    response: {
      imported: 2,
      added: 1,
      updated: 1,
      duplicates: 0,
      error_count: 1,
      encoding: 'utf-8',
      errors: [{ row: 4, value: '0722 000', reason: 'impossible_number' }],
    },
  },
  getWebhookConfig: { response: { ...hooks, signing_secret: 'whsec_3xWpUsRmpkioSqJEtQZ6AFdORF0ejfat', is_active: true } },
  updateWebhookConfig: { request: { ...hooks, is_active: true }, response: { status: 'updated' } },
  rotateWebhookSecret: { response: { signing_secret: 'whsec_9MAmXhLWYyI3dgevZGK1UJsOQLEDT7aZ' } },
  sendTestWebhooks: {
    response: {
      events: [
        deliveredEvent({ id: 'evt_01KKBYF5WC5ERJZ3CVR5TJ8BBF', type: 'message.delivered', url: hooks.dlr_url, at: '2026-03-10T13:20:05.004Z', attemptAt: '2026-03-10T13:20:05.190Z', latencyMs: 176 }),
        deliveredEvent({ id: 'evt_01KKBYF5WDKXD8GDWWYVGVYP1A', type: 'message.inbound', url: hooks.mo_url, at: '2026-03-10T13:20:05.005Z', attemptAt: '2026-03-10T13:20:05.201Z', latencyMs: 187 }),
      ],
    },
  },
  listWebhookDeliveries: { response: { deliveries: [inboundEvent, deliveryReport], total: 2, page: 0, limit: 20 } },
  redeliverWebhook: { response: { ...inboundEvent, status: 'pending', next_attempt_at: '2026-03-10T13:25:00.318Z' } },
} satisfies ExamplesByOperation;
