import type { ExamplesByOperation } from '../../http/operation-examples.ts';
import { LINKS_BUSINESS, MAIL_STARTER } from '../subscriptions/examples.ts';

/** Amina Wanjiru, owner of Duka Online's account, and Otieno, the developer she invites. */
export const AMINA = {
  id: 'usr_01KERJDKKPMPTA97R3V2MRQZZM',
  email: 'amina@duka.co.ke',
  name: 'Amina Wanjiru',
  company: 'Duka Online Ltd',
  email_verified: true,
  created_at: '2026-01-12T07:41:09.110Z',
};
export const OTIENO = {
  id: 'usr_01KK9M6WKDCWWBJGQ18F2008KZ',
  email: 'otieno@duka.co.ke',
  name: 'Otieno Odhiambo',
  company: null,
  email_verified: true,
  created_at: '2026-03-09T15:42:18.733Z',
};
const ACCOUNT_ID = 'acc_01KERJDKKY12G131QBVYYSW43W';
const PASSWORD = 'Nairobi-sunrise-2026';
const ACCESS_TOKEN =
  'eyJhbGciOiJFZERTQSIsImtpZCI6InJTa3pWOGxQVF9mN3o2ZDRkdnZoOVNVUEt1UXp6SDZsUjZDbUUzV0d2TmsiLCJ0eXAiOiJKV1QifQ.eyJhY2MiOiJhY2NfMDFLRVJKREtLWTEyRzEzMVFCVllZU1c0M1ciLCJyb2xlIjoib3duZXIiLCJzaWQiOiJzZXNfMDFLS0JDNTMwMEFTOTE1NVJUQlQwQUMwUlgiLCJzdWIiOiJ1c3JfMDFLRVJKREtLUE1QVEE5N1IzVjJNUlFaWk0iLCJpc3MiOiJ0dW1hIiwiYXVkIjoidHVtYS1kYXNoYm9hcmQiLCJpYXQiOjE3NzMxMjk2MDAsImV4cCI6MTc3MzEzMDUwMH0.Y0rPyRUeb9ZsYZ61jaUGZdnD4v2-4N0lcGExioCUh9oewMuL5gEKfYB6JLBP6U1pHtTbFFrFA_fJ4ElxUNjl0g';
const REFRESH_TOKEN = 'REYVVcYZE4F6lVau30UUYO4x1THdZE1nr2J5cQIKJjD';
const tokens = { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 900 };
/** A mailed token, as the link in the message carries it. */
const MAILED_TOKEN = '1hNUemcYUk5BNrQ57NsZLGhN5pxpXwMOMz1RCsmFwKK';

export const AUTH_EXAMPLES = {
  register: {
    request: { email: AMINA.email, password: PASSWORD, name: AMINA.name, company: AMINA.company },
    response: { user: { ...AMINA, email_verified: false }, account: { id: ACCOUNT_ID } },
  },
  verifyEmail: { request: { token: MAILED_TOKEN }, response: { user: AMINA } },
  resendVerificationEmail: { request: { email: AMINA.email }, response: { message: 'If this address has a user waiting for verification, a new link is on its way' } },
  forgotPassword: { request: { email: AMINA.email }, response: { message: 'If this address has a user, a reset link is on its way' } },
  resetPassword: { request: { token: MAILED_TOKEN, password: 'Mombasa-tides-2026' } },
  login: { request: { email: AMINA.email, password: PASSWORD }, response: { ...tokens, refresh_token: REFRESH_TOKEN, user: AMINA } },
  refreshToken: { request: { refresh_token: REFRESH_TOKEN }, response: { ...tokens, refresh_token: 'TUXZKTf6wktOWVMhMchugwZj1nL1inyAfNnhxegQb60' } },
  logout: { request: { refresh_token: REFRESH_TOKEN } },
  logoutAll: { response: { sessions_ended: 3 } },
  getMe: {
    response: {
      user: AMINA,
      account: { id: ACCOUNT_ID, email: AMINA.email, status: 'active', wallet_currency: 'KES', created_at: '2026-01-12T07:41:09.118Z' },
      role: 'owner',
      memberships: [{ account_id: ACCOUNT_ID, role: 'owner' }],
      plans: { mail: MAIL_STARTER, links: LINKS_BUSINESS },
    },
  },
  updateMe: { request: { company: 'Duka Online Limited' }, response: { user: { ...AMINA, company: 'Duka Online Limited' } } },
  changePassword: { request: { current_password: PASSWORD, new_password: 'Mombasa-tides-2026' } },
  getTeam: {
    response: {
      members: [
        { user_id: AMINA.id, email: AMINA.email, name: AMINA.name, role: 'owner', email_verified: true, joined_at: '2026-01-12T07:41:09.120Z' },
        { user_id: OTIENO.id, email: OTIENO.email, name: OTIENO.name, role: 'developer', email_verified: true, joined_at: '2026-03-09T15:42:18.740Z' },
      ],
      invites: [{ id: 'inv_01KKBWFVM079N9R7MS1YC6MNS9', email: 'wanjiku@duka.co.ke', role: 'viewer', invited_by: AMINA.id, created_at: '2026-03-10T12:45:30.112Z', expires_at: '2026-03-17T12:45:30.112Z' }],
    },
  },
  inviteMember: {
    request: { email: OTIENO.email, role: 'developer' },
    response: { invite: { id: 'inv_01KK9JY1MTETJHHC2BFYQ07KK9', email: OTIENO.email, role: 'developer', invited_by: AMINA.id, created_at: '2026-03-09T15:20:00.410Z', expires_at: '2026-03-16T15:20:00.410Z' } },
  },
  acceptInvite: {
    request: { token: '47LfHLbEuYhdIQy055eTiOgTcZMld6SuPhFOJkfYYZU', password: 'Kisumu-lakeside-2026', name: OTIENO.name },
    response: { user: OTIENO, account_id: ACCOUNT_ID, role: 'developer' },
  },
  changeMemberRole: { request: { role: 'admin' }, response: { member: { account_id: ACCOUNT_ID, user_id: OTIENO.id, role: 'admin', updated_at: '2026-03-10T08:12:05.631Z' } } },
} satisfies ExamplesByOperation;
