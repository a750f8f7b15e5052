import type { ExamplesByOperation } from '../../http/operation-examples.ts';

/**
 * Sends, quotes, conversations, inbound and reports of Duka Online, a Nairobi shop with a KES wallet,
 * on 10 March 2026: route SVC_KE at KES 0.80 a segment, so a one-segment SMS costs 0.8.
 */
export const ACCOUNT_ID = 'acc_01KERJDKKY12G131QBVYYSW43W';
export const LIVE_KEY = { id: 'key_01KERK2PKPPZ5GX3T6P65A5YSM', prefix: 'svc_live_QeqsUXpZ', name: 'Duka checkout' };
const SHIPPED = 'Habari Amina! Your order KE-1042 has shipped.';
const BULK_TEXT = 'Habari {{name}}! Your order {{order_id}} has shipped.';
const SENT_ID = 'msg_01KKBHA8M18YAJV6WC59HEV4ZP';
const BATCH_ID = 'bat_01KKBK0TEPBNCH86Y0Q441ZFWB';
const SCHEDULED_ID = 'msg_01KKBPKC5HEVR41H1Z0C25549Q';
const INBOUND_ID = 'mo_01KKBHY671G4PGG4YHJ8DRBTS6';

const message = {
  id: SENT_ID,
  phone: '+254712345678',
  text: SHIPPED,
  original_text: null,
  category: 'transactional',
  sender_id: 'DUKA',
  route: 'SVC_KE',
  country: 'KE',
  segments: 1,
  encoding: 'GSM7',
  environment: 'live',
  cost: 0.8,
  currency: 'KES',
  status: 'delivered',
  error_code: null,
  retry_count: 0,
  batch_id: null,
  scheduled_at: null,
  created_at: '2026-03-10T09:30:12.481Z',
  submitted_at: '2026-03-10T09:30:12.902Z',
  delivered_at: '2026-03-10T09:30:16.874Z',
  failed_at: null,
};
const scheduled = {
  ...message,
  id: SCHEDULED_ID,
  phone: '+254722000111',
  text: 'Reminder: your Duka order KE-1043 arrives tomorrow.',
  status: 'queued',
  scheduled_at: '2026-03-11T06:00:00.000Z',
  created_at: '2026-03-10T11:02:33.905Z',
  submitted_at: null,
  delivered_at: null,
};
const batchMessage = {
  ...message,
  id: 'msg_01KKBK0TEPG7533SA2H4RSWRNC',
  phone: '+254733000222',
  text: 'Habari Wanjiku! Your order KE-1044 has shipped.',
  batch_id: BATCH_ID,
  created_at: '2026-03-10T10:00:00.214Z',
  submitted_at: '2026-03-10T10:00:01.055Z',
  delivered_at: '2026-03-10T10:00:05.318Z',
};

/** The week of 3 to 9 March 2026 (`date_from=2026-03-03&date_to=2026-03-09`). */
const WEEK = { environment: 'live', date_from: '2026-03-03T00:00:00.000Z', date_to: '2026-03-10T00:00:00.000Z', currency: 'KES' };
const weekTotals = { messages: 2912, segments: 3061, delivered: 2824, failed: 41, rejected: 23, pending: 24, delivery_rate: 0.9857, cost: 2448.8, refunded: 23.2, spend: 2425.6 };
const weekByStatus = { queued: 9, sent: 2, submitted: 13, delivered: 2824, failed: 41, rejected: 23 };
const weekDaily = [
  { date: '2026-03-03', messages: 402, segments: 422, delivered: 393, failed: 6, rejected: 3, pending: 0, delivery_rate: 0.985, cost: 337.6, refunded: 3.2, spend: 334.4 },
  { date: '2026-03-04', messages: 455, segments: 477, delivered: 444, failed: 7, rejected: 4, pending: 0, delivery_rate: 0.9845, cost: 381.6, refunded: 4, spend: 377.6 },
  { date: '2026-03-05', messages: 390, segments: 408, delivered: 383, failed: 5, rejected: 2, pending: 0, delivery_rate: 0.9871, cost: 326.4, refunded: 1.6, spend: 324.8 },
  { date: '2026-03-06', messages: 611, segments: 642, delivered: 597, failed: 9, rejected: 5, pending: 0, delivery_rate: 0.9851, cost: 513.6, refunded: 4.8, spend: 508.8 },
  { date: '2026-03-07', messages: 298, segments: 313, delivered: 291, failed: 4, rejected: 3, pending: 0, delivery_rate: 0.9864, cost: 250.4, refunded: 3.2, spend: 247.2 },
  { date: '2026-03-08', messages: 180, segments: 189, delivered: 177, failed: 2, rejected: 1, pending: 0, delivery_rate: 0.9888, cost: 151.2, refunded: 0.8, spend: 150.4 },
  { date: '2026-03-09', messages: 576, segments: 610, delivered: 539, failed: 8, rejected: 5, pending: 24, delivery_rate: 0.9854, cost: 488, refunded: 5.6, spend: 482.4 },
];

