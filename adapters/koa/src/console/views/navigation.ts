/** The console's menu: only pages that are built are listed (docs/dashboard.md, "Not yet built"). */
export type Section = 'home' | 'sms-send' | 'sms-messages' | 'sms-templates' | 'sms-opt-outs' | 'sms-sender-ids' | 'sms-contacts' | 'sms-bulk' | 'keys' | 'webhooks' | 'billing' | 'team' | 'profile' | 'verify-apps';

export interface NavGroup {
  readonly label: string;
  readonly items: readonly { readonly section: Section; readonly label: string; readonly path: string }[];
}

export const NAVIGATION: readonly NavGroup[] = [
  { label: 'Overview', items: [{ section: 'home', label: 'Home', path: '/' }] },
  {
    label: 'SMS',
    items: [
      { section: 'sms-send', label: 'Send a message', path: '/sms/send' },
      { section: 'sms-bulk', label: 'Bulk send', path: '/sms/bulk' },
      { section: 'sms-messages', label: 'Message log', path: '/sms/messages' },
      { section: 'sms-contacts', label: 'Contact lists', path: '/sms/contacts' },
      { section: 'sms-templates', label: 'Templates', path: '/sms/templates' },
      { section: 'sms-opt-outs', label: 'Opt-outs', path: '/sms/opt-outs' },
      { section: 'sms-sender-ids', label: 'Sender IDs', path: '/sms/sender-ids' },
    ],
  },
  { label: 'Verify', items: [{ section: 'verify-apps', label: 'Verify apps', path: '/verify/apps' }] },
  {
    label: 'Developers',
    items: [
      { section: 'keys', label: 'API keys', path: '/developers/keys' },
      { section: 'webhooks', label: 'Webhooks', path: '/developers/webhooks' },
    ],
  },
  { label: 'Billing', items: [{ section: 'billing', label: 'Wallet and ledger', path: '/billing' }] },
  {
    label: 'Account',
    items: [
      { section: 'team', label: 'Team', path: '/team' },
      { section: 'profile', label: 'Profile and password', path: '/account' },
    ],
  },
];
