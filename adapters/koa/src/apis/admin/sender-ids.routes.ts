import {
  SENDER_ID_REJECTION_REASON_MAX_LENGTH,
  SENDER_ID_STATUSES,
  type ApproveSenderId,
  type RejectSenderId,
  type ReviewSenderIds,
} from '@tuma/messaging';
import { z } from 'zod';
import { positiveIdParam } from '../../http/id-param.ts';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { adminSenderIdSchema, adminSenderIdView } from '../sms/sender-id-views.ts';

export interface AdminSenderIdUseCases {
  readonly reviewSenderIds: ReviewSenderIds;
  readonly approveSenderId: ApproveSenderId;
  readonly rejectSenderId: RejectSenderId;
}

const ADMIN = { anyScope: ['admin'] } as const;

const idParams = z.object({ id: positiveIdParam('sender ID request id') });

const NOT_FOUND = { description: 'No sender ID request with this id' };
const NOT_PENDING = { description: 'The request is not pending (already approved or rejected)' };

/** Operator review of sender-ID requests, under /api/admin/sender-ids and mirrored under /v1/admin. */
export function adminSenderIdRoutes(useCases: AdminSenderIdUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/admin/sender-ids',
      aliases: alsoUnderV1('/api/admin/sender-ids'),
      summary: 'Sender-ID requests of every account, newest first, e.g. ?status=pending to review',
      tag: 'Admin',
      access: ADMIN,
      query: z.object({
        status: z.enum(SENDER_ID_STATUSES).optional(),
        account_id: z.string().min(1).max(64).optional(),
        page: z.coerce.number().int().min(0).default(0),
        limit: z.coerce.number().int().min(1).max(100).default(25),
      }),
      responses: {
        200: {
          description: 'One page',
          schema: z.object({ sender_ids: z.array(adminSenderIdSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
        },
      },
      handler: async ({ query }) => {
        const review = unwrap(
          await useCases.reviewSenderIds.execute({ status: query.status, accountId: query.account_id, page: query.page, limit: query.limit }),
        );
        return json(200, { sender_ids: review.items.map(adminSenderIdView), total: review.total, page: query.page, limit: query.limit });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/admin/sender-ids/:id/approve',
      aliases: alsoUnderV1('/api/admin/sender-ids/:id/approve'),
      summary: 'Approve a pending request: charges USD 150 per flat-fee country, converted into the wallet currency, as one fee entry',
      tag: 'Admin',
      access: ADMIN,
      params: idParams,
      responses: {
        200: { description: 'The approved request with its fee', schema: adminSenderIdSchema },
        400: { description: 'No exchange rate from USD into the wallet currency (fx_rate_missing); still pending' },
        402: { description: 'The wallet cannot pay the fee (required, available, currency); still pending' },
        503: { description: 'pricing_unavailable: no exchange rate converts a fee into the wallet currency yet; still pending' },
        404: NOT_FOUND,
        409: NOT_PENDING,
      },
      handler: async ({ params }) => json(200, adminSenderIdView(unwrap(await useCases.approveSenderId.execute({ id: params.id })))),
    }),
    defineRoute({
      method: 'post',
      path: '/api/admin/sender-ids/:id/reject',
      aliases: alsoUnderV1('/api/admin/sender-ids/:id/reject'),
      summary: 'Reject a pending request with a reason the customer sees; nothing is charged',
      tag: 'Admin',
      access: ADMIN,
      params: idParams,
      body: z.strictObject({ reason: z.string().min(1).max(SENDER_ID_REJECTION_REASON_MAX_LENGTH) }),
      responses: { 200: { description: 'The rejected request', schema: adminSenderIdSchema }, 404: NOT_FOUND, 409: NOT_PENDING },
      handler: async ({ params, body }) => {
        const result = await useCases.rejectSenderId.execute({ id: params.id, reason: body.reason });
        return json(200, adminSenderIdView(unwrap(result)));
      },
    }),
  ];
}
