/**
 * What else fails with a message its sender was to submit and never did (an OTP whose process
 * died): told by the unsent-message guard, in its unit of work, of the messages it failed. Verify
 * fails their verifications, so that their starts can be tried again.
 */
export interface UnsentMessageFollowers {
  unsent(messageIds: readonly string[]): Promise<void>;
}
