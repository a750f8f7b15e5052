import { SERVICE_TYPES } from '@tuma/two-way';
import { escapeHtml as e } from '../../http/html.ts';
import type { twoWayMessageView, twoWayPricingEntryView, twoWayServiceView } from '../../apis/two-way/two-way-views.ts';
import { buttonForm, choices, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { badge, time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type ServiceRow = ReturnType<typeof twoWayServiceView>;
export type PricingRow = ReturnType<typeof twoWayPricingEntryView>;
export type MessageRow = ReturnType<typeof twoWayMessageView>;

export interface ServiceRequestValues {
  readonly country_code: string;
  readonly type: string;
  readonly keyword: string;
  readonly use_case: string;
  readonly company_name: string;
  readonly kyc_document_urls: string;
  readonly webhook_url: string;
}

export interface ServiceSettingsValues {
  readonly webhook_url: string;
  readonly auto_reply_enabled: boolean;
  readonly auto_reply_text: string;
  readonly forward_email: string;
}

const tone = (status: string) => (status === 'active' ? 'ok' : status === 'rejected' || status === 'suspended' || status === 'cancelled' ? 'bad' : 'plain');
const usd = (amount: number | null) => (amount === null ? '—' : `USD ${amount.toFixed(2)}`);

export const EMPTY_REQUEST: ServiceRequestValues = { country_code: '', type: 'shared', keyword: '', use_case: '', company_name: '', kyc_document_urls: '', webhook_url: '' };

export function servicesView(view: ViewContext, page: { services: readonly ServiceRow[]; pricing: readonly PricingRow[]; canWrite: boolean; values?: ServiceRequestValues; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? EMPTY_REQUEST;
  const rows = table(
    'Two-way services, newest first',
    [
      { header: 'Service', cell: (s) => `<a href="${href(view, `/two-way/services/${s.id}`)}">${s.keyword ? e(s.keyword) : 'Dedicated code'}</a> · ${e(s.country_code)}` },
      { header: 'Short code', cell: (s) => (s.number ? `<code>${e(s.number)}</code>` : '<span class="muted">on approval</span>') },
      { header: 'Status', cell: (s) => badge(s.status, tone(s.status)) },
      { header: 'Fees', cell: (s) => `${usd(s.setup_fee_usd)} setup, ${usd(s.monthly_fee_usd)} a month` },
      { header: 'Requested', cell: (s) => time(s.created_at) },
    ],
    page.services,
    'No two-way services yet.',
  );
  const available = page.pricing.filter((p) => p.is_available);
  const countryError = errors.fields.country_code;
  const countries = `<label for="f-country_code">Country</label>
<select id="f-country_code" name="country_code"${countryError ? ' aria-invalid="true" aria-describedby="f-country_code-error"' : ''}>${available
    .map((p) => `<option value="${e(p.country_code)}"${p.country_code === values.country_code ? ' selected' : ''}>${e(p.country_name)} — shared keyword ${usd(p.shared_keyword_monthly_fee_usd)}/month, dedicated ${usd(p.setup_fee_usd)} + ${usd(p.monthly_fee_usd)}/month</option>`)
    .join('')}</select>${countryError ? `\n<p class="field-error" id="f-country_code-error">${e(countryError)}</p>` : ''}`;
  const request = page.canWrite
    ? `<section class="card" aria-labelledby="request-title"><h2 id="request-title">Request a service</h2>
<p class="muted">Nothing is charged until an operator approves it; the fees are then taken from your wallet.</p>
${
  available.length === 0
    ? '<p>No country is open for two-way SMS yet.</p>'
    : form(
        view,
        href(view, '/two-way/services'),
        [
          countries,
          choices({ name: 'type', legend: 'Type', type: 'radio', options: SERVICE_TYPES.map((type) => ({ value: type, label: type === 'shared' ? 'A keyword on the shared short code' : 'A dedicated short code', checked: values.type === type })) }, errors),
          field({ name: 'keyword', label: 'Keyword (shared only)', value: values.keyword, hint: 'One word of letters and digits.' }, errors),
          field({ name: 'use_case', label: 'What it is for', value: values.use_case, required: true, multiline: true }, errors),
          field({ name: 'company_name', label: 'Company name', value: values.company_name, required: true }, errors),
          field({ name: 'kyc_document_urls', label: 'KYC document URLs', value: values.kyc_document_urls, multiline: true, hint: 'https:// links, one a line.' }, errors),
          field({ name: 'webhook_url', label: 'Webhook URL (optional)', type: 'url', value: values.webhook_url, hint: "Empty: your account's inbound message URL." }, errors),
        ].join('\n'),
        'Request service',
        errors,
      )
}
</section>`
    : '';
  return consolePage(view, 'Two-way services', 'two-way', `<section class="card">${rows}</section>\n${request}`);
}

export interface ReplyValues {
  readonly environment: 'live' | 'test';
  readonly to: string;
  readonly text: string;
}

export function serviceView(view: ViewContext, page: { service: ServiceRow; messages: readonly MessageRow[]; canWrite: boolean; values?: ServiceSettingsValues; errors?: FormErrors; reply?: { values: ReplyValues; errors?: FormErrors } }): string {
  const { service } = page;
  const errors = page.errors ?? NO_ERRORS;
  const values = page.values ?? { webhook_url: service.webhook_url ?? '', auto_reply_enabled: service.auto_reply_enabled, auto_reply_text: service.auto_reply_text, forward_email: service.forward_email ?? '' };
  const live = service.status !== 'cancelled' && service.status !== 'rejected';
  const settings =
    page.canWrite && live
      ? `<section class="card" aria-labelledby="settings-title"><h2 id="settings-title">Settings</h2>
${form(
  view,
  href(view, `/two-way/services/${service.id}`),
  [
    field({ name: 'webhook_url', label: 'Webhook URL', type: 'url', value: values.webhook_url, hint: "Empty: your account's inbound message URL." }, errors),
    choices({ name: 'auto_reply_enabled', legend: 'Auto-reply', type: 'checkbox', options: [{ value: 'on', label: 'Answer every inbound message', checked: values.auto_reply_enabled }] }, errors),
    field({ name: 'auto_reply_text', label: 'Auto-reply text', value: values.auto_reply_text, multiline: true }, errors),
    field({ name: 'forward_email', label: 'Forward to email (optional)', type: 'email', value: values.forward_email }, errors),
  ].join('\n'),
  'Save settings',
  errors,
)}
<h2>Cancel</h2><p>Monthly charges stop and the code or keyword is released at once; nothing is refunded.</p>
${buttonForm(view, href(view, `/two-way/services/${service.id}/cancel`), 'Cancel service', { danger: true })}
</section>`
      : '';
  const replyErrors = page.reply?.errors ?? NO_ERRORS;
  const replyValues = page.reply?.values ?? { environment: 'test', to: '', text: '' };
  // Offered on every service still open: a service not active yet is refused by the use case (409), said above the form.
  const reply =
    page.canWrite && live
      ? `<section class="card" aria-labelledby="reply-title"><h2 id="reply-title">Reply</h2>
${form(
  view,
  href(view, `/two-way/services/${service.id}/reply`),
  [
    choices({ name: 'environment', legend: 'Send as', type: 'radio', options: [
      { value: 'test', label: 'Test (sandbox: priced, not charged)', checked: replyValues.environment !== 'live' },
      { value: 'live', label: 'Live (charged per segment at the service\'s reply rate)', checked: replyValues.environment === 'live' },
    ] }, replyErrors),
    field({ name: 'to', label: 'To', type: 'tel', value: replyValues.to, required: true, hint: "International format, a number of the service's country." }, replyErrors),
    field({ name: 'text', label: 'Text', value: replyValues.text, required: true, multiline: true }, replyErrors),
  ].join('\n'),
  'Send reply',
  replyErrors,
  'id="reply-form"',
)}
</section>`
      : '';
  const messages = table(
    'Messages both ways, newest first',
    [
      { header: 'Direction', cell: (m) => badge(m.direction) },
      { header: 'Phone', cell: (m) => e(m.phone) },
      { header: 'Text', cell: (m) => e(m.text) },
      { header: 'Status', cell: (m) => e(m.status) },
      { header: 'At', cell: (m) => time(m.created_at) },
    ],
    page.messages,
    'No messages yet.',
  );
  const facts = `<p>${badge(service.status, tone(service.status))} · ${service.keyword ? `keyword <strong>${e(service.keyword)}</strong> on ` : ''}${service.number ? `<code>${e(service.number)}</code>` : 'a short code assigned on approval'} · ${e(service.country_code)}</p>
<p class="muted">${usd(service.inbound_price_usd)} per inbound message, ${usd(service.outbound_price_usd)} per reply segment${service.next_billing_at ? ` · next monthly fee ${time(service.next_billing_at)}` : ''}</p>`;
  return consolePage(view, service.keyword ? `Service ${service.keyword}` : `Service ${service.id}`, 'two-way', `<p><a href="${href(view, '/two-way/services')}">← All services</a></p>
<section class="card">${facts}</section>
${settings}
${reply}
<section class="card">${messages}</section>`);
}
