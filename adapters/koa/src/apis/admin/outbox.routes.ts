import { z } from 'zod';
import { alsoUnderV1, defineRoute, json, type RouteDefinition } from '../../http/route.ts';

/** A message the account service kept in its local outbox instead of sending it. */
export interface OutboxMail {
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly createdAt: Date;
}

/** The local outbox, seen from HTTP: the newest messages first. */
export interface MailOutbox {
  list(query: { readonly to?: string; readonly limit: number }): Promise<readonly OutboxMail[]>;
}

const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string().describe('The plain-text body, links (and their tokens) included'),
  html: z.string().optional(),
  created_at: z.string(),
});

const PATH = '/api/admin/outbox';

/**
 * `GET /api/admin/outbox` (operator): the account service's mail (verification, reset, invitation
 * links) kept in the database while no SMTP relay is configured: nothing leaves the machine, and
 * the operator or a test harness reads the links here (docs/accounts.md, "Mail").
 */
export function adminOutboxRoutes(outbox: MailOutbox): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: PATH,
      aliases: alsoUnderV1(PATH),
      summary: "The account service's mail kept in the local outbox, newest first, in clear text",
      tag: 'Outbox',
      access: { anyScope: ['admin'] },
      query: z.object({
        to: z
          .string()
          .max(254)
          .transform((to) => to.trim().toLowerCase())
          .optional()
          .describe('One recipient (compared lower-cased); every one when absent'),
        limit: z.coerce.number().int().min(1).max(100).default(20),
      }),
      responses: { 200: { description: 'The latest messages, newest first', schema: z.object({ messages: z.array(outboxMailSchema) }) } },
      handler: async ({ query }) => {
        const messages = await outbox.list(query);
        return json(200, {
          messages: messages.map((mail) => ({
            id: mail.id,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html === undefined ? {} : { html: mail.html }),
            created_at: mail.createdAt.toISOString(),
          })),
        });
      },
    }),
  ];
}
