/**
 * Told, after it committed, that a top-up credited an account's wallet: products that wait on money
 * (two-way fees past due) retry at once instead of at their next scheduled attempt.
 */
export interface TopUpFollowers {
  credited(accountId: string): Promise<void>;
}
