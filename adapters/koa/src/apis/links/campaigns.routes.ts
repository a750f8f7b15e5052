import { CAMPAIGN_LIMITS, type CampaignSummary, type LinksService } from '@tuma/links';
import { z } from 'zod';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { LINKS_READ, LINKS_WRITE } from './access.ts';

export type CampaignUseCases = Pick<LinksService, 'createCampaign' | 'listCampaigns' | 'deleteCampaign'>;

const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  links: z.number().int().describe('Links in the campaign'),
  clicks: z.number().int().describe('Their human clicks'),
  created_at: z.string(),
});

const createdSchema = z.object({ id: z.string(), name: z.string(), color: z.string().nullable() });

export const campaignBody = z.strictObject({
  name: z.string().trim().min(1).max(CAMPAIGN_LIMITS.name),
  color: z
    .string()
    .max(CAMPAIGN_LIMITS.color)
    .regex(/^#[0-9A-Fa-f]{3,8}$/, 'A colour is hex: #RGB, #RRGGBB or #RRGGBBAA')
    .nullable()
    .optional(),
});

const view = (c: CampaignSummary): z.infer<typeof campaignSchema> => ({ id: c.id, name: c.name, color: c.color, links: c.links, clicks: c.clicks, created_at: c.createdAt.toISOString() });

/** `{links_url}/v1/campaigns` (docs/links.md, "Campaigns"): exactly the spec's rows. */
export function campaignRoutes(useCases: CampaignUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/campaigns',
      summary: "The account's campaigns, newest first, with their links and clicks",
      tag: 'Campaigns',
      access: LINKS_READ,
      responses: { 200: { description: 'Every campaign', schema: z.array(campaignSchema) } },
      handler: async ({ caller }) => json(200, unwrap(await useCases.listCampaigns.execute({ accountId: caller.account.id, environment: caller.environment })).map(view)),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/campaigns',
      summary: 'Create a campaign',
      tag: 'Campaigns',
      access: LINKS_WRITE,
      body: campaignBody,
      responses: { 201: { description: 'The campaign', schema: createdSchema } },
      handler: async ({ caller, body }) => {
        const campaign = unwrap(await useCases.createCampaign.execute({ accountId: caller.account.id, environment: caller.environment, name: body.name, color: body.color ?? null }));
        return json(201, { id: campaign.id, name: campaign.name, color: campaign.color });
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/campaigns/:id',
      summary: "Delete a campaign: its links stay, their campaign_id cleared",
      tag: 'Campaigns',
      access: LINKS_WRITE,
      params: z.object({ id: z.string().min(1).max(64) }),
      responses: { 204: { description: 'Deleted' }, 404: { description: 'No such campaign in the account', errorCodes: ['not_found'] } },
      handler: async ({ caller, params }) => {
        unwrap(await useCases.deleteCampaign.execute({ accountId: caller.account.id, environment: caller.environment, id: params.id }));
        return noContent();
      },
    }),
  ];
}
