import { MAX_RECIPIENTS_PER_CALL, validateNumber, validateNumbers } from '@tuma/messaging';
import { z } from 'zod';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';

/** `string | string[]` of 1..max items, with messages that say what is expected. */
export const oneOrMany = (what: string, max: number) =>
  z.union([z.string(), z.array(z.string()).min(1, `At least one ${what}`).max(max, `At most ${max} ${what}s`)], {
    error: (issue) =>
      Array.isArray(issue.input) && issue.input.length > max ? `At most ${max} ${what}s` : `A ${what}, or an array of 1 to ${max} ${what}s`,
  });

const validationSchema = z.object({
  input: z.string(),
  e164: z.string().nullable().describe('Set only when valid'),
  valid: z.boolean(),
  possible: z.boolean(),
  country: z.string().nullable().describe('ISO 3166-1 alpha-2'),
  type: z.string().describe('mobile, fixed_line, fixed_line_or_mobile, voip, toll_free, ..., unknown'),
  carrier: z.string().nullable().describe('Originally assigned carrier (offline data; not ported status)'),
  location: z.string().nullable(),
  national: z.string().nullable(),
  reason: z.enum(['not_numeric', 'parse_error', 'invalid_number', 'impossible_number']).nullable(),
});

const batchSchema = z.object({
  count: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  mobile: z.number().int(),
  results: z.array(validationSchema),
});

/** `POST /api/messages/validate` and its alias `POST /api/validate`: offline number validation, no charge. */
export function numberValidationRoutes(): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/messages/validate',
      aliases: ['/api/validate'],
      summary: 'Validate phone numbers offline (format, country, type, original carrier); no charge',
      tag: 'Messages',
      access: { anyScope: ['send', 'query'] },
      body: z.object({
        phone: oneOrMany('phone number', MAX_RECIPIENTS_PER_CALL).describe('International format with the country code; one number or up to 1000').meta({ examples: ['+254712345678'] }),
      }),
      responses: {
        200: { description: 'A single validation result (string input) or the array form (array input)', schema: z.union([validationSchema, batchSchema]) },
      },
      handler: async ({ body }) => json(200, typeof body.phone === 'string' ? validateNumber(body.phone) : validateNumbers(body.phone)),
    }),
  ];
}
