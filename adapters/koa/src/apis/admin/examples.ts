import type { ExamplesByOperation } from '../../http/operation-examples.ts';
import { AMINA, OTIENO } from '../auth/examples.ts';
import { ledgerEntry, WALLET_BALANCE } from '../billing/examples.ts';
import { ACCOUNT_ID } from '../sms/message-examples.ts';
import { SENDER_ID } from '../sms/examples.ts';
import { KENYA_TWO_WAY_PRICING, PENDING_TWO_WAY_SERVICE, TWO_WAY_SERVICE } from '../two-way/examples.ts';

/** The operator's routes: onboarding Jiko Foods, a new Kenyan customer, and reviewing Duka Online's requests. */
const JIKO = 'acc_01KHRDPRSTM9FMJ89CQC5WY3Y1';
const OPERATOR = 'key:op_bf8dce4a9558';
const jiko = { id: JIKO, email: 'hello@jikofoods.co.ke', status: 'active', is_admin: false, wallet_currency: 'KES', created_at: '2026-02-18T13:05:51.930Z' };
const jikoKey = {
  id: 'key_01KHRDQMANPCPF8VPNVCWEV4ZN',
  prefix: 'svc_live_6fu1g9rc',
  name: 'Jiko orders',
  scopes: ['send', 'query'],
  environment: 'live',
  is_active: true,
  last_used_at: null,
  revoked_at: null,
  created_at: '2026-02-18T13:06:20.117Z',
};
const jikoBalance = { currency: 'KES', balance: 15000, reserved: 0, available: 15000, updated_at: '2026-02-18T13:12:40.005Z' };
const sokoni = { account_id: 'acc_01KG1NVTFECKJ5AEQR8N9AQQ4P', email: 'accounts@sokoni.co.ug', status: 'active', has_wallet: true, currency: 'UGX', balance: 1250000, reserved: 0, available: 1250000, updated_at: '2026-03-08T07:14:55.201Z' };
const senderIdReview = { account_id: ACCOUNT_ID, estimated_fee_usd: 0, fee_countries: [] };
const fxRate = (to: string, rate: string, updatedAt: string) => ({ from: 'USD', to, rate, updated_at: updatedAt, updated_by: OPERATOR });
const adminService = {
  ...TWO_WAY_SERVICE,
  account_id: ACCOUNT_ID,
  kyc_document_urls: ['https://duka.co.ke/kyc/certificate-of-incorporation.pdf'],
  approved_at: '2026-02-04T10:02:11.736Z',
  periods_paid: 2,
  unpaid_since: null,
  suspended_for: null,
  rejection_reason: null,
  cancelled_at: null,
};
const pendingService = { ...adminService, ...PENDING_TWO_WAY_SERVICE, approved_at: null, periods_paid: 0 };
/** The operator's own price for Kenya, over the SMS catalogue's basic rate. */
const kenyaTwoWay = { ...KENYA_TWO_WAY_PRICING, price_source: 'custom', inbound_price_usd: 0.005, outbound_price_usd: 0.005, toll_free_inbound_price_usd: 0.008 };
const users = [
  { ...OTIENO, status: 'active' },
  { ...AMINA, status: 'active' },
];
const VERIFY_TOKEN = 'Qm7Vd2kXr9TfLp4sNw8HyZc1Jb6Ue3Ga5RoKi0EtWqYn';

