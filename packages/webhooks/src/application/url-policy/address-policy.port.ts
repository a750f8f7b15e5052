/** The address rule of webhook destinations (the ranges of `BLOCKED_IPV4_RANGES` and `BLOCKED_IPV6_RANGES`). */
export interface AddressPolicy {
  /** Why a webhook may not connect to the address (`a private address (10.0.0.0/8)`), or undefined when it may. */
  blockedReason(address: string, family: 4 | 6): string | undefined;
}
