import { SERVICE_STATUSES, type TwoWay } from '@tuma/two-way';
import { z } from 'zod';
import { positiveIdParam } from '../../http/id-param.ts';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { accountSmsPriceSchema, accountSmsPriceView, adminTwoWayServiceSchema, adminTwoWayServiceView, shortCodeSchema, shortCodeView, twoWayApprovalSchema, twoWayApprovalView, twoWayPricingEntrySchema, twoWayPricingEntryView } from '../two-way/two-way-views.ts';

export type AdminTwoWayUseCases = Pick<TwoWay, 'reviewServices' | 'approveService' | 'rejectService' | 'suspendService' | 'setCountryPricing' | 'provisionShortCode' | 'listShortCodes' | 'setAccountSmsPrice'>;

const ADMIN = { anyScope: ['admin'] } as const;
const TAG = 'Admin';
const path = (p: string) => ({ path: `/api/admin/two-way${p}`, aliases: alsoUnderV1(`/api/admin/two-way${p}`) });
const idParams = z.object({ id: positiveIdParam('service id') });
const NOT_FOUND = { description: 'No service with this id' };
const WRONG_STATE = { description: 'The service is not in a status that allows it (service_state_conflict)', errorCodes: ['service_state_conflict'] };

/** A USD amount as a JSON number or a decimal string (exact to the micro-unit). */
const usdAmount = z.union([z.number(), z.string().max(32)]).transform(String).describe('USD, zero or more');

const priceBody = z.strictObject({
  offered: z.boolean(),
  setup_fee_usd: usdAmount,
  monthly_fee_usd: usdAmount.describe('Dedicated code, VAT inclusive'),
  shared_keyword_monthly_fee_usd: usdAmount,
  custom_sms_price_usd: usdAmount.nullable().default(null).describe("Replaces the route's basic rate for inbound and outbound; null: the basic rate"),
  toll_free_available: z.boolean(),
  toll_free_inbound_price_usd: usdAmount.nullable().default(null).describe('Null: the same as the inbound price'),
});

