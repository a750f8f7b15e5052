/**
 * Every table of the schema as the migrations leave it, written by `npm run db:types` from a
 * migrated database (scripts/table-types.ts) - do not edit by hand. Columns with a default are
 * `Generated` (optional on insert).
 */
import type { ColumnType, Generated } from 'kysely';

/** A timestamp as PostgreSQL prints it (both drivers leave times as text); written as a Date or an ISO string. */
export type Timestamp = ColumnType<string, Date | string, Date | string>;
/** json and jsonb arrive parsed; they are written as JSON text. */
export type Json = ColumnType<unknown, string, string>;

export interface AccountTable {
  id: string;
  email: string;
  status: string;
  is_admin: Generated<boolean>;
  wallet_currency: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  email_verified_at: Timestamp | null;
}

export interface AccountRateLimitTable {
  account_id: string;
  per_second: number;
  burst: number;
  updated_at: Timestamp;
}

export interface AccountSmsPriceTable {
  account_id: string;
  country_code: string;
  price_usd: string;
}

export interface AccountSmsSettingsTable {
  account_id: string;
  smart_encoding: Generated<boolean>;
  quiet_hours: ColumnType<unknown, string | undefined, string>;
  updated_at: Timestamp;
}

export interface ApiKeyTable {
  id: string;
  account_id: string;
  name: string | null;
  prefix: string;
  secret_hash: string;
  scopes: Json;
  environment: string;
  kind: string;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AppUserTable {
  id: string;
  email: string;
  name: string | null;
  company: string | null;
  password_hash: string;
  email_verified_at: Timestamp | null;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactTable {
  list_id: string;
  phone: string;
  country: string;
  name: string | null;
  vars: Json;
  position: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactListTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailTable {
  id: string;
  account_id: string;
  domain_id: string | null;
  from_address: string;
  recipients: Json;
  subject: string;
  tags: Json;
  content: Json;
  status: string;
  message_id: string | null;
  scheduled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EmailEventTable {
  email_id: string;
  type: string;
  recipient: string;
  at: Timestamp;
  reason: string | null;
}

export interface EmailEventTallyTable {
  account_id: string;
  day: string;
  type: string;
  n: string;
  folded: Generated<boolean>;
}

export interface FxRateTable {
  from_currency: string;
  to_currency: string;
  rate: string;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface GuessFailureTable {
  key: string;
  at: Timestamp;
}

export interface IdempotencyRecordTable {
  account_id: string;
  environment: string;
  key: string;
  operation: string;
  fingerprint: string;
  owner: string;
  created_at: Timestamp;
  lease_expires_at: Timestamp;
  expires_at: Timestamp;
  response_status: number | null;
  response_headers: Json | null;
  response_body: Json | null;
  completed_at: Timestamp | null;
}

export interface InboundMessageTable {
  id: string;
  account_id: string | null;
  phone: string;
  recipient: string;
  text: string;
  carrier: string;
  carrier_message_id: string | null;
  received_at: Timestamp;
}

export interface LedgerEntryTable {
  id: string;
  seq: Generated<string>;
  account_id: string;
  currency: string;
  kind: string;
  amount: string;
  balance_after: string;
  reason: string;
  reference: string;
  related_type: string | null;
  related_id: string | null;
  refund_of: string | null;
  reverses: string | null;
  reservation_id: string | null;
  created_at: Timestamp;
}

export interface LinkTable {
  id: string;
  account_id: string;
  environment: string;
  domain_id: string | null;
  slug: string;
  url: string;
  campaign_id: string | null;
  title: string | null;
  tags: Json;
  expires_at: Timestamp | null;
  expired_url: string | null;
  password_hash: string | null;
  utm: Json;
  clicks: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LinkApiUsageTable {
  account_id: string;
  month: string;
  requests: string;
}

export interface LinkCampaignTable {
  id: string;
  account_id: string;
  environment: string;
  name: string;
  color: string | null;
  created_at: Timestamp;
}

export interface LinkClickTable {
  link_id: string;
  at: Timestamp;
  country: string | null;
  device: string | null;
  browser: string | null;
  referrer: string;
  bot: boolean;
  visitor: string;
}

export interface LinkClickTallyTable {
  link_id: string;
  day: string;
  dimension: string;
  value: string;
  clicks: string;
  folded: Generated<boolean>;
}

export interface LinkDomainTable {
  id: string;
  account_id: string;
  hostname: string;
  verify_token: string;
  verified: boolean;
  tls_ready: boolean;
  verified_at: Timestamp | null;
  created_at: Timestamp;
}

export interface LinkQrCodeTable {
  id: string;
  account_id: string;
  environment: string;
  link_id: string | null;
  target_url: string;
  label: string | null;
  fg_color: string;
  bg_color: string;
  created_at: Timestamp;
}

export interface LinkVisitorTable {
  link_id: string;
  visitor: string;
  last_day: string;
  previous_day: string | null;
}

export interface LinkVisitorDayTable {
  link_id: string;
  day: string;
  visitor: string;
}

export interface LinkWebhookTable {
  id: string;
  account_id: string;
  environment: string;
  url: string;
  events: Json;
  secret_sealed: string;
  is_active: boolean;
  created_at: Timestamp;
}

export interface MailBroadcastTable {
  id: string;
  account_id: string;
  list_id: string;
  domain_id: string | null;
  content: Json;
  scheduled_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MailBroadcastRecipientTable {
  broadcast_id: string;
  seq: number;
  contact_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  data: Json;
  state: string;
  email_id: string | null;
}

export interface MailContactTable {
  id: string;
  list_id: string;
  position: Generated<string>;
  email: string;
  first_name: string | null;
  last_name: string | null;
  data: ColumnType<unknown, string | undefined, string>;
  unsubscribed: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailContactListTable {
  id: string;
  account_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailDomainTable {
  id: string;
  account_id: string;
  name: string;
  region: string;
  status: string;
  record_statuses: Json;
  open_tracking: boolean;
  click_tracking: boolean;
  dkim_selector: string;
  dkim_public_key: string;
  dkim_private_key_sealed: string;
  checked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailForwardTable {
  id: string;
  account_id: string;
  domain_id: string;
  domain_name: string;
  alias: string;
  to_address: string;
  created_at: Timestamp;
}

export interface MailForwardAttemptTable {
  id: string;
  account_id: string;
  forward_id: string | null;
  domain_id: string;
  recipient: string;
  to_address: string;
  envelope_from: string;
  return_path: string;
  original_from: string | null;
  message_id: string | null;
  subject: string | null;
  outcome: string;
  error: string | null;
  received_at: Timestamp;
  settled_at: Timestamp | null;
  raw: Uint8Array | null;
}

export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Timestamp;
}

export interface MailOutboxMessageTable {
  message_id: string;
  email_id: string;
  from_address: string;
  from_name: string | null;
  recipients: string[];
  subject: string;
  return_path: string;
  raw: string;
  created_at: Timestamp;
}

export interface MailSenderAddressTable {
  id: string;
  account_id: string;
  email: string;
  name: string | null;
  status: string;
  confirmed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface MailSuppressionTable {
  id: string;
  account_id: string;
  email: string;
  reason: string;
  email_id: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface MailUsageTable {
  account_id: string;
  period: string;
  emails: number;
}

export interface MailWebhookTable {
  id: string;
  account_id: string;
  url: string;
  events: Json;
  secret_sealed: string;
  is_active: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MarketTable {
  country_code: string;
  name: string;
  calling_code: string;
  currency: string;
  networks: Json;
  regulator: string;
  sender_id_registration: boolean;
  sender_id_free: boolean;
  promo_note: string | null;
  rules: Json;
  otp_available: boolean;
  two_way: boolean;
  position: number;
}

export interface MarketQuietHoursTable {
  country_code: string;
  time_zones: Json;
  promotional_hours: Json | null;
  updated_by: string | null;
  updated_at: Timestamp | null;
}

export interface MembershipTable {
  account_id: string;
  user_id: string;
  role: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessageTable {
  id: string;
  account_id: string;
  api_key_id: string | null;
  environment: string;
  batch_id: string | null;
  batch_seq: number | null;
  phone: string;
  country: string;
  route_code: string;
  sender_id: string;
  text: string;
  encoding: string;
  segments: number;
  price_per_segment: string;
  route_cost: string;
  route_currency: string;
  cost: string;
  currency: string;
  charge_entry_id: string | null;
  scheduled_at: Timestamp | null;
  created_at: Timestamp;
  carrier: string | null;
  status: string;
  retry_count: Generated<number>;
  error_code: string | null;
  carrier_message_ids: ColumnType<unknown, string | undefined, string>;
  part_outcomes: ColumnType<unknown, string | undefined, string>;
  sent_at: Timestamp | null;
  submitted_at: Timestamp | null;
  delivered_at: Timestamp | null;
  failed_at: Timestamp | null;
  original_text: string | null;
  category: Generated<string>;
}

export interface MessageBatchTable {
  id: string;
  account_id: string;
  api_key_id: string | null;
  environment: string;
  status: string;
  text: string;
  sender_id: string | null;
  total: number;
  cost: string;
  currency: string;
  charge_entry_id: string | null;
  scheduled_at: Timestamp | null;
  drip_rate: number | null;
  created_at: Timestamp;
}

export interface MessageBatchChunkTable {
  batch_id: string;
  from_seq: number;
  to_seq: number;
  members: string;
}

export interface MessageCarrierIdTable {
  carrier: string;
  carrier_message_id: string;
  message_id: string;
}

export interface MessageSubmissionStartTable {
  started_at: Timestamp;
  message_id: string;
}

export interface MessageTallyTable {
  account_id: string;
  environment: string;
  hour: Timestamp;
  country: string;
  batch_id: string | null;
  api_key_id: string | null;
  queued: string;
  sent: string;
  submitted: string;
  delivered: string;
  failed: string;
  rejected: string;
  segments: string;
  cost: string;
  refunded: string;
  folded: Generated<boolean>;
}

export interface MessageTemplateTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  name_key: string;
  text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OneTimeTokenTable {
  token_hash: string;
  purpose: string;
  subject: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OptOutTable {
  account_id: string;
  phone: string;
  source: string;
  keyword: string | null;
  created_at: Timestamp;
}

export interface RateLimitCounterTable {
  key: string;
  points: Generated<number>;
  expire: string | null;
}

export interface ReplacedRefreshTokenTable {
  token_hash: string;
  session_id: string;
}

export interface ReservationTable {
  id: string;
  account_id: string;
  currency: string;
  amount: string;
  captured: string;
  released: string;
  status: string;
  reason: string;
  reference: string;
  related_type: string | null;
  related_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RouteTable {
  code: string;
  name: string;
  country_code: string;
  currency: string;
  price_per_segment: string;
  sender_id_default: string;
  is_active: boolean;
}

export interface RouteThroughputTable {
  route_code: string;
  tokens: number;
  refilled_at: Timestamp;
}

export interface SenderIdTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  countries: Json;
  use_case: string | null;
  status: string;
  rejection_reason: string | null;
  fee_usd: Generated<string>;
  fee_amount: string | null;
  fee_currency: string | null;
  fee_fx_rate: string | null;
  fee_entry_id: string | null;
  fee_charged_at: Timestamp | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface SenderIdFeeTable {
  country_code: string;
  fee_type: string;
  fee_usd: string | null;
  covers: string | null;
  currency: string | null;
  fee_table: Json | null;
  recurring_period: string | null;
  note: string | null;
}

export interface SenderIdHoldTable {
  account_id: string;
  name: string;
  country_code: string;
  sender_id_id: string;
}

export interface SmtpCredentialTable {
  id: string;
  account_id: string;
  name: string;
  username: string;
  password_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export interface SubscriptionTable {
  id: string;
  account_id: string;
  product: string;
  tier: string;
  status: string;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
  cancel_at_period_end: boolean;
  pending_tier: string | null;
  ended_at: Timestamp | null;
  end_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamInviteTable {
  id: string;
  account_id: string;
  email: string;
  role: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface TopUpTable {
  id: string;
  account_id: string;
  amount: string;
  currency: string;
  provider: string;
  provider_session_id: string;
  checkout_url: string;
  customer_email: string | null;
  status: string;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface TwoWayMessageTable {
  id: string;
  service_id: string;
  direction: string;
  sender: string;
  recipient: string;
  text: string;
  keyword: string | null;
  phone: string;
  status: string;
  billed: boolean | null;
  cost: string;
  currency: string;
  auto_reply: boolean;
  created_at: Timestamp;
}

export interface TwoWayPriceTable {
  country_code: string;
  offered: boolean;
  setup_fee_usd: string;
  monthly_fee_usd: string;
  shared_keyword_monthly_fee_usd: string;
  custom_sms_price_usd: string | null;
  toll_free_available: boolean;
  toll_free_inbound_price_usd: string | null;
}

export interface TwoWayServiceTable {
  id: Generated<string>;
  account_id: string;
  country_code: string;
  type: string;
  keyword: string | null;
  toll_free: boolean;
  number: string | null;
  use_case: string;
  company_name: string;
  kyc_document_urls: Json;
  webhook_url: string | null;
  auto_reply_enabled: boolean;
  auto_reply_text: string;
  forward_email: string | null;
  setup_fee_usd: string;
  monthly_fee_usd: string;
  inbound_price_usd: string;
  outbound_price_usd: string;
  status: string;
  approved_at: Timestamp | null;
  periods_paid: number;
  next_charge_at: Timestamp | null;
  unpaid_since: Timestamp | null;
  suspended_for: string | null;
  rejection_reason: string | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TwoWayShortCodeTable {
  number: string;
  country_code: string;
  kind: string;
  position: Generated<string>;
}

export interface UserSessionTable {
  id: string;
  user_id: string;
  account_id: string;
  token_hash: string;
  created_at: Timestamp;
  rotated_at: Timestamp;
  refresh_expires_at: Timestamp;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
  end_reason: string | null;
}

export interface VerificationTable {
  id: string;
  account_id: string;
  environment: string;
  app_id: string;
  phone: string;
  country: string;
  channel: string;
  status: string;
  code_hash: string | null;
  ttl_seconds: number;
  max_check_attempts: number;
  max_sends: number;
  resend_cooldown_seconds: number;
  expires_at: Timestamp;
  check_attempts: number;
  sends: number;
  last_sent_at: Timestamp;
  message_ids: ColumnType<unknown, string | undefined, string>;
  cost: string;
  currency: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerifyAppTable {
  id: string;
  account_id: string;
  name: string;
  brand: string;
  template: string;
  code_length: number;
  ttl_seconds: number;
  max_check_attempts: number;
  max_sends: number;
  resend_cooldown_seconds: number;
  allowed_countries: ColumnType<unknown, string | undefined, string>;
  sender_id: string | null;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerifyVelocityTable {
  key: string;
  window_start: string;
  count: number;
}

export interface WalletTable {
  account_id: string;
  currency: string;
  balance: string;
  reserved: string;
  updated_at: Timestamp;
}

export interface WebhookAttemptTable {
  event_id: string;
  series: number;
  attempt: number;
  url: string;
  at: Timestamp;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  succeeded: boolean;
}

export interface WebhookConfigTable {
  account_id: string;
  dlr_url: string | null;
  mo_url: string | null;
  is_active: boolean;
  signing_secret_sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  environment: string;
}

export interface WebhookDeliveryTable {
  event_id: string;
  account_id: string;
  kind: string;
  type: string;
  url: string;
  body: string;
  status: string;
  series: number;
  attempts: number;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  environment: string;
  product: string;
}

export interface Tables {
  account: AccountTable;
  account_rate_limit: AccountRateLimitTable;
  account_sms_price: AccountSmsPriceTable;
  account_sms_settings: AccountSmsSettingsTable;
  api_key: ApiKeyTable;
  app_user: AppUserTable;
  contact: ContactTable;
  contact_list: ContactListTable;
  email: EmailTable;
  email_event: EmailEventTable;
  email_event_tally: EmailEventTallyTable;
  fx_rate: FxRateTable;
  guess_failure: GuessFailureTable;
  idempotency_record: IdempotencyRecordTable;
  inbound_message: InboundMessageTable;
  ledger_entry: LedgerEntryTable;
  link: LinkTable;
  link_api_usage: LinkApiUsageTable;
  link_campaign: LinkCampaignTable;
  link_click: LinkClickTable;
  link_click_tally: LinkClickTallyTable;
  link_domain: LinkDomainTable;
  link_qr_code: LinkQrCodeTable;
  link_visitor: LinkVisitorTable;
  link_visitor_day: LinkVisitorDayTable;
  link_webhook: LinkWebhookTable;
  mail_broadcast: MailBroadcastTable;
  mail_broadcast_recipient: MailBroadcastRecipientTable;
  mail_contact: MailContactTable;
  mail_contact_list: MailContactListTable;
  mail_domain: MailDomainTable;
  mail_forward: MailForwardTable;
  mail_forward_attempt: MailForwardAttemptTable;
  mail_outbox: MailOutboxTable;
  mail_outbox_message: MailOutboxMessageTable;
  mail_sender_address: MailSenderAddressTable;
  mail_suppression: MailSuppressionTable;
  mail_usage: MailUsageTable;
  mail_webhook: MailWebhookTable;
  market: MarketTable;
  market_quiet_hours: MarketQuietHoursTable;
  membership: MembershipTable;
  message: MessageTable;
  message_batch: MessageBatchTable;
  message_batch_chunk: MessageBatchChunkTable;
  message_carrier_id: MessageCarrierIdTable;
  message_submission_start: MessageSubmissionStartTable;
  message_tally: MessageTallyTable;
  message_template: MessageTemplateTable;
  one_time_token: OneTimeTokenTable;
  opt_out: OptOutTable;
  rate_limit_counter: RateLimitCounterTable;
  replaced_refresh_token: ReplacedRefreshTokenTable;
  reservation: ReservationTable;
  route: RouteTable;
  route_throughput: RouteThroughputTable;
  sender_id: SenderIdTable;
  sender_id_fee: SenderIdFeeTable;
  sender_id_hold: SenderIdHoldTable;
  smtp_credential: SmtpCredentialTable;
  subscription: SubscriptionTable;
  team_invite: TeamInviteTable;
  top_up: TopUpTable;
  two_way_message: TwoWayMessageTable;
  two_way_price: TwoWayPriceTable;
  two_way_service: TwoWayServiceTable;
  two_way_short_code: TwoWayShortCodeTable;
  user_session: UserSessionTable;
  verification: VerificationTable;
  verify_app: VerifyAppTable;
  verify_velocity: VerifyVelocityTable;
  wallet: WalletTable;
  webhook_attempt: WebhookAttemptTable;
  webhook_config: WebhookConfigTable;
  webhook_delivery: WebhookDeliveryTable;
}
