import type { Result } from '@tuma/kernel';
import type { InvalidInboundSms, ReceivedInbound } from '@tuma/messaging';
import { z } from 'zod';
import { located } from '../../http/located.ts';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { inboundMessageBody } from './inbound.routes.ts';

/** The live carrier simulator, seen from HTTP: it makes up a reply from a phone. */
export interface InboundSimulator {
  simulateInbound(input: { from: string; to: string; text: string; carrierMessageId?: string }): Promise<Result<ReceivedInbound, InvalidInboundSms>>;
}

const simulatedSchema = z.object({
  message_id: z.string().describe('mo_...'),
  status: z.literal('received'),
  duplicate: z.boolean(),
  account_id: z.string().nullable().describe('The account the reply was attributed to; null when no account messaged the number'),
  keyword: z.string().nullable().describe('The STOP or START keyword the text is'),
  opt_out: z.boolean(),
});

const PATH = '/api/admin/simulator/inbound';

/**
 * `POST /api/admin/simulator/inbound` (operator): a reply from a phone through the live simulator,
 * as if the carrier delivered it. Mounted only when live messages go to the simulator.
 */
export function simulatorInboundRoutes(simulator: InboundSimulator): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: 'Simulate an inbound message (a reply from a phone) through the live simulator',
      tag: 'Simulator',
      access: { anyScope: ['admin'] },
      body: inboundMessageBody,
      responses: { 200: { description: 'What became of it', schema: simulatedSchema }, 400: { description: 'invalid_phone_number: `from` is no number' } },
      handler: async ({ body }) => {
        const { carrier_message_id: carrierMessageId, ...fields } = body;
        const result = await simulator.simulateInbound({ ...fields, ...(carrierMessageId ? { carrierMessageId } : {}) });
        const { message, duplicate, keyword } = unwrap(result.mapErr(located('body')));
        return json(200, {
          message_id: message.id,
          status: 'received',
          duplicate,
          account_id: message.accountId,
          keyword: keyword?.keyword ?? null,
          opt_out: keyword?.action === 'opt_out',
        });
      },
    }),
  ];
}
