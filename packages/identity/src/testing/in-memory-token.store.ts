import { UndoableMap } from '@tuma/kernel/testing';
import type { OneTimeToken, TokenPurpose } from '../domain/tokens/one-time-token.ts';
import type { TokenStore } from '../application/tokens/token-store.port.ts';

export class InMemoryTokenStore implements TokenStore {
  private readonly rows = new UndoableMap<string, OneTimeToken & { usedAt: Date | null }>();

  async add(token: OneTimeToken): Promise<void> {
    this.rows.set(token.tokenHash, { ...token, usedAt: null });
  }

  async find(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined> {
    const row = this.rows.get(tokenHash);
    if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return undefined;
    const { usedAt: _, ...token } = row;
    return token;
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: Date): Promise<OneTimeToken | undefined> {
    const token = await this.find(purpose, tokenHash, now);
    if (token) this.rows.set(tokenHash, { ...token, usedAt: now });
    return token;
  }

  async revokeAll(purpose: TokenPurpose, subject: string, now: Date): Promise<void> {
    for (const row of this.rows.values()) {
      if (row.purpose === purpose && row.subject === subject && !row.usedAt) this.rows.set(row.tokenHash, { ...row, usedAt: now });
    }
  }
}
