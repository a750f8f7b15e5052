import { GroupCommit, groupBy, type GroupCommitOptions } from '@tuma/kernel';
import type { MailDomainSnapshot } from '../../domain/domains/mail-domain.aggregate.ts';
import { Email, type EmailSnapshot } from '../../domain/emails/email.aggregate.ts';
import type { SenderAddressSnapshot } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { MailDomainRepository } from '../domains/mail-domain.repository.port.ts';
import type { SenderAddressRepository } from '../sender-addresses/sender-address.repository.port.ts';
import type { SuppressionList } from '../suppressions/suppression-list.port.ts';
import type { EmailRepository } from './email.repository.port.ts';

/** What a delivery job reads before its email leaves. */
export interface DeliveryRead {
  readonly email: EmailSnapshot;
  /** Its recipients on the account's suppression list now (lower-case). */
  readonly suppressed: ReadonlySet<string>;
  /** Its verified domain (none when it went away, or when the email is from a sender address). */
  readonly domain: MailDomainSnapshot | undefined;
  /** Its sender address, for an email without a domain (none when it went away). */
  readonly senderAddress: SenderAddressSnapshot | undefined;
}

/** Delivery jobs' reads gathered into one batch, at most. */
const READS_BATCH_MAX = 64;

/**
 * The reads of concurrent delivery jobs gathered (group commit): one statement for their emails,
 * one suppression look-up per account and one read per domain or sender address of the batch,
 * where each job alone made four (`npm run bench mail-send`).
 */
export class DeliveryReads {
  private readonly batches: GroupCommit<string, DeliveryRead | undefined>;

  constructor(
    private readonly emails: EmailRepository,
    private readonly domains: MailDomainRepository,
    private readonly suppressions: SuppressionList,
    private readonly senderAddresses: SenderAddressRepository,
    gathering: Omit<GroupCommitOptions, 'maxBatch'> = {},
  ) {
    this.batches = new GroupCommit((ids) => this.readAll(ids), { maxBatch: READS_BATCH_MAX, ...gathering });
  }

  /** None when the email is gone or no longer awaits delivery (cancelled, or taken by the relay on an earlier attempt). */
  read(emailId: string): Promise<DeliveryRead | undefined> {
    return this.batches.submit(emailId);
  }

  private async readAll(ids: readonly string[]): Promise<(DeliveryRead | undefined)[]> {
    const pending = (await this.emails.findByIds([...new Set(ids)])).filter((email) => Email.rehydrate(email).awaitsDelivery);
    const suppressed = new Map<string, ReadonlySet<string>>();
    for (const [accountId, emails] of groupBy(pending, (email) => email.accountId)) {
      suppressed.set(accountId, await this.suppressions.suppressed(accountId, [...new Set(emails.flatMap((email) => Email.rehydrate(email).recipients))]));
    }
    const domains = new Map<string, MailDomainSnapshot | undefined>();
    const senderAddresses = new Map<string, SenderAddressSnapshot | undefined>();
    for (const email of pending) {
      const key = senderKey(email);
      if (email.domainId !== null && !domains.has(key)) domains.set(key, await this.domains.find(email.accountId, email.domainId));
      if (email.domainId === null && !senderAddresses.has(key)) senderAddresses.set(key, await this.senderAddresses.findByEmail(email.accountId, email.from.address.toLowerCase()));
    }
    const byId = new Map(pending.map((email) => [email.id, email]));
    return ids.map((id) => {
      const email = byId.get(id);
      if (!email) return undefined;
      const key = senderKey(email);
      return { email, suppressed: suppressed.get(email.accountId)!, domain: domains.get(key), senderAddress: senderAddresses.get(key) };
    });
  }
}

/** The account and what it sends from: a domain's id, or a sender address. */
const senderKey = (email: EmailSnapshot): string => `${email.accountId} ${email.domainId ?? email.from.address.toLowerCase()}`;
