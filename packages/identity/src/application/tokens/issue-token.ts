import { sha256Hex } from '@tuma/kernel';
import { newTokenSecret, oneTimeToken, type TokenPurpose } from '../../domain/tokens/one-time-token.ts';
import type { TokenStore } from './token-store.port.ts';

/** Stores a new token's hash for `subject` and gives back the secret itself, which only the mail carries. */
export async function issueToken(tokens: TokenStore, purpose: TokenPurpose, subject: string, now: Date): Promise<string> {
  const secret = newTokenSecret();
  await tokens.add(oneTimeToken(purpose, subject, await sha256Hex(secret), now));
  return secret;
}
