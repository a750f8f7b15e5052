import type { DomainError } from '@tuma/kernel';

/** The hostname is already registered, by this account or another (409; spec: Errors). */
export interface HostnameTakenError extends DomainError {
  readonly type: 'hostname_taken';
  readonly hostname: string;
}

/** The verification TXT record is not there yet (400; spec: Errors), or DNS did not answer (`reason`). */
export interface TxtRecordNotFoundError extends DomainError {
  readonly type: 'txt_record_not_found';
  /** The record to publish: `_svc-links.<hostname> TXT <verify_token>`. */
  readonly txtRecord: string;
  /** `not_found`, or `dns_failed` when DNS gave no answer (try again). */
  readonly reason: 'not_found' | 'dns_failed';
}

export const hostnameTaken = (hostname: string): HostnameTakenError => ({ type: 'hostname_taken', hostname, message: `The hostname ${hostname} is already registered` });

export const txtRecordNotFound = (txtRecord: string, reason: TxtRecordNotFoundError['reason']): TxtRecordNotFoundError => ({
  type: 'txt_record_not_found',
  txtRecord,
  reason,
  message: reason === 'not_found' ? `TXT record not found yet: publish ${txtRecord}, then verify again` : `DNS did not answer for the TXT record (${txtRecord}): verify again later`,
});
