export const SERVICE_STATUSES = ['pending', 'active', 'past_due', 'suspended', 'rejected', 'cancelled'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** A final status is never left; a service in one holds no number or keyword. */
export const FINAL_STATUSES: ReadonlySet<ServiceStatus> = new Set(['rejected', 'cancelled']);

/** Approved and not ended: holds its short code or keyword and pays its monthly fee. */
export const LIVE_APPROVED_STATUSES: ReadonlySet<ServiceStatus> = new Set(['active', 'past_due', 'suspended']);

export const SERVICE_TYPES = ['dedicated', 'shared'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Why a service is suspended: the operator's decision, or a fee unpaid for the grace period. */
export type SuspensionReason = 'operator' | 'non_payment';
