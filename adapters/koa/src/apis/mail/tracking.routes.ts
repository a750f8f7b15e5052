import type { MailService } from '@tuma/mail';
import { z } from 'zod';
import { defineRoute, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export type MailTrackingUseCases = Pick<MailService, 'recordEngagement'>;

const PUBLIC = { public: true } as const;
/** A transparent 1x1 GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** Every open and click must reach us: no cache may answer for us. */
const UNCACHED = { 'Cache-Control': 'no-store, no-cache, must-revalidate, max-age=0', Pragma: 'no-cache' };
/** Any text: a token that does not verify is a 404 like any unknown link, never a 422 that would tell it apart. */
const tokenParams = z.object({ token: z.string().describe('The signed token the email carries') });
const UNKNOWN = { description: 'The token is not one we signed (altered, made up, or of the other kind)', errorCodes: ['not_found'] };

/** `{mail_url}/t/...`: the tracking pixel and links of tracked emails (docs/mail.md, "Tracking"); public, since mail readers carry no key. */
export function mailTrackingRoutes(useCases: MailTrackingUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/t/o/:token',
      summary: "An email's tracking pixel: records the open",
      tag: 'Tracking',
      access: PUBLIC,
      params: tokenParams,
      responses: { 200: { description: 'A transparent 1x1 GIF', contentType: 'image/gif', schema: z.string().describe('binary') }, 404: UNKNOWN },
      handler: async ({ params }) => {
        unwrap(await useCases.recordEngagement.execute({ kind: 'open', token: params.token }));
        return { status: 200, body: PIXEL, headers: { 'Content-Type': 'image/gif', ...UNCACHED } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/t/c/:token',
      summary: "A tracked link of an email: records the click and redirects to the link's address",
      tag: 'Tracking',
      access: PUBLIC,
      params: tokenParams,
      responses: { 302: { description: 'To the address the email linked (Location)' }, 404: UNKNOWN },
      handler: async ({ params }) => {
        const claim = unwrap(await useCases.recordEngagement.execute({ kind: 'click', token: params.token }));
        if (claim.kind !== 'click') throw new Error('A click token read as an open');
        return { status: 302, headers: { Location: claim.url, ...UNCACHED } };
      },
    }),
  ];
}
