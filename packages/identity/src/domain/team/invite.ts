import { newId } from '@tuma/kernel';
import { TOKEN_LIFETIME_MS } from '../tokens/one-time-token.ts';
import type { InvitableRole } from './roles.ts';

/** An invitation to join an account's team, pending until its mailed token is used or it expires. */
export interface InviteSnapshot {
  readonly id: string;
  readonly accountId: string;
  readonly email: string;
  readonly role: InvitableRole;
  readonly invitedBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export const newInvite = (input: { accountId: string; email: string; role: InvitableRole; invitedBy: string }, now: Date): InviteSnapshot => ({
  id: newId('inv', now),
  ...input,
  createdAt: now,
  expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS.invite),
});
