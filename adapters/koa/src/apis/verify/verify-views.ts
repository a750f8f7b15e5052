import { VERIFICATION_STATUSES, type VerificationState, type VerifyAppSnapshot } from '@tuma/verification';
import { z } from 'zod';

export const verificationSchema = z.object({
  id: z.string().meta({ examples: ['ver_01JDZ8Q4M5N6P7R8S9T0V1W2X3'] }),
  status: z.enum(VERIFICATION_STATUSES),
  to: z.string().describe('E.164'),
  app_id: z.string(),
  channel: z.literal('sms'),
  expires_at: z.string().describe("When the latest code stops working (a resend's code lives the app's TTL from its send)"),
  attempts_left: z.number().int(),
  sends_left: z.number().int(),
  cost: z.number().describe("What the verification's SMS cost, in the wallet currency (test keys: what it would have cost; refunded SMS count 0)"),
  currency: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** A start or resend answer; `sandbox_code` for test keys only. */
export const startedSchema = verificationSchema.extend({
  sandbox_code: z.string().optional().describe('Test keys only: the code, since no SMS is sent'),
});

export const checkedSchema = z.object({ id: z.string(), status: z.enum(VERIFICATION_STATUSES), valid: z.boolean(), attempts_left: z.number().int() });

export const verificationView = (state: VerificationState): z.infer<typeof verificationSchema> => {
  const v = state.verification;
  return {
    id: v.id,
    status: state.status,
    to: v.to,
    app_id: v.appId,
    channel: v.channel,
    expires_at: v.expiresAt.toISOString(),
    attempts_left: state.attemptsLeft,
    sends_left: state.sendsLeft,
    cost: v.cost.toNumber(),
    currency: v.cost.currency,
    created_at: v.createdAt.toISOString(),
    updated_at: v.updatedAt.toISOString(),
  };
};

export const startedView = (state: VerificationState & { readonly sandboxCode: string | null }): z.infer<typeof startedSchema> => ({
  ...verificationView(state),
  ...(state.sandboxCode === null ? {} : { sandbox_code: state.sandboxCode }),
});

export const verifyAppSchema = z.object({
  id: z.string().meta({ examples: ['vera_01JDZ8Q4M5N6P7R8S9T0V1W2X3'] }),
  name: z.string(),
  brand: z.string(),
  template: z.string(),
  code_length: z.number().int(),
  ttl_seconds: z.number().int(),
  max_check_attempts: z.number().int(),
  max_sends: z.number().int(),
  resend_cooldown_seconds: z.number().int(),
  allowed_countries: z.array(z.string()),
  sender_id: z.string().nullable(),
  is_default: z.boolean().describe('The app a start without app_id uses'),
  created_at: z.string(),
  updated_at: z.string(),
});

export const verifyAppView = (app: VerifyAppSnapshot): z.infer<typeof verifyAppSchema> => ({
  id: app.id,
  name: app.name,
  brand: app.brand,
  template: app.template,
  code_length: app.codeLength,
  ttl_seconds: app.policy.ttlSeconds,
  max_check_attempts: app.policy.maxCheckAttempts,
  max_sends: app.policy.maxSends,
  resend_cooldown_seconds: app.policy.resendCooldownSeconds,
  allowed_countries: [...app.allowedCountries],
  sender_id: app.senderId,
  is_default: app.isDefault,
  created_at: app.createdAt.toISOString(),
  updated_at: app.updatedAt.toISOString(),
});
