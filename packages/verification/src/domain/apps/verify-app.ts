import { err, fieldError, ok, type Result, type ValidationError } from '@tuma/kernel';
import type { OtpPolicy } from '../verifications/verification.aggregate.ts';
import { checkOtpTemplate } from './otp-text.ts';

/** Verify App settings (docs/verify.md, "Apps"): a brand, a template and the OTP policy. */
export interface VerifyAppSettings {
  readonly name: string;
  /** 1-30 characters: `{{brand}}` in the template. */
  readonly brand: string;
  readonly template: string;
  /** Digits of each code: 4-10. */
  readonly codeLength: number;
  readonly policy: OtpPolicy;
  /** ISO alpha-2 codes where codes may go; empty: every routable country. */
  readonly allowedCountries: readonly string[];
  /** An approved sender ID for the SMS; null: the route's default. */
  readonly senderId: string | null;
}

export interface VerifyAppSnapshot extends VerifyAppSettings {
  readonly id: string;
  readonly accountId: string;
  /** The app a start without `app_id` uses: one per account, made on first use. */
  readonly isDefault: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const VERIFY_APP_LIMITS = {
  brand: { min: 1, max: 30 },
  name: { min: 1, max: 80 },
  template: { max: 500 },
  codeLength: { min: 4, max: 10 },
  ttlSeconds: { min: 60, max: 3600 },
  maxCheckAttempts: { min: 1, max: 10 },
  maxSends: { min: 1, max: 10 },
  resendCooldownSeconds: { min: 0, max: 3600 },
} as const;

/** What an app gets for each setting left out (Twilio Verify's: 10 minutes, 5 checks, 5 sends). */
export const VERIFY_APP_DEFAULTS: VerifyAppSettings = {
  name: 'Default',
  brand: 'Verify',
  template: 'Your {{brand}} code is {{code}}. It expires in {{minutes}} minutes.',
  codeLength: 6,
  policy: { ttlSeconds: 600, maxCheckAttempts: 5, maxSends: 5, resendCooldownSeconds: 30 },
  allowedCountries: [],
  senderId: null,
};

/** Minutes a code lives, as `{{minutes}}` shows it. */
export const ttlMinutes = (ttlSeconds: number): number => Math.ceil(ttlSeconds / 60);

/** Checks what the schema cannot: the template rendered with this brand, code length and TTL. */
export function checkVerifyAppSettings(settings: VerifyAppSettings): Result<VerifyAppSettings, ValidationError> {
  if (settings.brand.trim().length === 0) return err(fieldError('brand', 'The brand must not be blank'));
  return checkOtpTemplate(settings.template, { brand: settings.brand, minutes: ttlMinutes(settings.policy.ttlSeconds), codeLength: settings.codeLength }).andThen(() =>
    ok(settings),
  );
}
