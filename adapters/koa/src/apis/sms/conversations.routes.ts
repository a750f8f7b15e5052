import type { Principal } from '@tuma/accounts';
import {
  CONVERSATION_LIST_DEFAULT_LIMIT,
  CONVERSATION_LIST_MAX_LIMIT,
  MESSAGE_DIRECTIONS,
  THREAD_DEFAULT_LIMIT,
  THREAD_MAX_LIMIT,
  type ConversationSummary,
  type GetConversation,
  type ListConversations,
  type ThreadMessage,
} from '@tuma/messaging';
import { z } from 'zod';
import { located } from '../../http/located.ts';
import { defineRoute, json, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';

export interface ConversationUseCases {
  readonly listConversations: ListConversations;
  readonly getConversation: GetConversation;
}

const conversationSchema = z.object({
  phone: z.string().describe('E.164'),
  last_text: z.string(),
  last_direction: z.enum(MESSAGE_DIRECTIONS),
  last_at: z.string(),
});

const threadMessageSchema = z.object({
  id: z.string().describe('mo_... (inbound) or msg_... (outbound)'),
  text: z.string(),
  direction: z.enum(MESSAGE_DIRECTIONS),
  status: z.string().describe('received for inbound; the delivery status for outbound'),
  created_at: z.string(),
});

export const conversationView = (c: ConversationSummary): z.infer<typeof conversationSchema> => ({
  phone: c.phone,
  last_text: c.lastText,
  last_direction: c.lastDirection,
  last_at: c.lastAt.toISOString(),
});

export const threadMessageView = (m: ThreadMessage): z.infer<typeof threadMessageSchema> => ({
  id: m.id,
  text: m.text,
  direction: m.direction,
  status: m.status,
  created_at: m.createdAt.toISOString(),
});

const READ = { anyScope: ['query', 'send'] } as const;
const of = (principal: Principal) => ({ accountId: principal.account.id, environment: principal.apiKey.environment });

/** `GET /api/conversations` and `GET /api/conversations/{phone}`. docs/inbound.md. */
export function conversationRoutes(useCases: ConversationUseCases): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/conversations',
      summary: 'Everyone who has replied, newest activity first (live traffic; a test key sees none)',
      tag: 'Conversations',
      access: READ,
      query: z.object({ limit: z.coerce.number().int().min(1).max(CONVERSATION_LIST_MAX_LIMIT).default(CONVERSATION_LIST_DEFAULT_LIMIT) }),
      responses: { 200: { description: 'At most `limit` conversations', schema: z.object({ conversations: z.array(conversationSchema) }) } },
      handler: async ({ principal, query }) => {
        const conversations = unwrap(await useCases.listConversations.execute({ ...of(principal), limit: query.limit }));
        return json(200, { conversations: conversations.map(conversationView) });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/conversations/:phone',
      summary: 'The thread with one number: the newest `limit` messages either way, oldest first',
      tag: 'Conversations',
      access: READ,
      params: z.object({ phone: z.string().min(1).max(64).describe('E.164, URL-encoded (%2B254...); the + may be left out') }),
      query: z.object({ limit: z.coerce.number().int().min(1).max(THREAD_MAX_LIMIT).default(THREAD_DEFAULT_LIMIT) }),
      responses: {
        200: {
          description: 'The thread; empty when the account never exchanged a message with the number',
          schema: z.object({ phone: z.string().describe('E.164'), messages: z.array(threadMessageSchema) }),
        },
        400: { description: 'invalid_phone_number: not a number in international format' },
      },
      handler: async ({ principal, params, query }) => {
        const result = await useCases.getConversation.execute({ ...of(principal), phone: params.phone, limit: query.limit });
        const conversation = unwrap(result.mapErr(located('path')));
        return json(200, { phone: conversation.phone, messages: conversation.messages.map(threadMessageView) });
      },
    }),
  ];
}