export const ADMIN_EXAMPLES = {
  createAccount: { request: { email: jiko.email, wallet_currency: 'KES' }, response: jiko },
  issueApiKey: {
    request: { environment: 'live', scopes: ['send', 'query'], name: 'Jiko orders' },
    response: { ...jikoKey, key: 'svc_live_6fu1g9rcD4V7nsPJe9VjKwXdTWGZ3m11uhWOQq95' },
  },
  issueMailApiKey: {
    request: { name: 'Jiko receipts', permissions: ['send', 'read'] },
    response: { id: 'key_01KHRDRY1XH3ZGC51VMZ6QEJ6M', name: 'Jiko receipts', prefix: 'svc_k_hZi5lxOx', permissions: ['send', 'read'], last_used_at: null, created_at: '2026-02-18T13:07:02.845Z', key: 'svc_k_hZi5lxOx5FY8s2aYdNUHKMtpM26mnQX0ev1aCThg' },
  },
  issueLinksApiKey: {
    request: { name: 'Jiko campaigns', environment: 'live', scopes: ['links:read', 'links:write'] },
    response: {
      id: 'key_01KHRDT2MDDND2WKVE88D7GT9M',
      name: 'Jiko campaigns',
      prefix: 'svc_l_5OPonWY9',
      scopes: ['links:read', 'links:write'],
      environment: 'live',
      is_active: true,
      last_used_at: null,
      created_at: '2026-02-18T13:07:40.301Z',
      key: 'svc_l_5OPonWY92rOMI2nMeNgUNCktuHWxDGh6lXF28Zp9',
    },
  },
  suspendAccount: { response: { ...jiko, status: 'suspended' } },
  unsuspendAccount: { response: jiko },
  revokeApiKey: { response: { ...jikoKey, is_active: false, last_used_at: '2026-03-09T18:30:02.551Z', revoked_at: '2026-03-10T07:02:44.318Z' } },
  listAccountBalances: {
    response: {
      balances: [
        { account_id: ACCOUNT_ID, email: AMINA.email, status: 'active', has_wallet: true, ...WALLET_BALANCE },
        { account_id: JIKO, email: jiko.email, status: 'active', has_wallet: true, ...jikoBalance },
        sokoni,
      ],
      total: 3,
      page: 0,
      limit: 25,
    },
  },
  getBalanceStats: {
    response: {
      customer_accounts: 3,
      wallets: 3,
      totals: [
        { currency: 'KES', wallets: 2, balance: 63210.4, reserved: 0 },
        { currency: 'UGX', wallets: 1, balance: 1250000, reserved: 0 },
      ],
      negative_risk_accounts: 0,
      top_ups: {
        last_24h: [{ currency: 'KES', count: 1, amount: 2500 }],
        last_7d: [{ currency: 'KES', count: 3, amount: 12500 }],
        last_30d: [
          { currency: 'KES', count: 9, amount: 61500 },
          { currency: 'UGX', count: 2, amount: 1500000 },
        ],
      },
    },
  },
  creditBalance: {
    request: { amount: 15000, currency: 'KES', reason: 'M-Pesa payment QJK4H7YT2P', reference: 'mpesa-QJK4H7YT2P' },
    response: {
      transaction: ledgerEntry({ id: 'txn_01KHRE37A5P3JEF9ZH50EYZSE0', kind: 'credit', amount: 15000, balanceAfter: 15000, reason: 'M-Pesa payment QJK4H7YT2P', reference: 'adjustment:mpesa-QJK4H7YT2P', at: jikoBalance.updated_at }),
      balance: jikoBalance,
    },
  },
  debitBalance: {
    request: { amount: 250, currency: 'KES', reason: 'Correction of a double credit', reference: 'adj-2026-0218' },
    response: {
      transaction: ledgerEntry({ id: 'txn_01KHRE5R4K71YB3W9N333G9WKP', kind: 'fee', amount: -250, balanceAfter: 14750, reason: 'Correction of a double credit', reference: 'adjustment:adj-2026-0218', at: '2026-02-18T13:14:02.771Z' }),
      balance: { ...jikoBalance, balance: 14750, available: 14750, updated_at: '2026-02-18T13:14:02.771Z' },
    },
  },
  setFxRate: { request: { from: 'USD', to: 'KES', rate: '129.25' }, response: fxRate('KES', '129.25', '2026-03-10T06:00:03.118Z') },
  listFxRates: {
    response: {
      rates: [fxRate('KES', '129.25', '2026-03-10T06:00:03.118Z'), fxRate('TZS', '2585', '2026-03-10T06:00:03.402Z'), fxRate('UGX', '3680', '2026-03-10T06:00:03.655Z')],
    },
  },
  getAccountRateLimit: { response: { account_id: ACCOUNT_ID, per_second: 100, burst: 200, is_default: true } },
  setAccountRateLimit: { request: { per_second: 250, burst: 500 }, response: { account_id: ACCOUNT_ID, per_second: 250, burst: 500, is_default: false } },
  resetAccountRateLimit: { response: { account_id: ACCOUNT_ID, per_second: 100, burst: 200, is_default: true } },
  reviewSenderIds: {
    response: {
      sender_ids: [{ ...SENDER_ID, status: 'pending', fee_usd: 0, fee_charged_at: null, ...senderIdReview, fee_amount: null, fee_currency: null, fee_fx_rate: null, fee_transaction_id: null, decided_at: null }],
      total: 1,
      page: 0,
      limit: 25,
    },
  },
  approveSenderId: {
    response: { ...SENDER_ID, ...senderIdReview, fee_amount: 33300, fee_currency: 'KES', fee_fx_rate: '129.25', fee_transaction_id: 'txn_01KF0P4KH9RWWG6M7F9ZB6M5PK', decided_at: '2026-01-15T11:20:03.884Z' },
  },
  rejectSenderId: {
    request: { reason: "Promotional sender IDs need the brand owner's letter of authorisation" },
    response: {
      ...SENDER_ID,
      id: 3,
      name: 'DUKAPROMO',
      use_case: 'Weekly offers to opted-in customers',
      status: 'rejected',
      rejection_reason: "Promotional sender IDs need the brand owner's letter of authorisation",
      fee_usd: 0,
      fee_charged_at: null,
      created_at: '2026-03-02T09:40:27.615Z',
      ...senderIdReview,
      fee_amount: null,
      fee_currency: null,
      fee_fx_rate: null,
      fee_transaction_id: null,
      decided_at: '2026-03-03T08:05:12.904Z',
    },
  },
  listOutboxMail: {
    response: {
      messages: [
        {
          id: '1',
          to: AMINA.email,
          subject: 'Verify your email address',
          text: `Confirm this address to finish setting up your Tuma account. The link works for 24 hours, once.\n\nIf you did not ask for this, ignore this message: nothing changes.\n\nVerify email address: https://api.tu.ma/app/verify-email?token=${VERIFY_TOKEN}`,
          html: `<p>Confirm this address to finish setting up your Tuma account. The link works for 24 hours, once.</p>\n<p>If you did not ask for this, ignore this message: nothing changes.</p>\n<p><a href="https://api.tu.ma/app/verify-email?token=${VERIFY_TOKEN}">Verify email address</a></p>`,
          created_at: '2026-01-12T07:41:09.131Z',
        },
      ],
    },
  },
  searchUsers: { response: { users } },
  disableUser: { response: { user: { ...OTIENO, status: 'disabled' } } },
  enableUser: { response: { user: { ...OTIENO, status: 'active' } } },
  reviewTwoWayServices: { response: { services: [pendingService], total: 1, page: 0, limit: 25 } },
  approveTwoWayService: {
    request: { number: '22384' },
    response: {
      service: { ...adminService, auto_reply_enabled: false, auto_reply_text: '', forward_email: null, next_billing_at: '2026-03-06T10:02:11.736Z', periods_paid: 1 },
      charge: { transaction_id: 'txn_01KGM1MCWRQSKWAT9WFHHRT08F', amount: 5170, currency: 'KES', balance_after: 40212.4 },
    },
  },
  rejectTwoWayService: {
    request: { reason: 'The KYC document is not legible; upload a clearer scan' },
    response: { ...pendingService, status: 'rejected', rejection_reason: 'The KYC document is not legible; upload a clearer scan' },
  },
  suspendTwoWayService: { response: { ...adminService, status: 'suspended', suspended_for: 'operator' } },
  unsuspendTwoWayService: { response: adminService },
  setTwoWayCountryPricing: {
    request: { offered: true, setup_fee_usd: 500, monthly_fee_usd: 300, shared_keyword_monthly_fee_usd: 40, custom_sms_price_usd: 0.005, toll_free_available: true, toll_free_inbound_price_usd: 0.008 },
    response: kenyaTwoWay,
  },
  setAccountSmsPrice: { request: { price_usd: 0.0055 }, response: { account_id: ACCOUNT_ID, country_code: 'KE', price_usd: 0.0055, price_source: 'custom' } },
  listTwoWayShortCodes: {
    response: {
      short_codes: [
        { number: '22384', country_code: 'KE', kind: 'shared' },
        { number: '40420', country_code: 'KE', kind: 'dedicated' },
      ],
    },
  },
  addTwoWayShortCode: { request: { number: '40420', country_code: 'KE', kind: 'dedicated' }, response: { number: '40420', country_code: 'KE', kind: 'dedicated' } },
} satisfies ExamplesByOperation;
