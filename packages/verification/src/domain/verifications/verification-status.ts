/** Where a verification stands (docs/verify.md, "States"). Every status but `pending` is final. */
export const VERIFICATION_STATUSES = ['pending', 'approved', 'expired', 'max_attempts_reached', 'canceled', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const isFinal = (status: VerificationStatus): boolean => status !== 'pending';
