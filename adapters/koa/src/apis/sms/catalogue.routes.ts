import { API_SCOPES } from '@tuma/accounts';
import {
  SENDER_ID_FEE_TYPES,
  type GetCoverage,
  type GetRoute,
  type GetSenderIdFees,
  type ListPricing,
  type ListRoutes,
  type UpdateRoute,
} from '@tuma/messaging';
import { z } from 'zod';
import { toCoverageView, toPricingEntry, toRouteView, toSenderIdFeesView } from './catalogue-views.ts';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface CatalogueUseCases {
  readonly listRoutes: ListRoutes;
  readonly getRoute: GetRoute;
  readonly listPricing: ListPricing;
  readonly getCoverage: GetCoverage;
  readonly getSenderIdFees: GetSenderIdFees;
  readonly updateRoute: UpdateRoute;
}

const routeSchema = z.object({
  code: z.string().describe('SVC_<CC>'),
  name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  currency: z.string().describe('ISO 4217 currency of the price'),
  price_per_segment: z.number(),
  sender_id_default: z.string(),
  is_active: z.boolean(),
});

const pricingEntrySchema = z.object({
  route_code: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  currency: z.string(),
  price_per_segment: z.number().describe('One 160-character GSM-7 or 70-character Unicode segment'),
  sender_id: z.string(),
});

const coverageBase = {
  country_code: z.string(),
  country_name: z.string(),
  networks: z.array(z.string()),
  currency: z.string().describe('The market currency'),
  sender_id_registration: z.boolean(),
  sender_id_free: z.boolean(),
  regulator: z.string(),
  promo_note: z.string().nullable(),
  rules: z.array(z.string()),
  otp_available: z.boolean(),
  two_way: z.boolean(),
};

const coverageSchema = z.object({
  total: z.number().int().describe('All markets'),
  supported: z.number().int().describe('Markets with an active route'),
  countries: z.array(
    z.discriminatedUnion('supported', [
      z.object({
        ...coverageBase,
        supported: z.literal(true),
        route_code: z.string(),
        price_per_segment: z.number(),
        price_currency: z.string(),
      }),
      z.object({ ...coverageBase, supported: z.literal(false) }),
    ]),
  ),
});

const senderIdFeesSchema = z.object({
  currency: z.literal('USD'),
  countries: z.array(
    z.object({
      country_code: z.string(),
      country_name: z.string(),
      fee_usd: z.number().nullable(),
      fee_type: z.enum(SENDER_ID_FEE_TYPES),
      covers: z.literal('all_networks').nullable(),
      fee_table: z
        .array(z.tuple([z.string(), z.number(), z.number()]))
        .nullable()
        .describe('Rows of [network, setup, recurring] in local currency'),
      note: z.string().nullable(),
    }),
  ),
});

const routeParams = z.object({ code: z.string().min(1).max(64).describe('Route code, SVC_<CC> (any case)') });

const updateRouteBody = z.strictObject({
  price_per_segment: z
    .union([z.number(), z.string().max(32)])
    .optional()
    .describe('Decimal (number or string), > 0, at most 6 decimals, in `currency` (default: the route currency)'),
  currency: z.string().max(16).optional().describe('ISO 4217. A different currency needs price_per_segment'),
  is_active: z.boolean().optional(),
  sender_id_default: z.string().min(1).max(11).optional(),
  name: z.string().min(1).max(120).optional(),
});

const CUSTOMER = { anyScope: API_SCOPES } as const;
const ADMIN = { anyScope: ['admin'] } as const;

/** Routes, pricing, coverage and sender-ID fees; the operator's route changes. */
export function catalogueRoutes(useCases: CatalogueUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/routes',
      summary: 'Every route, active or not',
      tag: 'Catalogue',
      access: CUSTOMER,
      responses: { 200: { description: 'Routes in market order', schema: z.array(routeSchema) } },
      handler: async () => json(200, unwrap(await useCases.listRoutes.execute()).map(toRouteView)),
    }),
    defineRoute({
      method: 'get',
      path: '/api/routes/:code',
      summary: 'One route',
      tag: 'Catalogue',
      access: CUSTOMER,
      params: routeParams,
      responses: { 200: { description: 'The route', schema: routeSchema }, 404: { description: 'No such route' } },
      handler: async ({ params }) => json(200, toRouteView(unwrap(await useCases.getRoute.execute({ code: params.code })))),
    }),
    defineRoute({
      method: 'get',
      path: '/api/pricing',
      summary: 'Price per segment of every active route',
      tag: 'Catalogue',
      access: CUSTOMER,
      responses: { 200: { description: 'Pricing entries', schema: z.array(pricingEntrySchema) } },
      handler: async () => json(200, unwrap(await useCases.listPricing.execute()).map(toPricingEntry)),
    }),
    defineRoute({
      method: 'get',
      path: '/api/countries',
      summary: 'Coverage of the 54 markets: networks, sender-ID policy, compliance notes, route',
      tag: 'Catalogue',
      access: CUSTOMER,
      responses: { 200: { description: 'Coverage', schema: coverageSchema } },
      handler: async () => json(200, toCoverageView(unwrap(await useCases.getCoverage.execute()))),
    }),
    defineRoute({
      method: 'get',
      path: '/api/sender-ids/fees',
      summary: 'Sender-ID registration fees per country (public, cacheable for 5 minutes)',
      tag: 'Catalogue',
      access: { public: true },
      responses: { 200: { description: 'The fee schedule', schema: senderIdFeesSchema } },
      handler: async () => json(200, toSenderIdFeesView(unwrap(await useCases.getSenderIdFees.execute())), { 'Cache-Control': 'public, max-age=300' }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/admin/routes/:code',
      aliases: alsoUnderV1('/api/admin/routes/:code'),
      summary: "Change a route's price (and currency), activation, default sender ID or name",
      tag: 'Admin',
      access: ADMIN,
      params: routeParams,
      body: updateRouteBody,
      responses: {
        200: { description: 'The route as changed', schema: routeSchema },
        404: { description: 'No such route' },
        409: { description: 'The country already has another active route' },
      },
      handler: async ({ params, body }) => {
        const result = await useCases.updateRoute.execute({
          code: params.code,
          pricePerSegment: body.price_per_segment,
          currency: body.currency,
          isActive: body.is_active,
          senderIdDefault: body.sender_id_default,
          name: body.name,
        });
        return json(200, toRouteView(unwrap(result)));
      },
    }),
  ];
}
