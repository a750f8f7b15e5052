import type { Suppression } from '../../domain/suppressions/suppression.ts';

/** `GET /suppressions`: newest first; `after` (a suppression id, the cursor) or `offset` pages through. */
export interface SuppressionQuery {
  readonly accountId: string;
  readonly after?: string;
  readonly offset?: number;
  readonly limit: number;
}

/** Each account's suppressed addresses, once each. */
export interface SuppressionList {
  /** Adds the address unless the account has it already (the first reason stays); answers whether it was added. */
  add(suppression: Suppression): Promise<boolean>;
  /** Which of `emails` (lower-case) the account has suppressed. */
  suppressed(accountId: string, emails: readonly string[]): Promise<ReadonlySet<string>>;
  list(query: SuppressionQuery): Promise<readonly Suppression[]>;
  /** Takes the address off the list; answers whether it was on it. */
  remove(accountId: string, email: string): Promise<boolean>;
}
