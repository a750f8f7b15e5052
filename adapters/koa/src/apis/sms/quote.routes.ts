import type { PriceQuote, QuotedRecipient, QuotePrice } from '@tuma/messaging';
import { MAX_RECIPIENTS_PER_CALL } from '@tuma/messaging';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { gsm7AlternativeSchema, gsm7AlternativeView } from './gsm7-alternative-view.ts';
import { oneOrMany } from './number-validation.routes.ts';

export interface QuoteUseCases {
  readonly quotePrice: QuotePrice;
}

const recipientSchema = z.object({
  to: z.string().describe('E.164 when the number is valid, else the input as given'),
  country: z.string().nullable(),
  route: z.string().nullable().describe('Route code, e.g. SVC_KE'),
  routable: z.boolean(),
  segments: z.number().int(),
  encoding: z.enum(['GSM7', 'UCS2']),
  price_per_segment: z.number().nullable().describe('In route_currency'),
  route_currency: z.string().nullable(),
  cost_route: z.number().nullable().describe('segments x price_per_segment, in route_currency'),
  cost_wallet: z.number().nullable().describe('cost_route converted into the wallet currency, rounded half-even to 6 decimals; null when not routable'),
  fx_rate: z.string().nullable().describe('Rate used, route currency -> wallet currency (decimal string); null when not routable'),
  reason: z
    .enum(['not_numeric', 'parse_error', 'impossible_number', 'invalid_number', 'no_route', 'route_mismatch', 'fx_rate_missing'])
    .nullable()
    .describe('Why the recipient is not routable; null when routable'),
});

const quoteSchema = z.object({
  encoding: z.enum(['GSM7', 'UCS2']),
  segments: z.number().int(),
  characters: z.number().int(),
  units: z.number().int(),
  over_segment_cap: z.boolean(),
  max_segments: z.number().int(),
  wallet_currency: z.string(),
  wallet_balance: z.number().nullable().describe('Null when the account has no wallet yet'),
  recipients: z.array(recipientSchema),
  routable_count: z.number().int(),
  unroutable: z.array(z.string()).describe('The inputs, as given, of the recipients that are not routable'),
  total_cost: z.number().describe('Exact sum of the recipients cost_wallet, in wallet_currency'),
  affordable: z.boolean().nullable().describe('wallet_balance >= total_cost; null when the account has no wallet yet'),
  gsm7_alternative: gsm7AlternativeSchema,
  smart_encoded_text: z.string().nullable().describe('The text quoted, when smart encoding changed the one given; else null'),
});

const recipientView = (quote: PriceQuote, r: QuotedRecipient): z.infer<typeof recipientSchema> => ({
  to: r.to,
  country: r.country,
  route: r.route?.code ?? null,
  routable: r.routable,
  segments: quote.message.segments,
  encoding: quote.message.encoding,
  price_per_segment: r.route ? r.route.pricePerSegment.toNumber() : null,
  route_currency: r.route?.currency ?? null,
  cost_route: r.routeCost ? r.routeCost.toNumber() : null,
  cost_wallet: r.price ? r.price.walletCost.toNumber() : null,
  fx_rate: r.price?.rateUsed ?? null,
  reason: r.reason,
});

export const quoteView = (quote: PriceQuote): z.infer<typeof quoteSchema> => ({
  encoding: quote.message.encoding,
  segments: quote.message.segments,
  characters: quote.message.characters,
  units: quote.message.units,
  over_segment_cap: quote.message.overSegmentCap,
  max_segments: quote.message.maxSegments,
  wallet_currency: quote.walletCurrency,
  wallet_balance: quote.walletBalance ? quote.walletBalance.toNumber() : null,
  recipients: quote.recipients.map((r) => recipientView(quote, r)),
  routable_count: quote.routableCount,
  unroutable: [...quote.unroutable],
  total_cost: quote.totalCost.toNumber(),
  affordable: quote.affordable,
  gsm7_alternative: quote.gsm7Alternative && gsm7AlternativeView(quote.gsm7Alternative),
  smart_encoded_text: quote.smartEncoded,
});

/** `POST /api/messages/rate` and its alias `POST /api/rate`: a price quote; never sends or charges. */
export function quoteRoutes(useCases: QuoteUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/messages/rate',
      aliases: ['/api/rate'],
      summary: 'Price a message for up to 1000 recipients in the wallet currency; never sends or charges',
      tag: 'Messages',
      access: { anyScope: ['send', 'query'] },
      body: z.object({
        to: oneOrMany('recipient', MAX_RECIPIENTS_PER_CALL).describe('One number or up to 1000, international format').meta({ examples: [['+254712345678', '+2348031234567']] }),
        text: z.string().min(1, 'The text must not be empty').meta({ examples: ['Habari! Your code is 4821'] }),
        route: z.string().min(1).max(32).optional().describe('A route code (SVC_<CC>); otherwise each number country route'),
        smart_encoding: z.boolean().optional().describe('Quote the text as smart encoding would send it; default: the account setting'),
      }),
      responses: { 200: { description: 'The price quote', schema: quoteSchema } },
      handler: async ({ body, principal }) => {
        const account = principal.account;
        const quote = unwrap(
          await useCases.quotePrice.execute({
            accountId: account.id,
            environment: principal.apiKey.environment,
            walletCurrency: account.walletCurrency,
            to: typeof body.to === 'string' ? [body.to] : body.to,
            text: body.text,
            route: body.route,
            smartEncoding: body.smart_encoding,
          }),
        );
        return json(200, quoteView(quote));
      },
    }),
  ];
}
