import type { FxRate, ListFxRates, SetFxRate } from '@tuma/billing';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface AdminFxRateUseCases {
  readonly setFxRate: SetFxRate;
  readonly listFxRates: ListFxRates;
}

const rateSchema = z.object({
  from: z.string(),
  to: z.string(),
  rate: z.string().describe('1 `from` = `rate` `to`, exact decimal string'),
  updated_at: z.string(),
  updated_by: z.string().nullable().describe('key:<prefix> of the operator key, cli, or sample-data'),
});

export const fxRateView = (rate: FxRate): z.infer<typeof rateSchema> => ({
  from: rate.from,
  to: rate.to,
  rate: rate.rate,
  updated_at: rate.updatedAt.toISOString(),
  updated_by: rate.updatedBy,
});

const ADMIN = { anyScope: ['admin'] } as const;

/** Operator FX rates, under /api/admin and mirrored under /v1/admin. */
export function adminFxRateRoutes(useCases: AdminFxRateUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/admin/fx-rates',
      aliases: alsoUnderV1('/api/admin/fx-rates'),
      summary: 'Set (or replace) the exchange rate of a currency pair',
      tag: 'Admin',
      access: ADMIN,
      body: z.strictObject({
        from: z.string().min(1).max(8).describe('ISO 4217'),
        to: z.string().min(1).max(8).describe('ISO 4217'),
        rate: z
          .union([z.string().max(64), z.number()], { error: 'A decimal string (exact) or a number, greater than zero' })
          .describe('1 `from` = `rate` `to`; > 0, up to 12 decimals; a string is read exactly'),
      }),
      responses: { 201: { description: 'The stored rate', schema: rateSchema } },
      handler: async ({ body, principal }) => {
        const rate = unwrap(
          await useCases.setFxRate.execute({ from: body.from, to: body.to, rate: body.rate, updatedBy: principal && `key:${principal.apiKey.prefix}` }),
        );
        return json(201, fxRateView(rate));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/admin/fx-rates',
      aliases: alsoUnderV1('/api/admin/fx-rates'),
      summary: 'List the exchange rates, ordered by from then to',
      tag: 'Admin',
      access: ADMIN,
      responses: { 200: { description: 'Every stored rate', schema: z.object({ rates: z.array(rateSchema) }) } },
      handler: async () => json(200, { rates: unwrap(await useCases.listFxRates.execute()).map(fxRateView) }),
    }),
  ];
}