const inbound = { from: '+254712345678', to: '22384', text: 'DUKA where is order KE-1042?' };

export const MESSAGE_EXAMPLES = {
  validateNumbers: {
    request: { phone: ['+254712345678', '+254 722 000111', '0722 000 111'] },
    response: {
      count: 3,
      valid: 2,
      invalid: 1,
      mobile: 2,
      results: [
        { input: '+254712345678', e164: '+254712345678', valid: true, possible: true, country: 'KE', type: 'mobile', carrier: 'Safaricom', location: null, national: '0712 345678', reason: null },
        { input: '+254 722 000111', e164: '+254722000111', valid: true, possible: true, country: 'KE', type: 'mobile', carrier: 'Safaricom', location: null, national: '0722 000111', reason: null },
        // Without its country code a number cannot be read.
        { input: '0722 000 111', e164: null, valid: false, possible: false, country: null, type: 'unknown', carrier: null, location: null, national: null, reason: 'parse_error' },
      ],
    },
  },
  quotePrice: {
    request: { to: ['+254712345678', '+254733000222'], text: SHIPPED },
    response: {
      encoding: 'GSM7',
      segments: 1,
      characters: 45,
      units: 45,
      over_segment_cap: false,
      max_segments: 10,
      wallet_currency: 'KES',
      wallet_balance: 48210.4,
      recipients: ['+254712345678', '+254733000222'].map((to) => ({
        to,
        country: 'KE',
        route: 'SVC_KE',
        routable: true,
        segments: 1,
        encoding: 'GSM7',
        price_per_segment: 0.8,
        route_currency: 'KES',
        cost_route: 0.8,
        cost_wallet: 0.8,
        fx_rate: '1',
        reason: null,
      })),
      routable_count: 2,
      unroutable: [],
      total_cost: 1.6,
      affordable: true,
      gsm7_alternative: null,
      smart_encoded_text: null,
    },
  },
  sendMessage: {
    request: { to: '+254712345678', text: SHIPPED, sender_id: 'DUKA' },
    response: {
      id: SENT_ID,
      status: 'sent',
      segments: 1,
      encoding: 'GSM7',
      recipients: 1,
      price_per_sms: 0.8,
      cost: 0.8,
      cost_currency: 'KES',
      route_cost: 0.8,
      route_currency: 'KES',
      route: 'SVC_KE',
      balance_after: 48209.6,
      scheduled_at: null,
      deferred_by_quiet_hours: false,
    },
  },
  precheckBulk: {
    request: { contact_list_ids: [7], text: BULK_TEXT, sender_id: 'DUKA' },
    response: {
      total_contacts: 3,
      total_segments: 3,
      total_cost: 2.4,
      wallet_currency: 'KES',
      wallet_balance: 48209.6,
      balance_after: 48207.2,
      sufficient_balance: true,
      countries: 1,
      breakdown: [{ country_code: 'KE', country_name: 'Kenya', currency: 'KES', route_code: 'SVC_KE', contacts: 3, segments: 3, route_cost: 2.4, wallet_cost: 2.4, price_per_segment: 0.8 }],
      unroutable: [],
      unroutable_count: 0,
      suppressed_count: 0,
      gsm7_alternative: null,
    },
  },
  sendBulk: {
    request: { contact_list_ids: [7], text: BULK_TEXT, sender_id: 'DUKA' },
    response: { batch_id: BATCH_ID, total_recipients: 3, estimated_cost: 2.4, status: 'sending', deferred_by_quiet_hours: false, quiet_hours_deferrals: [] },
  },
  listMessages: { response: { messages: [scheduled, batchMessage], total: 1284, page: 0, limit: 2 } },
  getMessageStatuses: {
    response: {
      messages: [{ id: SENT_ID, status: 'delivered', segments: 1, error_code: null, error_message: null, submitted_at: message.submitted_at, delivered_at: message.delivered_at }],
    },
  },
  getBatch: {
    response: {
      batch_id: BATCH_ID,
      total: 3,
      counts: { delivered: 2, failed: 1 },
      cost: 2.4,
      currency: 'KES',
      page: 0,
      limit: 50,
      messages: [
        { id: batchMessage.id, phone: '+254733000222', status: 'delivered', segments: 1, cost: 0.8, error_code: null, created_at: batchMessage.created_at, delivered_at: batchMessage.delivered_at },
        { id: 'msg_01KKBK0TEQBQ2JNJ3QZ5D11372', phone: '+254722000111', status: 'failed', segments: 1, cost: 0.8, error_code: 'absent_subscriber', created_at: '2026-03-10T10:00:00.215Z', delivered_at: null },
        { id: 'msg_01KKBK0TERDG7JZDM1V1GMSAZZ', phone: '+254712345678', status: 'delivered', segments: 1, cost: 0.8, error_code: null, created_at: '2026-03-10T10:00:00.216Z', delivered_at: '2026-03-10T10:00:04.960Z' },
      ],
    },
  },
  cancelBatch: { response: { batch_id: 'bat_01KKBQMJ9TN6ACGB80WPJBP027', cancelled: 250, refunded: 200, currency: 'KES' } },
  getMessage: { response: message },
  cancelMessage: { response: { ...scheduled, status: 'rejected', error_code: 'cancelled', failed_at: '2026-03-10T11:05:02.117Z' } },
  listConversations: {
    response: {
      conversations: [
        { phone: '+254712345678', last_text: 'Sawa, asante!', last_direction: 'inbound', last_at: '2026-03-10T12:02:41.550Z' },
        { phone: '+254722000111', last_text: scheduled.text, last_direction: 'outbound', last_at: scheduled.created_at },
      ],
    },
  },
  getConversation: {
    response: {
      phone: '+254712345678',
      messages: [
        { id: SENT_ID, text: SHIPPED, direction: 'outbound', status: 'delivered', created_at: message.created_at },
        { id: INBOUND_ID, text: inbound.text, direction: 'inbound', status: 'received', created_at: '2026-03-10T09:41:05.377Z' },
        { id: 'msg_01KKBJ51P69NY2RNYQKE5NYC9F', text: 'Your order KE-1042 arrives tomorrow before noon.', direction: 'outbound', status: 'delivered', created_at: '2026-03-10T09:44:50.118Z' },
        { id: 'mo_01KKBT1F8EQCRWA8FJRNJ42Y2X', text: 'Sawa, asante!', direction: 'inbound', status: 'received', created_at: '2026-03-10T12:02:41.550Z' },
      ],
    },
  },
  receiveInboundPush: {
    request: { ...inbound, carrier_message_id: 'ATXid_5b7c1e0f9d2a4b8c' },
    response: { message_id: INBOUND_ID, status: 'received', duplicate: false },
  },
  simulateInbound: {
    request: inbound,
    response: { message_id: INBOUND_ID, status: 'received', duplicate: false, account_id: ACCOUNT_ID, keyword: 'DUKA', opt_out: false },
  },
  listSimulatorMessages: {
    response: {
      messages: [
        { message_id: batchMessage.id, to: '+254733000222', from: 'DUKA', text: batchMessage.text, parts: 1, gateway: 'simulator', environment: 'live', received_at: '2026-03-10T10:00:01.049Z' },
        { message_id: SENT_ID, to: '+254712345678', from: 'DUKA', text: SHIPPED, parts: 1, gateway: 'simulator', environment: 'live', received_at: '2026-03-10T09:30:12.897Z' },
      ],
    },
  },
  getMessageStats: { response: { ...WEEK, ...weekTotals, by_status: weekByStatus } },
  getMessageVolume: {
    response: {
      environment: 'live',
      date_from: '2026-03-04T00:00:00.000Z',
      date_to: '2026-03-11T00:00:00.000Z',
      days: 7,
      daily: [
        ...weekDaily.slice(1).map(({ date, messages, delivered, failed, pending, rejected }) => ({ date, messages, delivered, failed, pending, rejected })),
        { date: '2026-03-10', messages: 214, delivered: 188, failed: 2, pending: 22, rejected: 2 },
      ],
    },
  },
  getRouteHealth: {
    response: {
      environment: 'live',
      date_from: '2026-03-10T11:00:00.000Z',
      date_to: '2026-03-10T12:00:00.000Z',
      routes: [
        {
          route: 'SVC_KE',
          account: { attempted: 58, delivered: 55, failed: 1, pending: 2, delivery_rate: 0.9821, median_delivery_seconds: 3.842 },
          platform: { delivery_rate: 0.9874, median_delivery_seconds: 3.315 },
        },
      ],
    },
  },
  getReport: { response: { ...WEEK, totals: weekTotals, by_status: weekByStatus, by_country: [{ country: 'KE', ...weekTotals }], daily: weekDaily } },
  getReportBreakdown: {
    response: {
      ...WEEK,
      campaigns: [
        { batch_id: 'bat_01KK0Z4BC03EW848VGF4T5E1ZD', text: 'Karibu Duka! Use WEEKEND10 for 10% off until Sunday.', created_at: '2026-03-06T07:00:00.000Z', recipients: 412, charged: 329.6, messages: 412, segments: 412, delivered: 405, failed: 4, rejected: 3, pending: 0, delivery_rate: 0.9902, cost: 329.6, refunded: 2.4, spend: 327.2 },
        { batch_id: null, text: null, created_at: null, recipients: null, charged: null, messages: 2500, segments: 2649, delivered: 2419, failed: 37, rejected: 20, pending: 24, delivery_rate: 0.9849, cost: 2119.2, refunded: 20.8, spend: 2098.4 },
      ],
      campaign_count: 1,
      limit: 100,
      api_keys: [{ api_key_id: LIVE_KEY.id, prefix: LIVE_KEY.prefix, name: LIVE_KEY.name, ...weekTotals }],
    },
  },
} satisfies ExamplesByOperation;
