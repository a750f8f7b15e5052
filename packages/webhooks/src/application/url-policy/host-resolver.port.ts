import type { Result } from '@tuma/kernel';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Looks names up the way connections would (A and AAAA records, hosts file). */
export interface HostResolver {
  /** Every address of the name, or why it has none (`ENOTFOUND`). */
  resolve(host: string): Promise<Result<readonly ResolvedAddress[], string>>;
}
