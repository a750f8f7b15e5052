import type { LinksService } from '@tuma/links';
import { unwrap } from '../../http/unwrap.ts';
import { campaignBody } from '../../apis/links/campaigns.routes.ts';
import { createQrCodeBody, qrCodeView } from '../../apis/links/qr-code-views.ts';
import { checkedBy, refusal } from '../form-errors.ts';
import { BUILDERS, download, html, redirect, type ConsolePage, type MemberPage, type MemberRequest } from '../page.ts';
import { environmentIn } from '../layout/environment.ts';
import type { FormErrors } from '../layout/form.ts';
import { campaignsView, qrCodesView, type QrValues } from './extra-views.ts';
import { href } from '../layout/view-context.ts';

export type LinkExtraPageUseCases = Pick<LinksService, 'createQrCode' | 'listQrCodes' | 'getQrCodePng' | 'deleteQrCode' | 'listLinks' | 'createCampaign' | 'listCampaigns' | 'deleteCampaign'>;

const LIST_SIZE = 50;

/** Links › QR codes (made, downloaded as PNG, deleted) and Links › Campaigns; the links API's use cases and body schemas. */
export function linkExtraPages(useCases: LinkExtraPageUseCases): ConsolePage[] {
  const owner = (request: MemberRequest) => ({ accountId: request.member.accountId, environment: environmentIn(request.form, request.query) });
  const canWrite = (request: MemberRequest) => BUILDERS.includes(request.member.role);
  const back = (request: MemberRequest, path: string) => redirect(href(request.view, `${path}?environment=${owner(request).environment}`));

  const renderQr = async (request: MemberRequest, status: number, values?: QrValues, errors?: FormErrors) => {
    const codes = unwrap(await useCases.listQrCodes.execute({ ...owner(request), limit: LIST_SIZE, offset: 0 })).map(qrCodeView);
    const links = unwrap(await useCases.listLinks.execute({ ...owner(request), limit: LIST_SIZE, offset: 0 })).map((link) => ({ id: link.id, label: link.title ? `${link.slug} · ${link.title}` : link.slug }));
    const shown = values ?? { link_id: request.query.get('link_id') ?? '', url: '', label: '' };
    return html(status, qrCodesView(request.view, { environment: owner(request).environment, codes, links, canWrite: canWrite(request), values: shown, ...(errors ? { errors } : {}) }));
  };

  const renderCampaigns = async (request: MemberRequest, status: number, values = { name: '', color: '' }, errors?: FormErrors) => {
    const campaigns = unwrap(await useCases.listCampaigns.execute(owner(request))).map((c) => ({ id: c.id, name: c.name, color: c.color, links: c.links, clicks: c.clicks, created_at: c.createdAt.toISOString() }));
    return html(status, campaignsView(request.view, { environment: owner(request).environment, campaigns, canWrite: canWrite(request), values, ...(errors ? { errors } : {}) }));
  };

  const page = (method: 'get' | 'post', path: string, handle: MemberPage['handle'], extra: Partial<MemberPage> = {}): MemberPage => ({ method, path, visitor: 'member', handle, ...extra });
  return [
    page('get', '/links/qr', (request) => renderQr(request, 200), { section: 'links-qr' }),
    page(
      'post',
      '/links/qr',
      async (request) => {
        const values: QrValues = { link_id: request.form.get('link_id') ?? '', url: (request.form.get('url') ?? '').trim(), label: (request.form.get('label') ?? '').trim() };
        const checked = checkedBy(createQrCodeBody, { ...(values.link_id ? { link_id: values.link_id } : {}), ...(values.url ? { url: values.url } : {}), ...(values.label ? { label: values.label } : {}) });
        if (!checked.ok) return renderQr(request, checked.status, values, checked.errors);
        const body = checked.value;
        const created = await useCases.createQrCode.execute({ ...owner(request), linkId: body.link_id, url: body.url, label: body.label, fgColor: body.fg_color, bgColor: body.bg_color });
        if (created.isErr()) {
          const { status, errors } = refusal(created.error);
          return renderQr(request, status, values, errors);
        }
        request.session.flash({ kind: 'info', text: `QR code made for ${created.value.code.targetUrl}.` });
        return back(request, '/links/qr');
      },
      { roles: BUILDERS },
    ),
    page('get', '/links/qr/:id.png', async (request) => {
      const png = unwrap(await useCases.getQrCodePng.execute({ ...owner(request), id: request.params.id! }));
      return download(`qr-${request.params.id!.replace(/[^\w-]/g, '')}.png`, 'image/png', Buffer.from(png));
    }),
    page(
      'post',
      '/links/qr/:id/delete',
      async (request) => {
        unwrap(await useCases.deleteQrCode.execute({ ...owner(request), id: request.params.id! }));
        request.session.flash({ kind: 'info', text: 'QR code deleted (its link stays).' });
        return back(request, '/links/qr');
      },
      { roles: BUILDERS },
    ),
    page('get', '/links/campaigns', (request) => renderCampaigns(request, 200), { section: 'links-campaigns' }),
    page(
      'post',
      '/links/campaigns',
      async (request) => {
        const values = { name: request.form.get('name') ?? '', color: (request.form.get('color') ?? '').trim() };
        const checked = checkedBy(campaignBody, { name: values.name, ...(values.color ? { color: values.color } : {}) });
        if (!checked.ok) return renderCampaigns(request, checked.status, values, checked.errors);
        const campaign = unwrap(await useCases.createCampaign.execute({ ...owner(request), name: checked.value.name, color: checked.value.color ?? null }));
        request.session.flash({ kind: 'info', text: `Campaign ${campaign.name} created.` });
        return back(request, '/links/campaigns');
      },
      { roles: BUILDERS },
    ),
    page(
      'post',
      '/links/campaigns/:id/delete',
      async (request) => {
        unwrap(await useCases.deleteCampaign.execute({ ...owner(request), id: request.params.id! }));
        request.session.flash({ kind: 'info', text: 'Campaign deleted: its links stay, outside any campaign.' });
        return back(request, '/links/campaigns');
      },
      { roles: BUILDERS },
    ),
  ];
}
