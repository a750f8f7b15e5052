import { MAX_LINKS_PAGE, type LinksService } from '@tuma/links';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './access.ts';
import { createdQrCodeSchema, createQrCodeBody, pngDataUri, qrCodeSchema, qrCodeView } from './qr-code-views.ts';

export type QrCodeUseCases = Pick<LinksService, 'createQrCode' | 'listQrCodes' | 'getQrCodePng' | 'deleteQrCode'>;

const qrParams = z.object({ id: z.string().min(1).max(64) });
const NOT_FOUND = { description: 'No such QR code in the account (and environment)', errorCodes: ['not_found'] };

/** `{links_url}/v1/qr`: exactly the spec's rows (docs/links.md, "QR codes"). */
export function qrCodeRoutes(useCases: QrCodeUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/qr',
      summary: 'Make a QR code of a link (its short URL) or of a URL; 201 with the PNG as a data URI',
      tag: 'QR codes',
      access: LINKS_WRITE,
      body: createQrCodeBody,
      responses: {
        201: { description: 'The QR code, with its PNG', schema: createdQrCodeSchema },
        402: {
          description: "plan_limit_reached: the account's links plan allows no more live QR codes this calendar month (UTC)",
          errorCodes: ['plan_limit_reached'],
          errorFields: { product: z.literal('links'), tier: z.string(), resource: z.enum(['monthly_qr', 'api_monthly']), limit: z.number().int() },
        },
        404: { description: 'No such link in the account', errorCodes: ['not_found'] },
      },
      handler: async ({ caller, body }) => {
        const input = { accountId: caller.account.id, environment: caller.environment, linkId: body.link_id, url: body.url, label: body.label, fgColor: body.fg_color, bgColor: body.bg_color };
        const { code, png } = unwrap(await useCases.createQrCode.execute(input));
        return json(201, { ...qrCodeView(code), png: pngDataUri(png) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/qr',
      summary: "The account's QR codes, newest first (without their PNGs)",
      tag: 'QR codes',
      access: LINKS_READ,
      query: z.object({ limit: z.coerce.number().int().min(1).max(MAX_LINKS_PAGE).default(50), offset: z.coerce.number().int().min(0).default(0) }),
      responses: { 200: { description: 'A page of QR codes', schema: z.array(qrCodeSchema) } },
      handler: async ({ caller, query }) => {
        const codes = unwrap(await useCases.listQrCodes.execute({ accountId: caller.account.id, environment: caller.environment, limit: query.limit, offset: query.offset }));
        return json(200, codes.map(qrCodeView));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/qr/:id.png',
      summary: "A QR code's image",
      tag: 'QR codes',
      access: LINKS_READ,
      params: qrParams,
      responses: { 200: { description: 'The PNG', contentType: 'image/png', schema: z.string().describe('binary') }, 404: NOT_FOUND },
      handler: async ({ caller, params }) => {
        const png = unwrap(await useCases.getQrCodePng.execute({ accountId: caller.account.id, environment: caller.environment, id: params.id }));
        return { status: 200, body: Buffer.from(png), headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, max-age=86400' } };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/qr/:id',
      summary: 'Delete a QR code (its link stays)',
      tag: 'QR codes',
      access: LINKS_WRITE,
      params: qrParams,
      responses: { 204: { description: 'Deleted' }, 404: NOT_FOUND },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.deleteQrCode.execute({ accountId: caller.account.id, environment: caller.environment, id: params.id }));
        return noContent();
      },
    }),
  ];
}
