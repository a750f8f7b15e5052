import type { GetSmsSettings, ListMarketQuietHours, UpdateMarketQuietHours, UpdateSmsSettings } from '@tuma/messaging';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { marketQuietHoursSchema, marketQuietHoursView, promotionalHoursInput, smsSettingsSchema, smsSettingsView } from './quiet-hours-views.ts';

export interface SmsSettingsUseCases {
  readonly getSmsSettings: GetSmsSettings;
  readonly updateSmsSettings: UpdateSmsSettings;
  readonly listMarketQuietHours: ListMarketQuietHours;
  readonly updateMarketQuietHours: UpdateMarketQuietHours;
}

const ADMIN = { anyScope: ['admin'] } as const;
const READ = { anyScope: ['query', 'send'] } as const;
const SETTINGS = { 200: { description: "The account's SMS settings", schema: smsSettingsSchema } };
const ADMIN_SETTINGS_PATH = '/api/admin/accounts/:id/sms-settings';
const QUIET_HOURS_PATH = '/api/admin/quiet-hours';

/** An account's SMS settings (docs/messages.md "Smart encoding") and the operator's quiet hours (docs/quiet-hours.md). */
export function smsSettingsRoutes(useCases: SmsSettingsUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/settings/sms',
      summary: "The account's SMS settings: smart-encoding default and quiet-hours overrides",
      tag: 'Settings',
      access: READ,
      responses: SETTINGS,
      handler: async ({ principal }) => json(200, smsSettingsView(unwrap(await useCases.getSmsSettings.execute(principal.account.id)))),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/settings/sms',
      summary: "Change the account's smart-encoding default",
      tag: 'Settings',
      access: { anyScope: ['send'] },
      body: z.strictObject({ smart_encoding: z.boolean().optional().describe('Replace GSM-7 look-alikes in sends that do not say') }),
      responses: SETTINGS,
      handler: async ({ body, principal }) =>
        json(200, smsSettingsView(unwrap(await useCases.updateSmsSettings.execute({ accountId: principal.account.id, smartEncoding: body.smart_encoding })))),
    }),
    defineRoute({
      method: 'get',
      path: ADMIN_SETTINGS_PATH,
      aliases: alsoUnderV1(ADMIN_SETTINGS_PATH),
      summary: "An account's SMS settings",
      tag: 'Admin',
      access: ADMIN,
      params: z.object({ id: z.string().min(1).max(64) }),
      responses: { ...SETTINGS, 404: { description: 'No such account' } },
      handler: async ({ params }) => json(200, smsSettingsView(unwrap(await useCases.getSmsSettings.execute(params.id)))),
    }),
    defineRoute({
      method: 'patch',
      path: ADMIN_SETTINGS_PATH,
      aliases: alsoUnderV1(ADMIN_SETTINGS_PATH),
      summary: "Change an account's SMS settings, its quiet-hours overrides included",
      tag: 'Admin',
      access: ADMIN,
      params: z.object({ id: z.string().min(1).max(64) }),
      body: z.strictObject({
        smart_encoding: z.boolean().optional(),
        quiet_hours: z
          .record(z.string().max(8), promotionalHoursInput.nullable())
          .optional()
          .describe('Replaces the overrides: per country code, promotional hours, or null for none (an exemption)'),
      }),
      responses: { ...SETTINGS, 404: { description: 'No such account' } },
      handler: async ({ params, body }) =>
        json(200, smsSettingsView(unwrap(await useCases.updateSmsSettings.execute({ accountId: params.id, smartEncoding: body.smart_encoding, quietHours: body.quiet_hours })))),
    }),
    defineRoute({
      method: 'get',
      path: QUIET_HOURS_PATH,
      aliases: alsoUnderV1(QUIET_HOURS_PATH),
      summary: "Every market's quiet hours: time zones and promotional hours",
      tag: 'Admin',
      access: ADMIN,
      responses: { 200: { description: 'By country code', schema: z.object({ markets: z.array(marketQuietHoursSchema) }) } },
      handler: async () => json(200, { markets: unwrap(await useCases.listMarketQuietHours.execute()).map(marketQuietHoursView) }),
    }),
    defineRoute({
      method: 'patch',
      path: `${QUIET_HOURS_PATH}/:country`,
      aliases: alsoUnderV1(`${QUIET_HOURS_PATH}/:country`),
      summary: "Change a market's quiet hours",
      tag: 'Admin',
      access: ADMIN,
      params: z.object({ country: z.string().length(2).describe('ISO 3166-1 alpha-2') }),
      body: z.strictObject({
        time_zones: z.array(z.string().min(1).max(64)).max(8).optional().describe('IANA zones, the main one first'),
        promotional_hours: promotionalHoursInput.nullable().optional().describe('null: no quiet hours in this market'),
      }),
      responses: { 200: { description: 'The market as stored', schema: marketQuietHoursSchema }, 404: { description: 'No such market' } },
      handler: async ({ params, body, principal }) =>
        json(
          200,
          marketQuietHoursView(
            unwrap(await useCases.updateMarketQuietHours.execute({ countryCode: params.country, timeZones: body.time_zones, promotionalHours: body.promotional_hours, by: `key:${principal.apiKey.prefix}` })),
          ),
        ),
    }),
  ];
}
