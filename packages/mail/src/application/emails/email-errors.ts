import type { DomainError } from '@tuma/kernel';

/** `from` is neither on a verified domain of the account nor a confirmed sender address of it (403). */
export interface DomainNotVerifiedError extends DomainError {
  readonly type: 'domain_not_verified';
  readonly domain: string;
}

export const domainNotVerified = (domain: string): DomainNotVerifiedError => ({
  type: 'domain_not_verified',
  domain,
  message: `${domain} is not a verified domain of this account, nor is the address a confirmed sender address: verify the domain's DNS records, or confirm the address, before sending from it`,
});
