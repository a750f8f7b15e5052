/** The console's menu: only pages that are built are listed (docs/dashboard.md, "Not yet built"). */
export type Section =
  | 'home'
  | 'sms-send'
  | 'sms-bulk'
  | 'sms-messages'
  | 'sms-contacts'
  | 'sms-templates'
  | 'sms-opt-outs'
  | 'sms-sender-ids'
  | 'sms-batches'
  | 'keys'
  | 'webhooks'
  | 'billing'
  | 'team'
  | 'profile'
  | 'accounts'
  | 'plans'
  | 'verify-apps'
  | 'verify-log'
  | 'mail-domains'
  | 'mail-emails'
  | 'mail-webhooks'
  | 'mail-smtp'
  | 'mail-suppressions'
  | 'mail-contacts'
  | 'mail-broadcasts'
  | 'mail-forwards'
  | 'links'
  | 'links-qr'
  | 'links-campaigns'
  | 'links-domains'
  | 'links-webhooks'
  | 'two-way'
  | 'operator-accounts'
  | 'operator-approvals'
  | 'operator-fx'
  | 'operator-outbox'
  | 'operator-users'
  | 'operator-balances';

export interface NavGroup {
  readonly label: string;
  /** Shown only to a session with operator access (docs/dashboard.md, "Operator sign-in"). */
  readonly operator?: boolean;
  readonly items: readonly { readonly section: Section; readonly label: string; readonly path: string }[];
}

export const NAVIGATION: readonly NavGroup[] = [
  { label: 'Overview', items: [{ section: 'home', label: 'Home', path: '/' }] },
  {
    label: 'SMS',
    items: [
      { section: 'sms-send', label: 'Send a message', path: '/sms/send' },
      { section: 'sms-bulk', label: 'Bulk send', path: '/sms/bulk' },
      { section: 'sms-batches', label: 'Batches', path: '/sms/batches' },
      { section: 'sms-messages', label: 'Message log', path: '/sms/messages' },
      { section: 'sms-contacts', label: 'Contact lists', path: '/sms/contacts' },
      { section: 'sms-templates', label: 'Templates', path: '/sms/templates' },
      { section: 'sms-opt-outs', label: 'Opt-outs', path: '/sms/opt-outs' },
      { section: 'sms-sender-ids', label: 'Sender IDs', path: '/sms/sender-ids' },
    ],
  },
  {
    label: 'Verify',
    items: [
      { section: 'verify-apps', label: 'Verify apps', path: '/verify/apps' },
      { section: 'verify-log', label: 'Verifications', path: '/verify/verifications' },
    ],
  },
  {
    label: 'Developers',
    items: [
      { section: 'keys', label: 'API keys', path: '/developers/keys' },
      { section: 'webhooks', label: 'Webhooks', path: '/developers/webhooks' },
    ],
  },
  { label: 'Billing', items: [{ section: 'billing', label: 'Wallet and ledger', path: '/billing' }] },
  {
    label: 'Mail',
    items: [
      { section: 'mail-domains', label: 'Domains', path: '/mail/domains' },
      { section: 'mail-emails', label: 'Emails', path: '/mail/emails' },
      { section: 'mail-webhooks', label: 'Mail webhooks', path: '/mail/webhooks' },
      { section: 'mail-smtp', label: 'SMTP credentials', path: '/mail/smtp-credentials' },
      { section: 'mail-suppressions', label: 'Suppressions', path: '/mail/suppressions' },
      { section: 'mail-contacts', label: 'Contacts', path: '/mail/contacts' },
      { section: 'mail-broadcasts', label: 'Broadcasts', path: '/mail/broadcasts' },
      { section: 'mail-forwards', label: 'Forwards', path: '/mail/forwards' },
    ],
  },
  {
    label: 'Links',
    items: [
      { section: 'links', label: 'Links', path: '/links' },
      { section: 'links-qr', label: 'QR codes', path: '/links/qr' },
      { section: 'links-campaigns', label: 'Campaigns', path: '/links/campaigns' },
      { section: 'links-domains', label: 'Branded domains', path: '/links/domains' },
      { section: 'links-webhooks', label: 'Click webhooks', path: '/links/webhooks' },
    ],
  },
  { label: 'Two-way', items: [{ section: 'two-way', label: 'Two-way services', path: '/two-way/services' }] },
  {
    label: 'Account',
    items: [
      { section: 'team', label: 'Team', path: '/team' },
      { section: 'profile', label: 'Profile and password', path: '/account' },
      { section: 'accounts', label: 'Switch account', path: '/accounts' },
      { section: 'plans', label: 'Plans and subscriptions', path: '/plans' },
    ],
  },
  {
    label: 'Operator',
    operator: true,
    items: [
      { section: 'operator-accounts', label: 'Accounts', path: '/operator/accounts' },
      { section: 'operator-approvals', label: 'Approvals', path: '/operator/approvals' },
      { section: 'operator-fx', label: 'FX rates', path: '/operator/fx-rates' },
      { section: 'operator-outbox', label: 'Outbox', path: '/operator/outbox' },
      { section: 'operator-users', label: 'Users', path: '/operator/users' },
      { section: 'operator-balances', label: 'Balance statistics', path: '/operator/balances' },
    ],
  },
];
