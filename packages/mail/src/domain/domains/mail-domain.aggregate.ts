import { err, ok, type Result } from '@tuma/kernel';
import { RECORD_PURPOSES, recordsFor, REQUIRED_PURPOSES, returnPathHost, type DnsRecord, type MailDnsSettings, type RecordPurpose } from './dns-records.ts';
import type { DomainName } from './domain-name.value-object.ts';
import { dnsRecordsNotFound, type DnsRecordsNotFoundError } from './mail-domain-errors.ts';
import type { RecordStatus } from './record-checks.ts';
import type { Region } from './regions.ts';

/** `pending` until a check finds SPF and DKIM; `failed` when the last check did not. */
export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

export type RecordStatuses = Readonly<Record<RecordPurpose, RecordStatus>>;

export interface MailDomainSnapshot {
  /** `dom_...` */
  readonly id: string;
  readonly accountId: string;
  /** Lower-case ASCII (DomainName). */
  readonly name: string;
  readonly region: Region;
  readonly status: DomainStatus;
  readonly recordStatuses: RecordStatuses;
  readonly openTracking: boolean;
  readonly clickTracking: boolean;
  readonly dkimSelector: string;
  /** Base64 DER SubjectPublicKeyInfo (the DKIM record's `p=`). */
  readonly dkimPublicKey: string;
  /** The private key as `DkimKeys` sealed it: never in the clear outside a send. */
  readonly dkimPrivateKeySealed: string;
  /** The last check of the records; null before any. */
  readonly checkedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A record to publish and how the last check found it. */
export interface DomainRecord extends DnsRecord {
  readonly status: RecordStatus;
}

export interface DomainKey {
  readonly selector: string;
  readonly publicKey: string;
  readonly sealedPrivateKey: string;
}

const allPending = Object.fromEntries(RECORD_PURPOSES.map((purpose) => [purpose, 'pending'])) as RecordStatuses;

/**
 * A domain an account sends mail from (docs/mail.md, "Domains"):
 *
 *   add ------------------------------------> pending (every record pending)
 *   check: SPF and DKIM verified -----------> verified
 *   check: either not found or invalid -----> failed (publish, check again)
 *   check: DNS failed for the missing ones --> unchanged (nothing was learned)
 *
 * Every check replaces the records' statuses: a verified domain whose records went away fails.
 */
export class MailDomain {
  private constructor(private state: MailDomainSnapshot) {}

  static add(input: { readonly id: string; readonly accountId: string; readonly name: DomainName; readonly region: Region; readonly key: DomainKey }, now: Date): MailDomain {
    return new MailDomain({
      id: input.id,
      accountId: input.accountId,
      name: input.name.value,
      region: input.region,
      status: 'pending',
      recordStatuses: allPending,
      openTracking: false,
      clickTracking: false,
      dkimSelector: input.key.selector,
      dkimPublicKey: input.key.publicKey,
      dkimPrivateKeySealed: input.key.sealedPrivateKey,
      checkedAt: null,
      createdAt: now,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: MailDomainSnapshot): MailDomain {
    return new MailDomain(snapshot);
  }

  /** The records to publish, as the operator's settings have them now, with their last statuses. */
  records(settings: MailDnsSettings): readonly DomainRecord[] {
    const { name, dkimSelector: selector, dkimPublicKey: publicKey } = this.state;
    return recordsFor(name, { selector, publicKey }, settings).map((record) => ({ ...record, status: this.state.recordStatuses[record.purpose] }));
  }

  /** Takes a check's findings; an error names the required records it did not find. */
  checked(statuses: RecordStatuses, settings: MailDnsSettings, now: Date): Result<void, DnsRecordsNotFoundError> {
    const missing = REQUIRED_PURPOSES.filter((purpose) => statuses[purpose] !== 'verified');
    const learned = missing.some((purpose) => statuses[purpose] !== 'temporary_failure');
    const status: DomainStatus = missing.length === 0 ? 'verified' : learned ? 'failed' : this.state.status;
    this.update({ recordStatuses: statuses, status, checkedAt: now }, now);
    if (missing.length === 0) return ok(undefined);
    const hosts = new Map(this.records(settings).map((record) => [record.purpose, record.host]));
    return err(dnsRecordsNotFound(missing.map((purpose) => ({ purpose, host: hosts.get(purpose)!, status: statuses[purpose] }))));
  }

  track(changes: { readonly openTracking?: boolean; readonly clickTracking?: boolean }, now: Date): void {
    this.update({ openTracking: changes.openTracking ?? this.state.openTracking, clickTracking: changes.clickTracking ?? this.state.clickTracking }, now);
  }

  /** The envelope sender of an email: on the return-path subdomain, named after the email, so a bounce says which one it was (VERP). */
  returnPath(emailId: string): string {
    return `${emailId.toLowerCase()}@${returnPathHost(this.state.name)}`;
  }

  toSnapshot(): MailDomainSnapshot {
    return this.state;
  }

  private update(changes: Partial<MailDomainSnapshot>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now };
  }
}
