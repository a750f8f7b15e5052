import type { SendOtpError, SendOtpInput, SentOtp } from '@tuma/messaging';
import type { ResultAsync } from '@tuma/kernel';

/**
 * Sends a code's SMS: messaging's `SendOtpMessage` (priced, charged, stored masked and submitted at
 * once), or a fake in tests.
 */
export interface OtpSender {
  send(input: SendOtpInput): ResultAsync<SentOtp, SendOtpError>;
}
