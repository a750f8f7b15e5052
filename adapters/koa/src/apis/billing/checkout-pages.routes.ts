import type { GetCheckout, GetTopUpStatus, TopUp } from '@tuma/billing';
import { z } from 'zod';
import { htmlPage, seeOther } from '../../http/html.ts';
import { defineRoute, type HttpResult, type RouteDefinition } from '../../http/route.ts';
import { selfOrigin } from '../../http/self-origin.ts';
import { unwrap } from '../../http/unwrap.ts';
import { hostedCheckoutView, pageNotFoundView, topUpStatusView } from './checkout-views.ts';

/** What the hosted checkout's buttons lead to (implemented by the payments adapter's desk). */
export type HostedCheckoutAction =
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'not_pending'; readonly topUp: TopUp }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'delivery_failed'; readonly topUp: TopUp; readonly message: string };

export interface HostedCheckoutActions {
  /** `origin`: this server as the request reached it; the checkout posts its webhook there. */
  confirm(sessionId: string, origin: string): Promise<HostedCheckoutAction>;
  cancel(sessionId: string, origin: string): Promise<HostedCheckoutAction>;
}

export interface CheckoutPageUseCases {
  readonly getTopUpStatus: GetTopUpStatus;
  /** Only when the built-in hosted checkout is the payment provider. */
  readonly hosted?: { readonly getCheckout: GetCheckout; readonly actions: HostedCheckoutActions };
}

const PUBLIC = { public: true } as const;
const PAGE = { description: 'An HTML page', contentType: 'text/html', schema: z.string() };
const NOT_FOUND = { description: 'No such checkout or top-up (an HTML page)', contentType: 'text/html', schema: z.string() };

const sessionParams = z.object({ session: z.string().regex(/^[A-Za-z0-9_-]{8,128}$/, 'Not a checkout session id').describe('Hosted checkout session') });
const topUpParams = z.object({ id: z.string().regex(/^top_[0-9A-Z]{26}$/, 'Not a top-up id').describe('top_...') });

const statusPath = (topUpId: string) => `/checkout/top-ups/${encodeURIComponent(topUpId)}`;

function afterAction(action: HostedCheckoutAction): HttpResult {
  switch (action.kind) {
    case 'redirect':
      return seeOther(action.location);
    case 'not_pending':
      return seeOther(statusPath(action.topUp.id));
    case 'not_found':
      return htmlPage(404, pageNotFoundView('There is no such checkout.'));
    case 'delivery_failed':
      return htmlPage(502, hostedCheckoutView(action.topUp, `The payment could not be recorded; please try again. (${action.message})`));
  }
}

/**
 * The pages a payer sees in a browser: the return page of every provider
 * (`/checkout/top-ups/{id}`) and, for the built-in provider, the checkout itself with its
 * Confirm and Cancel forms. Public: a checkout session id and a top-up id are unguessable
 * capabilities, handed only to the account that started the top-up.
 */
export function checkoutPageRoutes(useCases: CheckoutPageUseCases): RouteDefinition[] {
  const routes: RouteDefinition[] = [
    defineRoute({
      method: 'get',
      path: '/checkout/top-ups/:id',
      summary: 'Return page after a checkout: the top-up and the wallet balance',
      tag: 'Checkout',
      access: PUBLIC,
      params: topUpParams,
      query: z.object({ cancelled: z.enum(['1']).optional().describe('Set by the cancel return URL') }),
      responses: { 200: PAGE, 404: NOT_FOUND },
      handler: async ({ params, query }) => {
        const view = await useCases.getTopUpStatus.execute(params.id);
        if (view.isErr() && view.error.type === 'not_found') return htmlPage(404, pageNotFoundView('There is no such top-up.'));
        return htmlPage(200, topUpStatusView(unwrap(view), query.cancelled === '1'));
      },
    }),
  ];
  const hosted = useCases.hosted;
  if (!hosted) return routes;
  const actionRoute = (name: 'confirm' | 'cancel', summary: string) =>
    defineRoute({
      method: 'post',
      path: `/checkout/:session/${name}`,
      summary,
      tag: 'Checkout',
      access: PUBLIC,
      params: sessionParams,
      responses: { 303: { description: 'To the return page (or the top-up page when it was settled before)' }, 404: NOT_FOUND, 502: PAGE },
      handler: async ({ params, koa }) => afterAction(await hosted.actions[name](params.session, selfOrigin(koa))),
    });
  routes.push(
    defineRoute({
      method: 'get',
      path: '/checkout/:session',
      summary: 'The built-in hosted checkout page (no money moves)',
      tag: 'Checkout',
      access: PUBLIC,
      params: sessionParams,
      responses: { 200: PAGE, 404: NOT_FOUND },
      handler: async ({ params }) => {
        const topUp = await hosted.getCheckout.execute('hosted', params.session);
        return topUp.isOk() ? htmlPage(200, hostedCheckoutView(topUp.value)) : htmlPage(404, pageNotFoundView('There is no such checkout.'));
      },
    }),
    actionRoute('confirm', 'Hosted checkout: the payer confirms (credits through the hosted webhook)'),
    actionRoute('cancel', 'Hosted checkout: the payer cancels (the top-up expires)'),
  );
  return routes;
}
