import type { DomainError } from '@tuma/kernel';

/** `from` is not on a verified domain of the account (403). */
export interface DomainNotVerifiedError extends DomainError {
  readonly type: 'domain_not_verified';
  readonly domain: string;
}

export const domainNotVerified = (domain: string): DomainNotVerifiedError => ({
  type: 'domain_not_verified',
  domain,
  message: `${domain} is not a verified domain of this account: add it and verify its DNS records before sending from it`,
});
