import type { ConflictError } from '@tuma/kernel';
import type { SenderIdStatus } from './sender-id-status.ts';

/** The account already holds the name, pending or approved, in some of the requested countries. */
export interface SenderIdTakenError extends ConflictError {
  readonly resource: 'sender_id';
  /** The requested countries where the name is already held. */
  readonly countries: readonly string[];
}

/** Only a pending request can be approved or rejected. */
export interface SenderIdNotPendingError extends ConflictError {
  readonly resource: 'sender_id';
}

export const senderIdTaken = (name: string, countries: readonly string[]): SenderIdTakenError => ({
  type: 'conflict',
  resource: 'sender_id',
  countries,
  message: `Sender ID ${name} is already requested or approved for ${countries.join(', ')}`,
});

export const senderIdNotPending = (id: number, status: SenderIdStatus, action: 'approve' | 'reject'): SenderIdNotPendingError => ({
  type: 'conflict',
  resource: 'sender_id',
  message: `Sender ID request ${id} is ${status}: only pending requests can be ${action === 'approve' ? 'approved' : 'rejected'}`,
});
