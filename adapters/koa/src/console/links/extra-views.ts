import type { KeyEnvironment } from '@tuma/accounts';
import { escapeHtml as e } from '../../http/html.ts';
import type { qrCodeView } from '../../apis/links/qr-code-views.ts';
import { environmentField, environmentSwitch } from '../layout/environment.ts';
import { buttonForm, field, form, NO_ERRORS, type FormErrors } from '../layout/form.ts';
import { time } from '../layout/format.ts';
import { consolePage } from '../layout/layout.ts';
import { table } from '../layout/table.ts';
import { href, type ViewContext } from '../layout/view-context.ts';

export type QrRow = ReturnType<typeof qrCodeView>;
export interface CampaignRow {
  readonly id: string;
  readonly name: string;
  readonly color: string | null;
  readonly links: number;
  readonly clicks: number;
  readonly created_at: string;
}

export interface QrValues {
  readonly link_id: string;
  readonly url: string;
  readonly label: string;
}

const ENV_NOTE = "test keys' codes and campaigns are apart";

export function qrCodesView(
  view: ViewContext,
  page: { environment: KeyEnvironment; codes: readonly QrRow[]; links: readonly { id: string; label: string }[]; canWrite: boolean; values: QrValues; errors?: FormErrors },
): string {
  const errors = page.errors ?? NO_ERRORS;
  const png = (code: QrRow) => href(view, `/links/qr/${encodeURIComponent(code.id)}.png?environment=${page.environment}`);
  const rows = table(
    'QR codes, newest first',
    [
      { header: 'Code', cell: (code) => `<img src="${png(code)}" alt="QR code for ${e(code.target_url)}" width="72" height="72">` },
      { header: 'Encodes', cell: (code) => `<code>${e(code.target_url)}</code>${code.label ? `<br>${e(code.label)}` : ''}` },
      { header: 'Created', cell: (code) => time(code.created_at) },
      {
        header: 'Actions',
        cell: (code) =>
          `<a class="button secondary" href="${png(code)}" download aria-label="Download PNG of ${e(code.label ?? code.target_url)}">Download PNG</a> ${
            page.canWrite ? buttonForm(view, href(view, `/links/qr/${encodeURIComponent(code.id)}/delete?environment=${page.environment}`), 'Delete', { danger: true, accessibleName: `Delete QR code ${code.label ?? code.target_url}` }) : ''
          }`,
      },
    ],
    page.codes,
    'No QR codes yet.',
  );
  const linkError = errors.fields.link_id;
  const linkOptions = [`<option value="">A URL of its own (below)</option>`, ...page.links.map((link) => `<option value="${e(link.id)}"${link.id === page.values.link_id ? ' selected' : ''}>${e(link.label)}</option>`)].join('');
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="qr-create"><h2 id="qr-create">Make a QR code</h2>
${form(
  view,
  href(view, '/links/qr'),
  [
    environmentField(page.environment),
    `<label for="f-link_id">Link</label>\n<select id="f-link_id" name="link_id"${linkError ? ' aria-invalid="true" aria-describedby="f-link_id-error"' : ''}>${linkOptions}</select>${linkError ? `\n<p class="field-error" id="f-link_id-error">${e(linkError)}</p>` : ''}`,
    field({ name: 'url', label: 'Or a URL', type: 'url', value: page.values.url, hint: 'Scans of a link’s code count as its clicks; a URL of its own is not tracked.' }, errors),
    field({ name: 'label', label: 'Label (optional)', value: page.values.label }, errors),
  ].join('\n'),
  'Make QR code',
  errors,
)}
</section>`
    : '';
  return consolePage(view, 'QR codes', 'links-qr', `${environmentSwitch(view, '/links/qr', page.environment, ENV_NOTE)}
<section class="card">${rows}</section>
${create}`);
}

export function campaignsView(view: ViewContext, page: { environment: KeyEnvironment; campaigns: readonly CampaignRow[]; canWrite: boolean; values: { name: string; color: string }; errors?: FormErrors }): string {
  const errors = page.errors ?? NO_ERRORS;
  const rows = table(
    'Campaigns, newest first',
    [
      { header: 'Name', cell: (c) => `<a href="${href(view, `/links?environment=${page.environment}`)}">${e(c.name)}</a>${c.color ? ` <code>${e(c.color)}</code>` : ''}` },
      { header: 'Links', cell: (c) => String(c.links) },
      { header: 'Clicks', cell: (c) => String(c.clicks) },
      { header: 'Created', cell: (c) => time(c.created_at) },
      {
        header: 'Action',
        cell: (c) =>
          page.canWrite ? buttonForm(view, href(view, `/links/campaigns/${encodeURIComponent(c.id)}/delete?environment=${page.environment}`), 'Delete', { danger: true, accessibleName: `Delete campaign ${c.name}` }) : '',
      },
    ],
    page.campaigns,
    'No campaigns yet.',
  );
  const create = page.canWrite
    ? `<section class="card" aria-labelledby="campaign-create"><h2 id="campaign-create">Create a campaign</h2>
${form(
  view,
  href(view, '/links/campaigns'),
  [
    environmentField(page.environment),
    field({ name: 'name', label: 'Name', value: page.values.name, required: true }, errors),
    field({ name: 'color', label: 'Colour (optional)', value: page.values.color, hint: 'Hex: #RGB or #RRGGBB.' }, errors),
  ].join('\n'),
  'Create campaign',
  errors,
)}
<p class="muted">Deleting a campaign keeps its links (they leave the campaign).</p>
</section>`
    : '';
  return consolePage(view, 'Campaigns', 'links-campaigns', `${environmentSwitch(view, '/links/campaigns', page.environment, ENV_NOTE)}
<section class="card">${rows}</section>
${create}`);
}
