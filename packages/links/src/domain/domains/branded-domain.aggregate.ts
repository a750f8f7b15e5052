import { newId, randomBase62, txtText, type DnsAnswer } from '@tuma/kernel';

/** Where the verification record goes: `_svc-links.<hostname>` (spec: Branded domain). */
export const VERIFY_RECORD_PREFIX = '_svc-links.';

export interface BrandedDomainSnapshot {
  /** `bdm_` + ULID. */
  readonly id: string;
  readonly accountId: string;
  /** Lower case, ASCII (punycode for IDNs), no trailing dot: unique across every account. */
  readonly hostname: string;
  /** What the TXT record at `_svc-links.<hostname>` must say. */
  readonly verifyToken: string;
  readonly verified: boolean;
  /** A certificate is served for it (the `TlsProvisioner`'s answer after verification). */
  readonly tlsReady: boolean;
  readonly verifiedAt: Date | null;
  readonly createdAt: Date;
}

/** What the TXT lookup found: the token, nothing of it yet, or no answer from DNS. */
export type TxtCheck = 'found' | 'not_found' | 'dns_failed';

/**
 * A customer's own short domain (spec: Branded domain; docs/links.md, "Branded domains"): pending
 * until the TXT record `_svc-links.<hostname>` holds its token, then verified (for good: the record
 * is not checked again), then TLS-ready once a certificate is served for it.
 */
export class BrandedDomain {
  private constructor(private state: BrandedDomainSnapshot) {}

  static create(input: { readonly accountId: string; readonly hostname: string }, now: Date): BrandedDomain {
    return new BrandedDomain({
      id: newId('bdm', now),
      accountId: input.accountId,
      hostname: input.hostname,
      verifyToken: `svc-links-verify=${randomBase62(32)}`,
      verified: false,
      tlsReady: false,
      verifiedAt: null,
      createdAt: now,
    });
  }

  static rehydrate(snapshot: BrandedDomainSnapshot): BrandedDomain {
    return new BrandedDomain(snapshot);
  }

  /** The host of the verification record. */
  get recordHost(): string {
    return `${VERIFY_RECORD_PREFIX}${this.state.hostname}`;
  }

  /** `_svc-links.<hostname> TXT <verify_token>`, as the spec writes it. */
  get txtRecord(): string {
    return `${this.recordHost} TXT ${this.state.verifyToken}`;
  }

  /** Whether DNS answered the token at the record's host (one of its TXT records, its strings joined, spaces around ignored). */
  check(answer: DnsAnswer): TxtCheck {
    if (answer.kind === 'failed') return 'dns_failed';
    if (answer.kind !== 'txt') return 'not_found';
    return answer.records.some((strings) => txtText(strings).trim() === this.state.verifyToken) ? 'found' : 'not_found';
  }

  verify(now: Date): void {
    if (!this.state.verified) this.state = { ...this.state, verified: true, verifiedAt: now };
  }

  tls(ready: boolean): void {
    this.state = { ...this.state, tlsReady: ready };
  }

  toSnapshot(): BrandedDomainSnapshot {
    return this.state;
  }
}
