import { renderTagList } from './tag-list.ts';

/** The records a domain asks for, each with its job (docs/mail.md, "Records"). */
export const RECORD_PURPOSES = ['spf', 'dkim', 'return_path_mx', 'return_path_spf', 'dmarc'] as const;
export type RecordPurpose = (typeof RECORD_PURPOSES)[number];

/** A domain is verified when these are: the rest are reported, and help delivery, but are not needed to send. */
export const REQUIRED_PURPOSES: readonly RecordPurpose[] = ['spf', 'dkim'];

/** The kernel's `DnsRecordType` (the DNS port is shared with links). */
export type { DnsRecordType as RecordType } from '@tuma/kernel';
import type { DnsRecordType as RecordType } from '@tuma/kernel';

/** A record to publish, exactly as the DNS zone should hold it. */
export interface DnsRecord {
  readonly purpose: RecordPurpose;
  readonly type: RecordType;
  /** Fully qualified, no trailing dot. */
  readonly host: string;
  readonly value: string;
  /** MX only. */
  readonly priority: number | null;
  readonly required: boolean;
}

/** The operator's side of the records (docs/mail.md, "Configuration"). */
export interface MailDnsSettings {
  /** The host whose SPF lists the sending servers; customers `include:` it (`MAIL_SPF_INCLUDE`). */
  readonly spfInclude: string;
  /** The server taking bounces for the return-path subdomains (`MAIL_BOUNCE_MX`). */
  readonly bounceMx: string;
}

export const DEFAULT_MAIL_DNS: MailDnsSettings = { spfInclude: '_spf.tuma.local', bounceMx: 'feedback.tuma.local' };

/** The subdomain of the envelope sender (Return-Path), so bounces come to us without touching the domain's own MX. */
export const RETURN_PATH_LABEL = 'bounces';
const BOUNCE_MX_PRIORITY = 10;

export interface DomainDkim {
  readonly selector: string;
  /** Base64 of the DER SubjectPublicKeyInfo: DKIM's `p=`. */
  readonly publicKey: string;
}

export const returnPathHost = (name: string): string => `${RETURN_PATH_LABEL}.${name}`;
export const dkimHost = (name: string, selector: string): string => `${selector}._domainkey.${name}`;
export const spfValue = (settings: MailDnsSettings): string => `v=spf1 include:${settings.spfInclude} ~all`;
export const dkimValue = (publicKey: string): string => renderTagList([['v', 'DKIM1'], ['k', 'rsa'], ['p', publicKey]]);

/** Every record the domain asks for, in the order a customer publishes them. */
export function recordsFor(name: string, dkim: DomainDkim, settings: MailDnsSettings): readonly DnsRecord[] {
  const txt = (purpose: RecordPurpose, host: string, value: string): DnsRecord => ({ purpose, type: 'TXT', host, value, priority: null, required: REQUIRED_PURPOSES.includes(purpose) });
  return [
    txt('spf', name, spfValue(settings)),
    txt('dkim', dkimHost(name, dkim.selector), dkimValue(dkim.publicKey)),
    { purpose: 'return_path_mx', type: 'MX', host: returnPathHost(name), value: settings.bounceMx, priority: BOUNCE_MX_PRIORITY, required: false },
    txt('return_path_spf', returnPathHost(name), spfValue(settings)),
    // A start: reports only, so that the customer sees who sends as them before enforcing.
    txt('dmarc', `_dmarc.${name}`, 'v=DMARC1; p=none;'),
  ];
}
