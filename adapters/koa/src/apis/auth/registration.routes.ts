import type { Identity } from '@tuma/identity';
import { z } from 'zod';
import { clientAddress } from '../../http/rate-limit.ts';
import { defineRoute, json, noContent, type RouteDefinition } from '../../http/route.ts';
import { unwrap } from '../../http/unwrap.ts';
import { rateLimitedResponse, userSchema, userView } from './identity-views.ts';

export type RegistrationUseCases = Pick<Identity, 'registerUser' | 'verifyEmail' | 'resendVerification' | 'forgotPassword' | 'resetPassword'>;

const PUBLIC = { public: true } as const;
const TAG = 'Users';

const email = z.string().min(1).max(254).describe('Trimmed and lower-cased: one user per address').meta({ examples: ['amina@duka.co.ke'] });
/** The policy (10-128 characters, not a common password, not the address) is the domain's; this only bounds the input. */
const newPassword = z.string().min(1).max(1024).describe('10 to 128 characters; not a commonly used password, nor the email address');
const mailedToken = z.string().min(1).max(200).describe('The token of the mailed link');

/** Known and unknown addresses alike: the same status and body, whatever is mailed (docs/accounts.md, "Enumeration"). */
const ACCEPTED = { description: 'Accepted: a mail goes out if the address has a user who can use it', schema: z.object({ message: z.string() }) };
const accepted = (message: string) => json(202, { message });

const INVALID_TOKEN = { description: 'invalid_token: unknown, used or expired link', errorCodes: ['invalid_token'], errorFields: { purpose: z.string() } };

/**
 * The account service's routes before sign-in: registration, email verification and password
 * reset (docs/accounts.md). All public; none tells whether an address has a user.
 */
export function registrationRoutes(useCases: RegistrationUseCases, options: { readonly trustedProxyHops: number }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/register',
      summary: 'Register a user and open their account (with its wallet), the user its owner; a verification link is mailed',
      tag: TAG,
      access: PUBLIC,
      body: z.object({
        email,
        password: newPassword,
        name: z.string().max(1000).nullable().optional(),
        company: z.string().max(1000).nullable().optional(),
      }),
      responses: {
        201: {
          description: 'Registered. An address that has a user already gets this same answer (its owner is mailed instead, nothing is created)',
          schema: z.object({ user: userSchema, account: z.object({ id: z.string().describe('acc_...') }) }),
        },
        429: rateLimitedResponse('this client address has too many password hashes waiting (one runs at a time per address)'),
      },
      handler: async ({ body, koa }) => {
        const registration = unwrap(await useCases.registerUser.execute({ ...body, ip: clientAddress(koa, options.trustedProxyHops) }));
        return json(201, { user: userView(registration.user), account: { id: registration.account.id } });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/verify-email',
      summary: "Verify the user's email address with the mailed token (24 hours, once)",
      tag: TAG,
      access: PUBLIC,
      body: z.object({ token: mailedToken }),
      responses: { 200: { description: 'Verified', schema: z.object({ user: userSchema }) }, 400: INVALID_TOKEN },
      handler: async ({ body }) => json(200, { user: userView(unwrap(await useCases.verifyEmail.execute(body.token))) }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/verify-email/resend',
      summary: 'Mail a new verification link (earlier ones keep working until they expire)',
      tag: TAG,
      access: PUBLIC,
      body: z.object({ email }),
      responses: { 202: ACCEPTED },
      handler: async ({ body }) => {
        unwrap(await useCases.resendVerification.execute(body.email));
        return accepted('If this address has a user waiting for verification, a new link is on its way');
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/password/forgot',
      summary: 'Mail a password reset link (one hour, once; it voids the links mailed before it)',
      tag: TAG,
      access: PUBLIC,
      body: z.object({ email }),
      responses: { 202: ACCEPTED },
      handler: async ({ body }) => {
        unwrap(await useCases.forgotPassword.execute(body.email));
        return accepted('If this address has a user, a reset link is on its way');
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/password/reset',
      summary: 'Choose a new password with the mailed token: every session of the user ends, and the address counts as verified',
      tag: TAG,
      access: PUBLIC,
      body: z.object({ token: mailedToken, password: newPassword }),
      responses: { 204: { description: 'Changed: sign in with the new password' }, 400: INVALID_TOKEN, 422: { description: 'The new password is refused (details say why); the link stays good' } },
      handler: async ({ body }) => {
        unwrap(await useCases.resetPassword.execute(body));
        return noContent();
      },
    }),
  ];
}
