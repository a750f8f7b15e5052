/** Tuma's HTTP APIs, each a Koa application of its own (docs/architecture.md, "Hosting"). */
export const API_NAMES = ['sms', 'auth', 'mail', 'links'] as const;
export type ApiName = (typeof API_NAMES)[number];

/** What an API's OpenAPI document and explorer say of it. */
export interface ApiDescription {
  readonly name: ApiName;
  readonly title: string;
  readonly description: string;
  /** The bearer tokens its keyed routes take: its key kinds. */
  readonly credentials: string;
  /** A monthly quota of keyed requests (the links plan's api_monthly): every keyed operation may answer 402 plan_limit_reached. */
  readonly keyQuota?: string;
}

export const APIS: Readonly<Record<ApiName, ApiDescription>> = {
  sms: {
    name: 'sms',
    title: 'Tuma API',
    description:
      'The SMS platform of Tuma for 54 African markets: single and bulk sends, price quotes, number validation, delivery reports, inbound messages, opt-outs, templates, contact lists, catalogue, wallet, webhooks and reports; and Verify, one-time passcodes by SMS. The dashboard manages keys at `/api/keys` with the access token of a signed-in user, which the read routes take too. ' +
      'Two-Way short codes: pricing, services, keywords, inbound messages and replies (`/api/two-way`, `/v1/two-way`). The mail and links APIs and the account service have base URLs and documents of their own; the operator\'s routes (tags Admin, Outbox, Simulator) come last. Keys: `Authorization: Bearer svc_live_...` or `svc_test_...`.',
    credentials: 'svc_live_... or svc_test_... API key',
  },
  auth: {
    name: 'auth',
    title: 'Tuma account service',
    description:
      'Registration, email verification, login (a JWT access token and a rotating refresh token), password reset and the profile of Tuma users, their teams and roles, the plans of mail and links and the subscriptions of their accounts. Signed-in routes take `Authorization: Bearer <access_token>`.',
    credentials: 'No API keys: signed-in routes take an access token (JWT)',
  },
  mail: {
    name: 'mail',
    title: 'Tuma Mail API',
    description:
      'Email: API keys, sending domains (DKIM, DNS checks), confirmed sender addresses, sends (scheduled, cancellable, idempotent) with their events, suppressions, open and click tracking, analytics, signed webhooks, SMTP credentials for SMTP submission, forwards, contacts and broadcasts, and the plan\'s billing (docs/mail.md). Keys: `Authorization: Bearer svc_k_...` (the operator issues an account its first one).',
    credentials: 'svc_k_... API key',
  },
  links: {
    name: 'links',
    title: 'Tuma Links API',
    description:
      'Short links, QR codes, campaigns, branded domains, API keys, click analytics, plan and usage (docs/links.md). Served: keys, links (sent by SMS too), QR codes, campaigns, branded domains, click webhooks, analytics and the account (plan and usage); redirects are at SHORT_BASE_URL and at the root of each verified branded domain. Keys: `Authorization: Bearer svc_l_...` (or the dashboard\'s access token).',
    credentials: 'svc_l_... API key',
    keyQuota: "plan_limit_reached (resource api_monthly): the account's live keys made the plan's api_monthly requests this calendar month (UTC) (docs/links.md, \"API requests\")",
  },
};