/** Operator review and lifecycle of two-way services, the price table and the short-code inventory (docs/two-way.md). */
export function adminTwoWayRoutes(useCases: AdminTwoWayUseCases): RouteDefinition[] {
  const suspension = (action: 'suspend' | 'unsuspend') =>
    defineRoute({
      method: 'post',
      ...path(`/services/:id/${action}`),
      summary:
        action === 'suspend'
          ? 'Suspend an active or past-due service: inbound messages are stored, not forwarded or auto-replied; fees keep running'
          : "Lift the operator's suspension (active again, or past due if a fee is owed)",
      tag: TAG,
      access: ADMIN,
      params: idParams,
      responses: { 200: { description: 'The service', schema: adminTwoWayServiceSchema }, 404: NOT_FOUND, 409: WRONG_STATE },
      handler: async ({ params }) => json(200, adminTwoWayServiceView(unwrap(await useCases.suspendService.execute({ id: params.id, suspended: action === 'suspend' })))),
    });
  return [
    defineRoute({
      method: 'get',
      ...path('/services'),
      summary: 'Services of every account, newest first, e.g. ?status=pending to review',
      tag: TAG,
      access: ADMIN,
      query: z.object({ status: z.enum(SERVICE_STATUSES).optional(), page: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(100).default(25) }),
      responses: {
        200: { description: 'One page', schema: z.object({ services: z.array(adminTwoWayServiceSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }) },
      },
      handler: async ({ query }) => {
        const page = unwrap(await useCases.reviewServices.execute(query));
        return json(200, { services: page.services.map(adminTwoWayServiceView), total: page.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'post',
      ...path('/services/:id/approve'),
      summary: 'Approve a pending request: the setup fee and the first monthly fee as one fee entry in the wallet currency, then the short code is assigned',
      tag: TAG,
      access: ADMIN,
      params: idParams,
      body: z.strictObject({ number: z.string().max(32).nullable().optional().describe("Dedicated: the code to assign; absent: the first free one of the country's pool") }),
      responses: {
        200: { description: 'The active service and its charge', schema: twoWayApprovalSchema },
        402: { description: 'The wallet cannot pay (required, available); still pending' },
        404: NOT_FOUND,
        409: { description: 'Not pending, the number is held (number_taken), or no code is free (no_short_code)', errorCodes: ['service_state_conflict', 'number_taken', 'no_short_code'] },
        503: { description: 'pricing_unavailable: no exchange rate from USD into the wallet currency yet; still pending' },
      },
      handler: async ({ params, body }) => {
        const { service, charge } = unwrap(await useCases.approveService.execute({ id: params.id, number: body.number }));
        return json(200, twoWayApprovalView(service, charge));
      },
    }),
    defineRoute({
      method: 'post',
      ...path('/services/:id/reject'),
      summary: 'Reject a pending request with a reason the customer sees; nothing is charged, the keyword is free again',
      tag: TAG,
      access: ADMIN,
      params: idParams,
      body: z.strictObject({ reason: z.string().max(500) }),
      responses: { 200: { description: 'The rejected service', schema: adminTwoWayServiceSchema }, 404: NOT_FOUND, 409: WRONG_STATE },
      handler: async ({ params, body }) => json(200, adminTwoWayServiceView(unwrap(await useCases.rejectService.execute({ id: params.id, reason: body.reason })))),
    }),
    suspension('suspend'),
    suspension('unsuspend'),
    defineRoute({
      method: 'put',
      ...path('/pricing/:cc'),
      summary: "Replace a market's row of the two-way price table; services already requested keep their prices",
      tag: TAG,
      access: ADMIN,
      params: z.object({ cc: z.string().regex(/^[A-Za-z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code') }),
      body: priceBody,
      responses: { 200: { description: 'The market as GET /two-way/pricing shows it now', schema: twoWayPricingEntrySchema }, 404: { description: 'Not one of the markets' } },
      handler: async ({ params, body }) => {
        const result = await useCases.setCountryPricing.execute({
          countryCode: params.cc,
          price: {
            offered: body.offered,
            setupFeeUsd: body.setup_fee_usd,
            monthlyFeeUsd: body.monthly_fee_usd,
            sharedKeywordMonthlyFeeUsd: body.shared_keyword_monthly_fee_usd,
            customSmsPriceUsd: body.custom_sms_price_usd,
            tollFreeAvailable: body.toll_free_available,
            tollFreeInboundPriceUsd: body.toll_free_inbound_price_usd,
          },
        });
        return json(200, twoWayPricingEntryView(unwrap(result)));
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/admin/accounts/:id/prices/:cc',
      aliases: alsoUnderV1('/api/admin/accounts/:id/prices/:cc'),
      summary: "Set an account's per-customer SMS price in a country (USD a segment); its two-way replies there are billed at it. null removes it",
      tag: TAG,
      access: ADMIN,
      params: z.object({ id: z.string().min(1).max(64), cc: z.string().regex(/^[A-Za-z]{2}$/, 'Must be an ISO 3166-1 alpha-2 code') }),
      body: z.strictObject({ price_usd: usdAmount.nullable() }),
      responses: {
        200: { description: 'The price in force', schema: accountSmsPriceSchema },
        404: { description: 'No such account, or not one of the markets' },
      },
      handler: async ({ params, body }) => json(200, accountSmsPriceView(unwrap(await useCases.setAccountSmsPrice.execute({ accountId: params.id, countryCode: params.cc, priceUsd: body.price_usd })))),
    }),
    defineRoute({
      method: 'get',
      ...path('/short-codes'),
      summary: 'The short codes Tuma leases, by market: shared codes and the dedicated pool',
      tag: TAG,
      access: ADMIN,
      query: z.object({ country_code: z.string().regex(/^[A-Za-z]{2}$/).optional() }),
      responses: { 200: { description: 'The inventory', schema: z.object({ short_codes: z.array(shortCodeSchema) }) } },
      handler: async ({ query }) => json(200, { short_codes: unwrap(await useCases.listShortCodes.execute(query.country_code)).map(shortCodeView) }),
    }),
    defineRoute({
      method: 'post',
      ...path('/short-codes'),
      summary: "Add a leased short code: a market's shared code (keywords) or one for its dedicated pool",
      tag: TAG,
      access: ADMIN,
      body: z.strictObject({ number: z.string().max(32), country_code: z.string().regex(/^[A-Za-z]{2}$/), kind: z.enum(['shared', 'dedicated']) }),
      responses: {
        201: { description: 'The code, now in the inventory', schema: shortCodeSchema },
        404: { description: 'Not one of the markets' },
        409: { description: 'The number is in the inventory already, or the market has a shared code' },
      },
      handler: async ({ body }) => {
        const result = await useCases.provisionShortCode.execute({ number: body.number, countryCode: body.country_code, kind: body.kind });
        return json(201, shortCodeView(unwrap(result)));
      },
    }),
  ];
}
