/** Where a sender-ID request stands: `pending` on request, then `approved` (fee charged) or `rejected`. */
export const SENDER_ID_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SenderIdStatus = (typeof SENDER_ID_STATUSES)[number];
