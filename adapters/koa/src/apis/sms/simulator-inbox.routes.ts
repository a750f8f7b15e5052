import { MESSAGE_ENVIRONMENTS, readPhoneField, type MessageEnvironment } from '@tuma/messaging';
import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';

/** A message a simulator carried to a phone, with the clear text the phone shows. */
export interface HandsetDelivery {
  readonly messageId: string;
  readonly to: string;
  readonly from: string;
  readonly text: string;
  readonly parts: number;
  readonly gateway: string;
  readonly environment: MessageEnvironment;
  readonly receivedAt: Date;
}

/** The carrier simulators' handsets, seen from HTTP: what they received, newest first. */
export interface SimulatorInbox {
  received(query: { readonly to?: string; readonly limit: number }): readonly HandsetDelivery[];
}

const handsetDeliverySchema = z.object({
  message_id: z.string().describe('msg_...'),
  to: z.string().describe('E.164'),
  from: z.string().describe('The sender ID it was sent from'),
  text: z.string().describe('The whole text as submitted to the carrier, unmasked (what the phone shows)'),
  parts: z.int().describe('SMS parts it was sent in'),
  gateway: z.string().describe('The simulator that took it: `simulator` (live), `sandbox` (test keys) or the name an embedder gave its simulator'),
  environment: z.enum(MESSAGE_ENVIRONMENTS),
  received_at: z.string().describe('When the simulator accepted it, by its clock'),
});

const view = (delivery: HandsetDelivery): z.infer<typeof handsetDeliverySchema> => ({
  message_id: delivery.messageId,
  to: delivery.to,
  from: delivery.from,
  text: delivery.text,
  parts: delivery.parts,
  gateway: delivery.gateway,
  environment: delivery.environment,
  received_at: delivery.receivedAt.toISOString(),
});

/** `to` as URLs carry it: the `+` may be missing, or arrive as a space. */
const handsetNumber = z.string().transform((raw, context) => {
  const phone = readPhoneField(raw, 'to', { plusOptional: true });
  if (phone.isOk()) return phone.value.e164;
  context.addIssue({ code: 'custom', message: phone.error.details[0]!.message });
  return z.NEVER;
});

const PATH = '/api/admin/simulator/messages';

/**
 * `GET /api/admin/simulator/messages` (operator): what the simulators' phones received, in clear
 * text (one-time codes included), so test harnesses can read them. Kept in memory by the process
 * whose simulator sent them (docs/carriers.md, "Handset inbox").
 */
export function simulatorInboxRoutes(inbox: SimulatorInbox): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: "What the carrier simulators' phones received (test keys' and simulated live messages), newest first, in clear text",
      tag: 'Simulator',
      access: { anyScope: ['admin'] },
      query: z.object({
        to: handsetNumber.optional().describe('E.164 (the + may be left out); every number when absent'),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
      responses: { 200: { description: 'The latest messages, newest first', schema: z.object({ messages: z.array(handsetDeliverySchema) }) } },
      handler: async ({ query }) => json(200, { messages: inbox.received(query).map(view) }),
    }),
  ];
}
